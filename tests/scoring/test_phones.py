"""A table's phone reporting in (the ping), what the organiser sees of it (the progress page,
the home, the Generalprobe), the page's manifest and the service worker's script."""

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries, Settings

from scoring import selectors
from scoring.models import TablePhone
from tests.factories import UserFactory
from tests.scoring.helpers import playing_table
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Table

pytestmark = pytest.mark.django_db

PHONE = "a1b2c3d4e5f6"


def ping(table: Table, **data: object) -> int:
    """The phone's ping, as table-link.js sends it (a plain form post, no CSRF token)."""
    client = Client(enforce_csrf_checks=True)
    url = reverse("scoring:table_ping", args=[table.token])
    return client.post(url, {"phone": PHONE, "waiting": 0, **data}).status_code


def two_tables() -> list[Table]:
    """A night of eight players at two tables, play started."""
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=11)
    tournament_services.tournament_start(tournament=tournament)
    return list(Table.objects.filter(tournament=tournament).order_by("number"))


def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def test_a_ping_records_the_phone_its_queue_and_its_round_trip() -> None:
    table = playing_table()

    assert ping(table) == 204
    first = TablePhone.objects.get()
    assert (first.table, first.phone, first.waiting, first.round_trip_ms) == (table, PHONE, 0, None)
    assert ping(table, waiting=2, rtt=87) == 204

    seen = TablePhone.objects.get()
    assert (seen.waiting, seen.round_trip_ms, seen.first_seen) == (2, 87, first.first_seen)
    assert seen.last_seen >= first.last_seen


def test_a_ping_without_a_round_trip_keeps_the_last_one_measured() -> None:
    table = playing_table()
    ping(table, rtt=40)
    ping(table, waiting=1)
    assert TablePhone.objects.values_list("round_trip_ms", "waiting").get() == (40, 1)


