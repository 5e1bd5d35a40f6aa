"""The board for the projector: no login, can be off, pages, escaped, constant queries."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from scoring.demo import demo_night_play
from scoring.standings.board_views import PAGE_SECONDS, STANDINGS_PER_PAGE
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Tournament
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db


def _url(tournament: Tournament, page: int | None = None) -> str:
    url = reverse("scoring:board", args=[tournament.board_token])
    return url if page is None else f"{url}?page={page}"


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


@pytest.fixture
def thirteen() -> Tournament:
    """13 players drawn to 4 tables, play started, no deal yet."""
    tournament = night(present=13)
    tournament_draw(tournament=tournament, seed=3)
    return tournament_services.tournament_start(tournament=tournament)


def test_the_board_needs_no_login(thirteen: Tournament) -> None:
    response = Client().get(_url(thirteen))
    assert response.status_code == 200
    page = _text(response)
    assert '<html lang="de">' in page
    assert "Preisfipsen" in page
    assert "Rangliste" in page
    assert "Anmelden" not in page
    assert "Login" not in page
    assert "<form" not in page
    assert "<button" not in page


def test_the_board_pages_through_the_standings_then_the_tables(thirteen: Tournament) -> None:
    client = Client()
    first = _text(client.get(_url(thirteen)))
    assert "Seite 1 von 3" in first
    assert len(re.findall(r'class="board-name"', first)) == STANDINGS_PER_PAGE
    assert f'hx-get="{_url(thirteen, 2)}"' in first
    assert f'hx-trigger="every {PAGE_SECONDS}s"' in first

    second = _text(client.get(_url(thirteen, 2)))
    assert "Seite 2 von 3" in second
    names = re.findall(r'class="board-name">([^<]*)<', first + second)
    assert sorted(names) == [f"Spieler {number:02d}" for number in range(13)]

    third = _text(client.get(_url(thirteen, 3)))
    assert "Gespielte Spiele" in third
    assert "Tisch 1" in third
    assert "Tisch 4" in third
    assert "0 / 100" in third
    assert "0 / 120" in third
    assert f'hx-get="{_url(thirteen, 1)}"' in third  # and round again


@pytest.mark.parametrize("page", ["99", "0", "-1", "zwei"])
def test_a_page_out_of_range_is_the_first(thirteen: Tournament, page: str) -> None:
    assert "Seite 1 von 3" in _text(Client().get(_url(thirteen), {"page": page}))


def test_without_javascript_the_page_turns_by_meta_refresh(thirteen: Tournament) -> None:
    page = _text(Client().get(_url(thirteen)))
    refresh = (
        f'<noscript><meta http-equiv="refresh" content="{PAGE_SECONDS};url={_url(thirteen, 2)}">'
    )
    assert refresh in page


def test_htmx_gets_only_the_next_page(thirteen: Tournament) -> None:
    response = Client().get(_url(thirteen, 2), headers={"HX-Request": "true"})
    page = _text(response)
    assert page.startswith('<main id="board"')
    assert "<html" not in page
    assert "Seite 2 von 3" in page


def test_the_board_shows_points_places_and_the_time(thirteen: Tournament) -> None:
    table = thirteen.tables.get(number=1)
    enter(table, 0, "3 Hand verloren")
    enter(table, 1, "3 gewonnen")
    page = _text(Client().get(_url(thirteen)))
    assert re.search(r"Stand: \d\d:\d\d Uhr", page)
    assert '<td class="board-place">1.</td>' in page
    assert '<td class="board-number board-points">3</td>' in page
    last = _text(Client().get(_url(thirteen, 2)))
    assert '<td class="board-place">13.</td>' in last
    assert '<td class="board-number board-points">−12</td>' in last  # a real minus sign
    # The eleven players who did not declare share place 2.
    assert page.count('<td class="board-place">2. =</td>') == STANDINGS_PER_PAGE - 1


def test_the_tables_progress_counts_the_deals_played() -> None:
    table = playing_table(deals=10)
    enter(table, 0, "2 gewonnen")
    enter(table, None, "alle gepasst")
    enter(table, 2, "2 verloren")
    page = _text(Client().get(_url(table.tournament, 2)))
    assert "2 / 10" in page


def test_before_the_draw_the_board_says_so() -> None:
    tournament = night(present=4)
    page = _text(Client().get(_url(tournament)))
    assert "Die Tische sind noch nicht ausgelost." in page


def _tonight(
    *, name: str = "Preisfipsen", date: datetime.date | None = None, **options: object
) -> Tournament:
    """A tournament with four players checked in (today's, unless ``date``)."""
    tournament = tournament_services.tournament_create(
        name=name,
        date=date or timezone.localdate(),
        **options,  # type: ignore[arg-type]
    )
    for number in range(4):
        player = player_create(name=f"Spieler {number:02d}")
        registration_add(tournament=tournament, player=player, check_in=True)
    return tournament


def test_names_are_escaped() -> None:
    tournament = _tonight(name="Fipsen & <b>Skat</b>")
    Player.objects.filter(name="Spieler 00").update(name="<script>alert('x')</script>")
    tournament_draw(tournament=tournament, seed=1)
    page = Client().get(_url(tournament)).content.decode()
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "Fipsen &amp; &lt;b&gt;Skat&lt;/b&gt;" in page


def test_switched_off_the_board_shows_nothing_of_the_night(thirteen: Tournament) -> None:
    tournament_services.tournament_update(tournament=thirteen, board_enabled=False)
    response = Client().get(_url(thirteen))
    assert response.status_code == 404
    page = _text(response)
    assert "Die Anzeige ist ausgeschaltet." in page
    assert "Spieler 00" not in page
    assert "Rangliste" not in page


def test_switched_off_while_showing_the_board_reloads_to_say_so(thirteen: Tournament) -> None:
    tournament_services.tournament_update(tournament=thirteen, board_enabled=False)
    response = Client().get(_url(thirteen, 2), headers={"HX-Request": "true"})
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"


def test_an_unknown_tournament_has_no_board() -> None:
    assert Client().get(reverse("scoring:board", args=["no-such-board"])).status_code == 404


def test_the_board_speaks_english_after_the_switch(thirteen: Tournament) -> None:
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = _text(client.get(_url(thirteen)))
    assert "Page 1 of 3" in page
    assert "Standings" in page


@pytest.mark.parametrize("deals", [1, 15])
@pytest.mark.parametrize("page", [1, 2, 3])
def test_a_page_costs_the_same_queries_however_many_deals(
    django_assert_num_queries: DjangoAssertNumQueries, deals: int, page: int
) -> None:
    tournament = demo_night_play(players=13, seed=1, deals=deals).tournament
    client = Client()
    # The tournament, the standings (seats with their running totals, prizes), the tables.
    with django_assert_num_queries(4):
        response = client.get(_url(tournament, page))
    assert response.status_code == 200


def test_the_board_is_kept_but_switching_off_is_at_once(
    django_assert_num_queries: DjangoAssertNumQueries, thirteen: Tournament
) -> None:
    client = Client()
    before = _text(client.get(_url(thirteen)))
    with django_assert_num_queries(1):  # the tournament: is the board on?
        kept = _text(client.get(_url(thirteen)))
    assert re.sub(r"Stand: \d\d:\d\d", "", kept) == re.sub(r"Stand: \d\d:\d\d", "", before)
    tournament_services.tournament_update(tournament=thirteen, board_enabled=False)
    assert client.get(_url(thirteen)).status_code == 404
    tournament_services.tournament_update(tournament=thirteen, board_enabled=True)
    with django_assert_num_queries(1):
        assert client.get(_url(thirteen)).status_code == 200


# Where the board is linked from


@pytest.fixture
def organiser() -> Client:
    return _logged_in(UserFactory(is_staff=True))


def _logged_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


@pytest.mark.parametrize("route", ["scoring:dashboard", "scoring:standings"])
def test_the_organiser_pages_link_to_the_board(
    organiser: Client, thirteen: Tournament, route: str
) -> None:
    page = organiser.get(reverse(route, args=[thirteen.pk])).content.decode()
    # In the tournament's navigation, opening a tab of its own (the board has no navigation).
    assert f'href="{_url(thirteen)}" target="_blank" rel="noopener">Anzeige<' in page
    tournament_services.tournament_update(tournament=thirteen, board_enabled=False)
    assert _url(thirteen) not in organiser.get(reverse(route, args=[thirteen.pk])).content.decode()


def test_the_start_page_links_tonights_boards_for_the_organiser_only(organiser: Client) -> None:
    """Every phone in the hall opened the start page and found the board's secret address
    there, which then hid only other days' boards (issue 18)."""
    today = _tonight(name="Heute gespielt")
    tournament_draw(tournament=today, seed=1)
    tournament_services.tournament_start(tournament=today)
    page = _text(organiser.get("/"))
    assert "Der Spielstand heute Abend" in page
    assert f'href="{_url(today)}"' in page
    for someone in (Client(), _logged_in(UserFactory(is_staff=False))):
        page = _text(someone.get("/"))
        assert _url(today) not in page
        assert "Der Spielstand heute Abend" not in page


@pytest.mark.parametrize("case", ["another day", "switched off", "not started"])
def test_the_start_page_links_no_other_board(organiser: Client, case: str) -> None:
    date = datetime.date(2020, 1, 1) if case == "another day" else None
    tournament = _tonight(date=date, board_enabled=case != "switched off")
    tournament_draw(tournament=tournament, seed=1)
    if case != "not started":
        tournament_services.tournament_start(tournament=tournament)
    page = _text(organiser.get("/"))
    assert _url(tournament) not in page
    assert "Der Spielstand heute Abend" not in page
