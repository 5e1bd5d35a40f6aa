"""Every URL and every form of the app, fuzzed (issue 10): no input reaches a server error, and
a refusal (a 4xx, or a form shown again with its errors) leaves every table of the database as
it was.

The URLs come from the resolver (the app's patterns; Django's admin and language switch are
left out), so a page added later is fuzzed too. Path parameters are filled with ids and tokens
that exist, that do not, and that no database column holds. Each example is one request as the
organiser, as a captain (who has opened his table's link), or with no session: a GET with odd
query parameters, or a POST of the page's form, its fields valid or replaced by hypothesis with
huge strings, NUL, control and bidi characters, huge numbers, wrong types, repeated values, or
the whole body in another charset. Bounded by examples, not by time.
"""

import re
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from django.db import transaction
from django.forms import BaseForm
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pytest_django import DjangoDbBlocker

from games.thedinghausen.models import RaceDeal
from printing.models import GeneratedFile
from scoring.models import Deal, DealChange, Prize
from tests.conftest import QUICK_PASSWORD_HASHERS
from tests.factories import PASSWORD, UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.thedinghausen.helpers import deals_entered, race_night
from tests.tippen.helpers import deals_entered as tippen_deals_entered
from tests.tippen.helpers import tippen_night
from tests.tournaments.night_helpers import night
from tournaments.models import (
    Player,
    Registration,
    Seat,
    SeatSwap,
    Table,
    Tournament,
)
from tournaments.printing_kinds import owner_of_tournament

pytestmark = pytest.mark.django_db

#: Requests per URL pattern (about 40 patterns): a minute or so per database engine.
EXAMPLES = 16
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    # No "explain" phase: it traces every line and makes a failure take minutes to report.
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # the world is shared by a test's examples
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

#: The models whose rows a refused request must leave as they were.
MODELS = (
    Player,
    Tournament,
    Registration,
    Table,
    Seat,
    SeatSwap,
    Deal,
    DealChange,
    Prize,
    GeneratedFile,
    RaceDeal,
)


