"""The table's pages from its link, and the organiser's live views."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from fipsen_rules import Code, InvalidEntryError, Prisdorf, Violation
from scoring.forms import DealForm
from scoring.models import Deal, DealChange
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.draw.seats import table_token_reissue
from tournaments.ledger.entries import table_totals_refresh
from tournaments.models import Player, Table

pytestmark = pytest.mark.django_db


def _form(client: Client, table: Table) -> dict[str, str]:
    """The hidden fields of the entry form as the page serves them."""
    return _hidden_fields(
        client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    )


def _hidden_fields(page: str) -> dict[str, str]:
    return {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }


def _post(client: Client, table: Table, **fields: object) -> str:
    data = {**_form(client, table), **fields}
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data, follow=True)
    return " ".join(response.content.decode().split())


def test_the_captain_page_shows_the_players_and_the_next_deal() -> None:
    table = playing_table()
    page = " ".join(
        Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode().split()
    )
    for number in range(4):
        assert f"Spieler {number:02d}" in page
    assert "Spiel 1 von 100" in page
    assert "Geber" in page


@pytest.mark.parametrize("token", ["unknown", "x" * 24])
def test_an_unknown_link_opens_nothing(token: str) -> None:
    assert Client().get(reverse("scoring:table_entry", args=[token])).status_code == 404


def test_a_revoked_link_stops_at_once() -> None:
    table = playing_table()
    old = table.token
    table_token_reissue(table=table)
    assert Client().get(reverse("scoring:table_entry", args=[old])).status_code == 404
    assert Client().get(reverse("scoring:table_entry", args=[table.token])).status_code == 200


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_deal_posted_to_an_unknown_or_revoked_link_saves_nothing(htmx: bool) -> None:
    """The save reads the table by its link only under the lock (issue 9): a link that opens
    nothing still answers 404 there, whatever the form holds."""
    table = playing_table()
    old = table.token
    table_token_reissue(table=table)
    deal = {"sequence": 1, "submission": "9c1f0b1e-4f5a-4d47-9d41-0c9d8a3f7a10",
            "declarer": 1, "contract": "3", "result": "won"}  # fmt: skip
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for token in (old, "unknown", "x" * 64):
        url = reverse("scoring:table_entry", args=[token])
        assert Client().post(url, deal, **headers).status_code == 404  # type: ignore[arg-type]
    assert not Deal.objects.exists()


def test_entering_a_deal_shows_it_and_the_new_totals() -> None:
    table = playing_table()
    page = _post(Client(), table, declarer=2, contract="3", hand="on", result="lost")
    assert "Eingetragen:" in page
    assert "3 Hand verloren −12" in page
    assert "Spiel 2 von 100" in page
    assert Deal.objects.get().score == -12


def test_a_rule_breaking_deal_shows_a_german_message_on_its_field() -> None:
    table = playing_table()
    page = _post(Client(), table, declarer=2, contract="kieker", hand="on", result="won")
    assert "Ein Kieker nimmt immer den Skat auf" in page
    assert not Deal.objects.exists()


def test_the_preview_shows_the_value() -> None:
    table = playing_table()
    client = Client()
    data = {**_form(client, table), "declarer": 1, "contract": "4", "ruten": "on", "durch": "on",
            "result": "lost"}  # fmt: skip
    response = client.post(reverse("scoring:table_preview", args=[table.token]), data)
    text = " ".join(response.content.decode().split())
    assert '4 Ruten Durch verloren</span> = <strong class="preview-score">−32</strong>' in text
    assert not Deal.objects.exists()


@pytest.mark.parametrize(
    ("taps", "shown"),
    [
        ({}, 'class="preview preview-hint" role="status"'),  # nothing tapped yet
        ({"declarer": 1, "contract": "kieker"}, 'class="preview preview-hint" role="status"'),
        ({"contract": "3", "result": "won"}, 'class="preview preview-hint" role="status"'),
        (
            {"declarer": 1, "contract": "kieker", "hand": "on", "result": "won"},
            'class="preview preview-problem" role="alert"',  # against the rules: an error
        ),
    ],
)
def test_the_preview_asks_for_what_is_not_tapped_yet_without_an_errors_red(
    taps: dict[str, object], shown: str
) -> None:
    table = playing_table(players=3)
    client = Client()
    data = {**_form(client, table), **taps}
    response = client.post(reverse("scoring:table_preview", args=[table.token]), data)
    assert shown in response.content.decode()


def test_all_passed_previews_as_no_points() -> None:
    table = playing_table()
    client = Client()
    data = {**_form(client, table), "contract": "passed"}
    response = client.post(reverse("scoring:table_preview", args=[table.token]), data)
    text = " ".join(response.content.decode().split())
    assert "alle gepasst – keine Punkte" in text
    assert "+0" not in text


def test_a_hyphen_in_a_name_stays_a_hyphen() -> None:
    table = playing_table()
    Player.objects.filter(name="Spieler 02").update(name="Karl-Heinz Böttcher")
    page = _post(Client(), table, declarer=2, contract="3", hand="on", result="lost")
    assert "Eingetragen: Karl-Heinz Böttcher: 3 Hand verloren −12" in page
    assert DealChange.objects.get().after == "Karl-Heinz Böttcher: 3 Hand verloren −12"


# The captain's screen through htmx: one request per save, answered with the new screen.

HTMX = {"HX-Request": "true"}


def _htmx_post(client: Client, url: str, data: dict[str, object]) -> tuple[int, str]:
    response = client.post(url, data, headers=HTMX)
    return response.status_code, " ".join(response.content.decode().split())


def test_an_htmx_save_answers_with_the_new_screen() -> None:
    table = playing_table()
    client = Client()
    stale = _form(client, table)
    status, screen = _htmx_post(
        client,
        reverse("scoring:table_entry", args=[table.token]),
        {**stale, "declarer": 2, "contract": "3", "result": "won"},
    )
    assert status == 200  # no redirect: the answer is the screen itself
    assert screen.startswith('<div id="table-screen"')
    assert "<html" not in screen
    assert "Eingetragen: Spieler 02: 3 gewonnen +3" in screen
    assert "Spiel 2 von 100" in screen
    assert re.findall(r'class="total-points"[^>]*>(-?\d+)<', screen) == ["0", "0", "3", "0"]
    fresh = _hidden_fields(screen)
    assert fresh["sequence"] == "2"
    assert fresh["submission"] != stale["submission"]
    assert 'name="declarer" id="id_declarer_2" value="2" checked' not in screen  # taps cleared
    assert Deal.objects.get().game == "3 gewonnen"


def test_an_htmx_save_the_rules_refuse_keeps_the_taps_and_says_why() -> None:
    table = playing_table()
    client = Client()
    status, screen = _htmx_post(
        client,
        reverse("scoring:table_entry", args=[table.token]),
        {**_form(client, table), "declarer": 1, "contract": "kieker", "hand": "on",
         "result": "won"},
    )  # fmt: skip
    assert status == 200
    assert 'class="preview preview-problem" role="alert"' in screen
    assert "Ein Kieker nimmt immer den Skat auf" in screen
    # The reason stands right above the save button.
    assert re.search(
        r"Ein Kieker nimmt[^<]*</div> </div> <div class=\"entry-buttons\"> <button type=\"submit\"",
        screen,
    )
    for tap in ('value="1" checked', 'value="kieker" checked', 'name="hand" id="id_hand" checked',
                'value="won" checked'):  # fmt: skip
        assert tap in screen
    assert not Deal.objects.exists()


def test_an_htmx_save_of_a_deal_already_entered_says_so_with_a_fresh_form() -> None:
    table = playing_table()
    first, second = Client(), Client()
    stale = _form(second, table)
    _post(first, table, declarer=1, contract="3", result="won")
    status, screen = _htmx_post(
        second,
        reverse("scoring:table_entry", args=[table.token]),
        {**stale, "declarer": 2, "contract": "2", "result": "won"},
    )
    assert status == 200
    assert "status-error" in screen
    assert "Dieses Spiel ist schon eingetragen: Spieler 01: 3 gewonnen +3." in screen
    assert _hidden_fields(screen)["sequence"] == "2"
    assert Deal.objects.count() == 1


def _send(client: Client, url: str, data: dict[str, object], *, htmx: bool) -> str:
    """The answer to a save from the captain's screen, with htmx or as a plain form (no
    JavaScript), spaces folded; a plain one is answered at once, not redirected."""
    response = client.post(url, data, headers=HTMX if htmx else {})
    assert response.status_code == 200
    page = " ".join(response.content.decode().split())
    assert ("<html" in page) is not htmx  # the whole page without JavaScript
    return page


def _stale_phone_posts(
    taps: dict[str, object], *, htmx: bool = True
) -> tuple[Client, str, dict[str, str], str]:
    """A second phone's form made for deal 1, posted with ``taps`` after the first phone
    entered Spieler 01's 3 gewonnen: the phone, the entry URL, the stale form and the screen."""
    table = playing_table()
    first, second = Client(), Client()
    stale = _form(second, table)
    _post(first, table, declarer=1, contract="3", result="won")
    url = reverse("scoring:table_entry", args=[table.token])
    return second, url, stale, _send(second, url, {**stale, **taps}, htmx=htmx)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-javascript"])