def test_a_ping_is_one_read_and_one_upsert(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    table = playing_table()
    ping(table)
    with django_assert_num_queries(2):  # the table's id by its token; INSERT … ON CONFLICT
        assert ping(table, waiting=3, rtt=12) == 204


def test_two_phones_at_one_table_are_two_rows() -> None:
    table = playing_table()
    ping(table)
    Client().post(reverse("scoring:table_ping", args=[table.token]), {"phone": "other-phone-1"})
    assert TablePhone.objects.filter(table=table).count() == 2


@pytest.mark.parametrize(
    "data",
    [{"phone": "short"}, {"phone": "no spaces here"}, {"waiting": "-1"}, {"rtt": "fast"}],
)
def test_a_ping_that_is_none_is_refused(data: dict[str, str]) -> None:
    table = playing_table()
    assert ping(table, **data) == 400
    assert not TablePhone.objects.exists()


def test_a_ping_of_a_link_that_opens_nothing_is_not_found() -> None:
    url = reverse("scoring:table_ping", args=["no-such-table-link"])
    assert Client().post(url, {"phone": PHONE}).status_code == 404
    table = playing_table()
    assert Client().get(reverse("scoring:table_ping", args=[table.token])).status_code == 405


def test_a_ping_cuts_what_no_phone_can_mean() -> None:
    table = playing_table()
    ping(table, waiting=123456, rtt=999999)
    assert TablePhone.objects.values_list("waiting", "round_trip_ms").get() == (999, 60_000)


def test_the_links_say_who_was_seen_what_waits_and_who_went_quiet() -> None:
    table = playing_table()
    now = timezone.now()
    TablePhone.objects.create(
        table=table, phone="old-phone-1", first_seen=now - datetime.timedelta(minutes=30),
        last_seen=now - datetime.timedelta(minutes=5), waiting=1, round_trip_ms=300,
    )  # fmt: skip
    TablePhone.objects.create(
        table=table, phone="new-phone-1", first_seen=now - datetime.timedelta(minutes=2),
        last_seen=now - datetime.timedelta(seconds=30), waiting=2, round_trip_ms=45,
    )  # fmt: skip

    (link,) = selectors.table_links([table], now=now)
    assert (link.phones, link.waiting, link.round_trip_ms) == (2, 3, 45)
    assert link.last_seen == now - datetime.timedelta(seconds=30)
    assert link.first_seen == now - datetime.timedelta(minutes=30)
    assert link.reached
    assert not link.silent
    assert not link.slow
    (later,) = selectors.table_links([table], now=now + datetime.timedelta(seconds=31))
    assert later.silent  # more than SILENT_AFTER (60 s) since the latest phone's ping


def test_a_table_never_reached_has_no_link() -> None:
    table = playing_table()
    (link,) = selectors.table_links([table])
    assert not link.reached
    assert link.last_seen is None
    assert not link.silent


def test_the_progress_page_shows_each_tables_phone() -> None:
    table = playing_table()
    client = organiser()
    url = reverse("scoring:dashboard", args=[table.tournament_id])
    assert "Noch kein Handy" in client.get(url).content.decode()
    at = datetime.datetime(2026, 11, 27, 13, 2, tzinfo=datetime.UTC)  # 14:02 in Berlin
    TablePhone.objects.create(
        table=table, phone=PHONE, first_seen=at, last_seen=at, waiting=2, round_trip_ms=50
    )

    page = client.get(url).content.decode()

    assert "seit 14:02 ohne Verbindung" in page
    assert "2 Spiele warten" in page
    assert reverse("scoring:rehearsal", args=[table.tournament_id]) in page
    ping(table, waiting=0)
    page = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "Handy zuletzt" in page
    assert "ohne Verbindung" not in page
    assert "warten" not in page


def test_the_home_shows_each_tables_phone_in_a_fixed_number_of_queries(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    table = playing_table()
    ping(table, waiting=1, rtt=30)
    client = organiser()
    url = reverse("night:home", args=[table.tournament_id])
    client.get(url)

    # 9: the night's fees are read whole (tournaments.desk.fees), a night without one too.
    with django_assert_num_queries(9) as counted:
        page = client.get(url).content.decode()

    assert "Handy zuletzt" in page
    assert "1 Spiel wartet" in page
    assert any("scoring_tablephone" in query["sql"] for query in counted.captured_queries)


def test_the_home_of_a_night_with_more_tables_and_phones_costs_the_same(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tables = two_tables()
    table = tables[0]
    for number, each in enumerate(tables):
        url = reverse("scoring:table_ping", args=[each.token])
        Client().post(url, {"phone": f"phone-{number:04}"})
    client = organiser()
    url = reverse("night:home", args=[table.tournament_id])
    client.get(url)
    with django_assert_num_queries(9):
        client.get(url)


def test_the_rehearsal_ticks_each_table_reached_and_lists_the_others(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    first, _second = two_tables()
    table = first
    ping(first, rtt=45)
    client = organiser()
    url = reverse("scoring:rehearsal", args=[table.tournament_id])
    client.get(url)

    with django_assert_num_queries(6):  # the tournament, its tables, their phones; the login's 3
        page = " ".join(client.get(url).content.decode().split())

    assert "Generalprobe" in page
    assert "1 von 2 Tischen erreicht." in page
    assert "Tisch 1: Antwort in 45 ms" in page
    assert '<ul class="rehearsal-missing"> <li>Tisch 2</li>' in page
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert partial.startswith('<div id="rehearsal"')


def test_the_rehearsal_needs_the_organiser() -> None:
    table = playing_table()
    assert Client().get(reverse("scoring:rehearsal", args=[table.tournament_id])).status_code == 302


def test_the_manifest_opens_the_tables_own_link() -> None:
    table = playing_table()
    response = Client().get(reverse("scoring:table_manifest", args=[table.token]))
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    link = reverse("scoring:table_entry", args=[table.token])
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == link
    assert manifest["short_name"] == "Tisch 1"
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}


def test_the_service_worker_is_served_at_the_root_never_kept_stale() -> None:
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert 'const TABLE_PREFIX = "/t/";' in script
    assert 'const STATIC_PREFIX = "/static/";' in script
    assert "{%" not in script
    assert "{{" not in script


def test_the_service_worker_is_served_under_the_manifest_storage_of_make_run(
    settings: Settings,
) -> None:
    """Issue 29, finding 1: `make run`'s storage (the files `make prepare` collected) knows
    files only, and ``static("")`` raised there: every /sw.js answered 500
    (tests/project/test_served_app.py serves it as `make run` does)."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert 'const STATIC_PREFIX = "/static/";' in response.content.decode()


def test_the_captain_pages_load_the_phones_script() -> None:
    table = playing_table()
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert f'table-link.js" data-table-token="{table.token}"' in page