def app_routes() -> list[tuple[str, str]]:
    """(route, name) of every URL pattern of the app."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern):
                yield route, pattern.name or route

    skipped = ("admin/", "^admin/", "i18n/")
    return [(r, n) for r, n in walk(get_resolver().url_patterns, "") if not r.startswith(skipped)]


ROUTES = app_routes()
PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")


class World:
    """A night in play (a table of four with deals, a prize, a file), a night open for
    registration, and the organiser: what the paths and the forms point at."""

    def __init__(self) -> None:
        self.user = UserFactory(is_staff=True, is_superuser=True)
        table = playing_table(deals=6)
        enter(table, 1, "3 +")
        enter(table, 2, "3 -")
        self.playing = table.tournament
        self.open = night(present=3, absent=2)
        self.race = race_night(5)  # a Thedinghausen race in play, its pages are its own
        self.race_table = Table.objects.get(tournament=self.race)
        deals_entered(self.race_table, [2, 1, 1, 1, 0], [0, 5, 0, 0, 0])
        self.tippen = tippen_night(4)  # Tippen in play, its pages are its own too
        self.tippen_table = Table.objects.get(tournament=self.tippen)
        tippen_deals_entered(self.tippen_table, "- - - -", "2 1 - 0")
        Prize.objects.create(tournament=self.playing, place=1, name="Präsentkorb")
        self.file = GeneratedFile.objects.create(
            owner=owner_of_tournament(self.playing),
            kind="table_cards",
            filename="Tischkarten.pdf",
            expires_at=timezone.now() + timedelta(hours=1),
        )

    def ids(self, model: type[Any], **lookup: object) -> list[int]:
        return list(model.objects.filter(**lookup).values_list("pk", flat=True)[:3])

    def table(self) -> Table | None:
        return Table.objects.filter(tournament=self.playing).order_by("number").first()

    def token(self) -> str:
        table = self.table()
        return table.token if table is not None else "none"

    def counts(self) -> dict[str, int]:
        return {model.__name__: model.objects.count() for model in MODELS}


# Values


NOT_IDS = [0, 999_999, 2**31, 2**63, 10**30]
ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "An\x00na",
        "\u202eAnna Möller",
        "\u2066\u2067\u2069",
        "\x07\x1b[31m\x7f",
        "\r\n\r\n",
        "\u0301\u0308",
        "...",
        "Ø" * 301,
        "x" * 20_000,
        "<script>alert(1)</script>",
        "{{ 7|add:1 }}",
        "%s %(x)s",
        "None",
        "on",
        "abc",
        "٣",
        "１",
        "NaN",
        "-inf",
        "1e309",
        "0x10",
        "3,50",
        "99999.999",
        "-0",
        str(uuid.uuid4()),
        "0. Trostpreis",
        "40000. Wein",
        "1. 99999 € + 99999 €",
        "weiter",
        "//example.org/",
        "https://example.org/",
        "javascript:alert(1)",
    ]
)
NUMBERS = st.one_of(
    st.integers(-5, 400), st.integers(-(10**40), 10**40), st.sampled_from(NOT_IDS)
).map(str)
VALUE = st.one_of(ODD_TEXT, NUMBERS, st.text(max_size=30))
#: A field's value: one, or several (the last counts, or a list is taken).
FIELD = st.one_of(VALUE, st.lists(VALUE, min_size=2, max_size=3))


def form_field_names() -> set[str]:
    """Every field of every form of the app (and the raw fields some views read)."""
    import scoring.forms
    import scoring.paper_forms
    import scoring.standings.prize_forms
    import tournaments.forms

    names = {
        "next",
        "player",
        "check_in",
        "present",
        "seat",
        "reason",
        "tables_chosen",
        "table",
        "save",
        "batch",
        "username",
        "password",
        "old_password",
        "new_password1",
        "new_password2",
        "q",
        "language",
        # The race's pages read their fields raw: the taps so far, the button, the counts
        "taps",
        "action",
        "deal",
        *(f"count-{seat}" for seat in range(6)),
    }
    for module in (
        tournaments.forms,
        scoring.forms,
        scoring.paper_forms,
        scoring.standings.prize_forms,
    ):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseForm):
                names |= set(value.base_fields)
    return names


FIELD_NAMES = sorted(form_field_names())


def valid_data(world: World, name: str) -> dict[str, Any]:
    """Fields that a page's form accepts as they stand: the fuzz replaces some of them, so
    that examples reach the saving code with one odd value among good ones."""
    seats = world.ids(Seat, table__tournament=world.playing)
    deal = Deal.objects.filter(table__tournament=world.playing).order_by("-sequence").first()
    game = {
        "sequence": Deal.objects.filter(table__tournament=world.playing).count() + 1,
        "submission": str(uuid.uuid4()),
        "declarer": 1,
        "contract": "3",
        "result": "won",
    }
    tournament = {
        "name": "Preisfipsen",
        "date": "2026-11-21",
        "place": "Prisdorf",
        "rule_set": "prisdorf",
        "prisdorf_min_bid": "2",
        "deals_at_four": "100",
        "deals_at_three": "120",
        "tie_break": "",
        "entry_fee": "5",
    }
    player = {"name": "Anna Möller", "club": "SC Prisdorf", "contact": ""}
    race_counts = {f"count-{seat}": count for seat, count in enumerate([2, 1, 1, 1, 0])}
    forms: dict[str, dict[str, Any]] = {
        "login": {"username": world.user.get_username(), "password": PASSWORD},
        "password_change": {
            "old_password": PASSWORD,
            "new_password1": "x",
            "new_password2": "x",
        },
        "tournament_create": tournament,
        "tournament_edit": tournament,
        "registration_add": {"player": (world.ids(Player) or [1])[0], "check_in": "1"},
        "walk_in": {"name": "Bernd Schulz", "club": "SC"},
        "check_in": {"present": "1"},
        "swap": {"first": seats[:1], "second": seats[1:2]},
        "leave": {"after_deal": "1"},
        "file_request": {"tables_chosen": "1", "table": "1"},
        "player_create": player,
        "player_edit": player,
        "players_import": {"text": "Name;Verein\nCarla Weiß;SC\n"},
        "table_entry": game,
        "table_preview": game,
        "table_correct": {**game, "sequence": deal.sequence if deal else 1},
        "organiser_correct": {**game, "sequence": 1, "reason": "verschrieben"},
        "table_confirm": {"seat": "2"},
        "prizes": {"lines": "1. 50 €\n2. Präsentkorb"},
        "table_paper": {"text": "1. Anna 3 gewonnen", "batch": str(uuid.uuid4())},
        "organiser_paper": {"text": "1. Anna 3 gewonnen", "save": "1"},
        # The race's pages (races:entry, races:table_deals)
        "entry": {"action": "save_counts", "sequence": 1, "taps": "0,1", **race_counts},
        "table_deals": {"deal": 1, **race_counts},
    }
    return dict(forms.get(name, {}))


def path_values(world: World, converter: str, name: str) -> list[str]:
    """Values for a path parameter: some that exist, some that do not."""
    existing: dict[str, list[Any]] = {
        "pk": [
            world.playing.pk,
            world.open.pk,
            world.race.pk,
            world.tippen.pk,
            *world.ids(Player)[:1],
        ],
        "registration_pk": world.ids(Registration, tournament=world.open)[:1]
        + world.ids(Registration, tournament=world.playing)[:1],
        "table_pk": [
            *world.ids(Table, tournament=world.playing)[:1],
            world.race_table.pk,
            world.tippen_table.pk,
        ],
        "seat_pk": world.ids(Seat, table__tournament=world.playing)[:2],
        "deal_pk": world.ids(Deal, table__tournament=world.playing)[:2],
        "token": [
            world.token(),
            world.playing.board_token,
            world.race_table.token,
            world.tippen_table.token,
        ],
        "sheet_token": [t.sheet_token for t in Table.objects.filter(tournament=world.playing)[:1]],
        "file_id": [world.file.pk],
        "kind": ["table_cards", "seating_list", "scoresheets", "blank_scoresheets", "ranking"],
    }
    missing = {
        "int": NOT_IDS,
        "id": NOT_IDS,
        "str": ["nope", "x" * 70, "%00abc", "%E2%80%AEabc", "ab%20c"],
        "token": ["nope", "x" * 70, "%00abc", "%E2%80%AEabc", "ab%20c"],
        "uuid": [uuid.uuid4()],
        "slug": ["nope", "x" * 300],
        "path": ["nope"],
    }
    return [str(v) for v in existing.get(name, []) + missing.get(converter or "str", ["x"])]


def request_strategy(world: World, route: str, url_name: str) -> st.SearchStrategy[Any]:
    paths = st.fixed_dictionaries(
        {
            match["name"]: st.sampled_from(path_values(world, match["converter"], match["name"]))
            for match in PARAMETER.finditer(route)
        }
    )
    base = valid_data(world, url_name)
    changes = st.dictionaries(
        st.sampled_from(sorted(set(base) | set(FIELD_NAMES))), FIELD, max_size=4
    )
    query = st.dictionaries(
        st.sampled_from(["q", "page", "next", "_export", "sort", "name", "kind"]),
        st.one_of(VALUE, st.sampled_from(["csv", "xlsx", "-name", "points"])),
        max_size=3,
    )
    return st.fixed_dictionaries(
        {
            "who": st.sampled_from(["organiser", "captain", "nobody"]),
            "method": st.sampled_from(["GET", "POST", "POST", "POST"]),
            "path": paths,
            "query": query,
            "data": st.builds(lambda c, drop: _data(base, c, drop), changes, st.booleans()),
            "charset": st.sampled_from([None] * 6 + ["utf-16", "latin-1", "nonsense"]),
            "htmx": st.booleans(),
        }
    )


def _data(base: dict[str, Any], changes: dict[str, Any], drop: bool) -> dict[str, Any]:
    data = {**base, **changes}
    if drop and changes:  # a field missing altogether
        data.pop(next(iter(changes)), None)
    return data


def new_client(world: World, who: str) -> Client:
    client = Client()
    if who == "organiser":
        client.force_login(world.user)
    elif who == "captain":
        client.get(f"/t/{world.token()}/")  # the captain has opened his table's link
    return client


#: Pages after which a client is made anew: they log in or out, or change the password.
SESSION_PAGES = {"login", "logout", "password_change"}


def send(client: Client, request: dict[str, Any], url: str, htmx: dict[str, str]) -> Any:
    if request["method"] == "GET":
        return client.get(url, request["query"], **htmx)
    charset = request["charset"]
    if charset is None:
        return client.post(url, request["data"], **htmx)
    body = urlencode(request["data"], doseq=True)
    encoded = body.encode(charset if charset != "nonsense" else "utf-8", errors="replace")
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    return client.generic("POST", url, encoded, content_type=content_type, **htmx)


def refused(response: Any) -> bool:
    """A 4xx, or a page shown again with a form's errors: nothing may have changed."""
    if 400 <= response.status_code < 500:
        return True
    context = getattr(response, "context", None) or {}
    forms = (
        [value for value in context.flatten().values() if isinstance(value, BaseForm)]
        if (hasattr(context, "flatten"))
        else []
    )
    return response.status_code == 200 and any(form.is_bound and form.errors for form in forms)


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[World]:
    """One world for the module's ~90 tests (seconds to make, each time): made in a transaction
    that each test's own is nested in and rolled back to, so that every test starts from the
    world as made; rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        with override_settings(PASSWORD_HASHERS=QUICK_PASSWORD_HASHERS):
            made = World()
        yield made
        transaction.set_rollback(True)


@pytest.mark.parametrize(("route", "url_name"), ROUTES, ids=[name for _, name in ROUTES])
def test_no_input_reaches_a_server_error(world: World, route: str, url_name: str) -> None:
    check: Callable[[dict[str, Any]], None]
    clients: dict[str, Client] = {}

    @FUZZ
    @given(request=request_strategy(world, route, url_name))
    def check(request: dict[str, Any]) -> None:
        url = "/" + PARAMETER.sub(lambda m: request["path"][m["name"]], route)
        who = request["who"]
        client = clients.get(who) or clients.setdefault(who, new_client(world, who))
        if url_name in SESSION_PAGES:
            clients.pop(who)
        # A query per model: only a refused POST compares them.
        before = world.counts() if request["method"] == "POST" else {}
        htmx = {"HTTP_HX_REQUEST": "true"} if request["htmx"] else {}
        response = send(client, request, url, htmx)
        assert response.status_code < 500, (url, request)
        if request["method"] == "POST" and refused(response):
            assert world.counts() == before, (url, response.status_code, request)

    check()