def test_a_different_deal_from_a_stale_phone_keeps_its_taps_for_the_next_deal(htmx: bool) -> None:
    taps = {"declarer": 2, "contract": "4", "ruten": "on", "result": "won"}
    second, url, stale, screen = _stale_phone_posts(taps, htmx=htmx)
    assert "Ein anderes Handy hat es eingetragen." in screen
    assert "Tippen Sie „Spiel 2 eintragen“, um sie zu speichern." in screen
    for tap in ('id="id_declarer_2" value="2" checked', 'value="4" checked',
                'name="ruten" id="id_ruten" checked', 'value="won" checked'):  # fmt: skip
        assert tap in screen, tap
    kept = _hidden_fields(screen)
    assert kept["sequence"] == "2"
    assert kept["submission"] != stale["submission"]
    assert Deal.objects.count() == 1
    # One tap (the save button) enters them as the next deal.
    second.post(url, {**kept, **taps}, headers=HTMX if htmx else {})
    assert Deal.objects.get(sequence=2).game == "4 Ruten gewonnen"


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-javascript"])
def test_the_same_deal_from_a_stale_phone_is_said_to_be_sent_twice(htmx: bool) -> None:
    _second, _url, _stale, screen = _stale_phone_posts(
        {"declarer": 1, "contract": "3", "result": "won"}, htmx=htmx
    )
    assert "Dieses Spiel ist schon genau so eingetragen: Spieler 01: 3 gewonnen +3." in screen
    assert "status-success" in screen
    assert 'value="3" checked' not in screen  # nothing kept: nothing to do
    assert Deal.objects.count() == 1


def test_an_htmx_correction_in_place() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    client = Client()
    url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    screen = " ".join(client.get(url, headers=HTMX).content.decode().split())
    assert screen.startswith('<div id="table-screen"')
    assert "Spiel 1 korrigieren" in screen
    assert reverse("scoring:table_correct_preview", args=[table.token, deal.pk]) in screen
    fields = {"sequence": 1, "submission": deal.submission, "declarer": 1, "contract": "3"}
    status, screen = _htmx_post(client, url, {**fields, "result": "surrendered"})
    assert status == 200
    assert "Spiel 1 korrigieren" in screen
    assert "preview-problem" in screen
    status, screen = _htmx_post(client, url, {**fields, "result": "lost"})
    assert "Korrigiert: Spieler 01: 3 verloren −6" in screen
    assert "Spiel 2 von 100" in screen
    deal.refresh_from_db()
    assert deal.score == -6


def test_the_correction_preview() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    url = reverse("scoring:table_correct_preview", args=[table.token, deal.pk])
    data = {"sequence": 1, "submission": deal.submission, "declarer": 1, "contract": "3",
            "result": "lost"}  # fmt: skip
    text = " ".join(Client().post(url, data).content.decode().split())
    assert '3 verloren</span> = <strong class="preview-score">−6</strong>' in text
    deal.refresh_from_db()
    assert deal.score == 3  # a preview changes nothing


def test_an_htmx_confirmation_answers_with_the_screen() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    url = reverse("scoring:table_confirm", args=[table.token, deal.pk])
    status, screen = _htmx_post(Client(), url, {"seat": 2})
    assert status == 200
    assert screen.startswith('<div id="table-screen"')
    assert 'name="contract"' in screen
    deal.refresh_from_db()
    assert deal.confirmed_by == 2


def test_the_captain_page_keeps_login_and_language_at_the_bottom() -> None:
    table = playing_table()
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert 'class="site-header"' not in page
    footer = page[page.index('<footer class="table-footer">') :]
    assert "Login für die Turnierleitung" in footer
    assert 'class="language-switch"' in footer
    assert page.index('name="contract"') < page.index('<footer class="table-footer">')


def test_a_second_phone_hears_the_deal_is_already_entered() -> None:
    table = playing_table()
    first, second = Client(), Client()
    stale = _form(second, table)
    _post(first, table, declarer=1, contract="3", result="won")
    response = second.post(
        reverse("scoring:table_entry", args=[table.token]),
        {**stale, "declarer": 2, "contract": "2", "result": "won"},
        follow=True,
    )
    text = " ".join(response.content.decode().split())
    assert response.redirect_chain == []  # answered at once: a redirect would lose the taps
    assert "Dieses Spiel ist schon eingetragen:" in text
    assert "3 gewonnen +3. Ein anderes Handy hat es eingetragen." in text
    assert Deal.objects.count() == 1
    # The page holds a new form, for the next deal: it is not stuck on the old one.
    fresh = _hidden_fields(response.content.decode())
    assert fresh["sequence"] == "2"
    assert fresh["submission"] != stale["submission"]
    second.post(
        reverse("scoring:table_entry", args=[table.token]),
        {**fresh, "declarer": 2, "contract": "2", "result": "won"},
    )
    assert Deal.objects.get(sequence=2).game == "2 gewonnen"


def test_the_same_form_posted_twice_is_saved_once() -> None:
    table = playing_table()
    client = Client()
    data = {**_form(client, table), "declarer": 1, "contract": "3", "result": "won"}
    url = reverse("scoring:table_entry", args=[table.token])
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    assert Deal.objects.count() == 1


def test_the_forms_need_the_csrf_token() -> None:
    table = playing_table()
    client = Client(enforce_csrf_checks=True)
    data = {**_form(client, table), "declarer": 1, "contract": "3", "result": "won"}
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert response.status_code == 403
    assert not Deal.objects.exists()


def test_the_captain_corrects_the_last_deal() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    form = Client().get(url).context["form"]
    assert (form["contract"].value(), form["result"].value(), form["declarer"].value()) == (
        "3",
        "won",
        1,
    )
    response = Client().post(
        url,
        {
            "sequence": 1,
            "submission": deal.submission,
            "declarer": 1,
            "contract": "3",
            "result": "lost",
        },
    )
    assert response.status_code == 302  # without JavaScript: its own page, then back
    deal.refresh_from_db()
    assert deal.score == -6


def test_a_table_link_cannot_touch_another_tables_deal() -> None:
    table = playing_table()
    other = playing_table()
    deal = enter(other, 1, "3 +")
    url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    assert Client().get(url).status_code == 404


def test_confirming_on_the_captain_page() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    url = reverse("scoring:table_entry", args=[table.token])
    page = Client().get(url).content.decode()
    assert "bestätigt" in page
    assert "Das letzte Spiel muss erst ein zweiter Spieler bestätigen." in page
    assert 'name="contract"' not in page  # no form to tap on until then
    Client().post(reverse("scoring:table_confirm", args=[table.token, deal.pk]), {"seat": 2})
    deal.refresh_from_db()
    assert deal.confirmed_by == 2
    page = Client().get(url).content.decode()
    assert 'name="contract"' in page
    assert "muss erst ein zweiter Spieler" not in page


def test_the_table_sheet_and_history() -> None:
    table = playing_table()
    enter(table, 1, "3 +")
    enter(table, None, "alle gepasst")
    page = Client().get(reverse("scoring:table_sheet", args=[table.token])).content.decode()
    assert "alle gepasst" in page
    assert "eingetragen" in page


@pytest.mark.parametrize("name", ["scoring:dashboard", "scoring:organiser_sheet"])
def test_the_organiser_views_need_the_login(name: str) -> None:
    table = playing_table()
    args = [table.tournament_id] if name == "scoring:dashboard" else [table.tournament_id, table.pk]
    assert Client().get(reverse(name, args=args)).status_code == 302


def test_the_dashboard_shows_each_tables_progress() -> None:
    table = playing_table()
    enter(table, 1, "3 +")
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("scoring:dashboard", args=[table.tournament_id])).content.decode()
    assert 'max="100" value="1"' in page
    assert "1/100" in page
    partial = client.get(
        reverse("scoring:dashboard", args=[table.tournament_id]), headers={"HX-Request": "true"}
    ).content.decode()
    assert partial.lstrip().startswith('<div id="progress"')


def test_the_dashboard_shows_each_tables_last_entry_and_stops_when_finished() -> None:
    table = playing_table(deals=10)
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:dashboard", args=[table.tournament_id])
    assert "Noch nichts eingetragen" in client.get(url).content.decode()
    deal = enter(table, 1, "3 +")
    at = datetime.datetime(2026, 11, 20, 20, 42, tzinfo=datetime.UTC)  # 21:42 in Berlin
    Deal.objects.filter(pk=deal.pk).update(created_at=at)
    table_totals_refresh(table=table)  # the time set here, past the ledger

    page = client.get(url).content.decode()

    assert "Zuletzt eingetragen: 21:42 Uhr" in page
    assert 'hx-trigger="every 5s"' in page
    tournament_services.tournament_finish(tournament=table.tournament)
    assert "hx-trigger" not in client.get(url, headers={"HX-Request": "true"}).content.decode()


@pytest.mark.parametrize("deals", [1, 40])
def test_the_dashboard_costs_the_same_queries_however_many_deals(
    django_assert_num_queries: DjangoAssertNumQueries, deals: int
) -> None:
    table = playing_table(deals=100)
    for number in range(deals):
        enter(table, number % 4, "3 +")
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:dashboard", args=[table.tournament_id])
    client.get(url)
    # the tournament, tables, seats, the tables' phones; session, user, password
    with django_assert_num_queries(7):
        client.get(url)


def test_the_organiser_corrects_an_older_deal_with_a_reason() -> None:
    table = playing_table()
    older = enter(table, 1, "3 +")
    enter(table, 2, "3 +")
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, older.pk])
    data = {"sequence": 1, "submission": older.submission, "declarer": 1, "contract": "4",
            "result": "won"}  # fmt: skip
    page = " ".join(client.post(url, data).content.decode().split())
    assert "warum" in page.lower()
    response = client.post(url, {**data, "reason": "verschrieben"})
    assert response.status_code == 302
    older.refresh_from_db()
    assert older.score == 4


# Every rules error the form can meet lands on its field, in German.

FORM_CASES = {
    "declarer-missing": ({"contract": "3", "result": "won"}, Code.DECLARER_MISSING, "declarer"),
    "passed-with-declarer": ({"declarer": 1, "contract": "passed"}, Code.PASSED_WITH_DECLARER,
                             "declarer"),
    "siebener-hand": ({"declarer": 1, "contract": "siebener", "hand": "on"}, Code.NOT_APPLICABLE,
                      "hand"),
    "kieker-hand": ({"declarer": 1, "contract": "kieker", "hand": "on", "result": "won"},
                    Code.KIEKER_HAND, "hand"),
    "siebener-durch": ({"declarer": 1, "contract": "siebener", "durch": "on"},
                       Code.NOT_APPLICABLE, "durch"),
    "result-missing": ({"declarer": 1, "contract": "3"}, Code.RESULT_MISSING, "result"),
    "surrender-not-kieker": ({"declarer": 1, "contract": "3", "result": "surrendered"},
                             Code.SURRENDER_NOT_KIEKER, "result"),
    "value-impossible": ({"declarer": 1, "contract": "3", "result": "won", "written_value": 7},
                         Code.VALUE_IMPOSSIBLE, "written_value"),
    "value-mismatch": ({"declarer": 1, "contract": "3", "result": "won", "written_value": 6},
                       Code.VALUE_MISMATCH, "written_value"),
}  # fmt: skip


@pytest.mark.parametrize(("fields", "code", "field"), FORM_CASES.values(), ids=FORM_CASES.keys())
def test_a_rules_error_lands_on_its_field(
    fields: dict[str, object], code: Code, field: str
) -> None:
    table = playing_table()
    client = Client()
    data = {**_form(client, table), **fields}
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    form = response.context["form"]
    assert code in [error.code for error in form.errors.as_data()[field]]
    assert not Deal.objects.exists()


def test_durch_tapped_on_a_kieker_is_redundant_like_on_a_5() -> None:
    """Issue 12: a Kieker is always played for all five tricks, as a 5 is always Durch; the
    tile is accepted and the game saved without it."""
    table = playing_table()
    client = Client()
    data = {**_form(client, table), "declarer": 1, "contract": "kieker", "durch": "on",
            "result": "won"}  # fmt: skip
    client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert Deal.objects.values_list("game", "score").get() == ("Kieker gewonnen", 10)


@pytest.mark.parametrize(
    ("rules_field", "form_field"), Prisdorf(kontra=True).vocabulary.field_of.items()
)
def test_every_field_the_rules_name_has_a_place_in_the_form(
    rules_field: str, form_field: str
) -> None:
    table = playing_table()
    form = DealForm(
        {}, seats=list(table.seats.select_related("registration__player")),
        playing=(0, 1, 2, 3), vocabulary=Prisdorf(kontra=True).vocabulary,
    )  # fmt: skip
    form.is_valid()
    violation = Violation(Code.BID_TRICKS, rules_field, {"tricks": 1, "min_bid": 2})
    form.add_refusal(InvalidEntryError((violation,)))
    assert "Gereizt werden 2 bis 5 Stiche, nicht 1." in form.errors[form_field]
