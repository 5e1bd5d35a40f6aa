"""The standings: figures from the deals, places, tie-breaks, export, constant queries."""

import csv
import io
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scoring.standings import selectors as standings_selectors
from scoring.standings.ranking import Prize
from scoring.standings.services import prizes_set
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave
from tournaments.draw.tables import seats_of
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


def test_figures_come_from_the_deals() -> None:
    table = playing_table()
    for declarer, game in [(0, "3 +"), (0, "3 Hand -"), (1, "4 Ruten +"), (1, "Kieker +"),
                           (2, "Siebener Fips"), (None, "alle gepasst"), (3, "2 -")]:  # fmt: skip
        enter(table, declarer, game)
    rows = {
        row.seat.position: row for row in standings_selectors.standings(tournament=table.tournament)
    }
    assert (rows[0].points, rows[0].declared, rows[0].won, rows[0].lost, rows[0].best) == (
        -9,
        2,
        1,
        1,
        3,
    )
    assert (rows[1].points, rows[1].best) == (18, 10)
    assert rows[2].points == 30
    assert (rows[3].points, rows[3].lost) == (-4, 1)
    assert all(row.deals == 6 for row in rows.values())
    assert [
        row.seat.position for row in standings_selectors.standings(tournament=table.tournament)
    ] == [
        2,
        1,
        3,
        0,
    ]


def test_equal_points_share_the_place_unless_the_tie_break_decides() -> None:
    table = playing_table(tie_break="")
    enter(table, 0, "3 +")
    enter(table, 1, "3 +")
    places = [
        (r.place, r.shared) for r in standings_selectors.standings(tournament=table.tournament)
    ]
    assert places == [(1, True), (1, True), (3, True), (3, True)]


def test_the_tie_break_order_of_the_tournament() -> None:
    table = playing_table(tie_break="fewer_lost,best_game")
    enter(table, 0, "3 +")
    enter(table, 0, "3 +")
    enter(table, 0, "3 -")
    enter(table, 1, "3 +")  # 0: 3+3-6 = 0 points, one lost; 1: 3
    enter(table, 1, "3 -")  # 1: 3-6 = -3
    enter(table, 1, "3 +")  # 1: 0 points, one lost, best 3
    enter(table, 2, "2 +")
    enter(table, 2, "2 -")  # 2: 2-4 = -2
    ranked = standings_selectors.standings(tournament=table.tournament)
    # 0 points for seats 0, 1 and 3; seat 3 lost nothing, seats 0 and 1 are equal throughout.
    assert (ranked[0].seat.position, ranked[0].place, ranked[0].shared) == (3, 1, False)
    assert {(r.seat.position, r.place, r.shared) for r in ranked[1:3]} == {
        (0, 2, True),
        (1, 2, True),
    }
    assert (ranked[3].seat.position, ranked[3].place) == (2, 4)


def test_a_player_who_left_counts_his_deals_up_to_leaving() -> None:
    table = playing_table()
    for _ in range(5):
        enter(table, 0, "2 +")
    leaver = Seat.objects.get(table=table, position=3)
    seat_leave(seat=leaver, after_deal=5)
    enter(table, 0, "2 +")
    rows = {
        row.seat.position: row for row in standings_selectors.standings(tournament=table.tournament)
    }
    assert rows[3].deals == 5
    assert rows[0].deals == 6


@pytest.fixture
def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def test_the_standings_page_and_its_csv(organiser: Client) -> None:
    table = playing_table()
    enter(table, 2, "Kieker Ruten +")
    url = reverse("scoring:standings", args=[table.tournament_id])
    page = organiser.get(url).content.decode()
    assert "Punkte" in page
    response = organiser.get(url, {"_export": "csv"})
    assert response["Content-Disposition"].endswith('.csv"')
    text = response.content.decode("utf-8-sig")  # German Excel: a BOM and semicolons
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:2] == ["Platz", "Spieler"]
    assert rows[1][0] == "1."  # as the page writes it
    assert rows[1][5] == "20"


class _Rows(HTMLParser):
    """The cells of the standings table's body, row by row, as text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._in_body = self._in_cell = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self.rows.append([])
        elif self._in_body and tag == "td":
            self._in_cell = True
            self.rows[-1].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self._in_body = False
        elif tag == "td":
            self._in_cell = False

    def handle_data(self, data: str) -> None:
        if self._in_cell:
            self.rows[-1][-1] += data.strip()


def _page_rows(client: Client, url: str, **query: str) -> list[list[str]]:
    parser = _Rows()
    parser.feed(client.get(url, query).content.decode())
    return parser.rows


def test_the_page_shows_shared_places_prizes_and_sorts(organiser: Client) -> None:
    table = playing_table(tie_break="")
    enter(table, 0, "3 +")  # seat 0: 3
    enter(table, 1, "3 +")  # seat 1: 3, the same: places 1 and 2 shared
    enter(table, 2, "2 -")  # seat 2: -4
    prizes_set(
        tournament=table.tournament,
        prizes=[
            Prize(1, Decimal("30"), ""),
            Prize(2, Decimal("21"), ""),
            Prize(3, Decimal(0), "Sekt"),
        ],
    )
    url = reverse("scoring:standings", args=[table.tournament_id])
    names = {s.position: s.registration.player.name for s in seats_of(table=table)}

    rows = _page_rows(organiser, url)

    assert [row[0] for row in rows] == ["1. =", "1. =", "3.", "4."]
    assert {rows[0][1], rows[1][1]} == {names[0], names[1]}
    assert (rows[0][5], rows[0][10]) == ("3", "25,50 € (geteilt)")
    assert rows[2][1] == names[3]
    assert rows[2][3:] == ["1", "3", "0", "0", "0", "0", "–", "Sekt"]
    assert (rows[3][1], rows[3][5], rows[3][8]) == (names[2], "\N{MINUS SIGN}4", "1")
    by_name = _page_rows(organiser, url, sort="name")
    assert [row[1] for row in by_name] == sorted(names.values())
    by_points_up = _page_rows(organiser, url, sort="points")
    assert [row[5] for row in by_points_up] == ["\N{MINUS SIGN}4", "0", "3", "3"]


def test_the_csv_writes_the_places_as_the_page_does(organiser: Client) -> None:
    table = playing_table(tie_break="")
    enter(table, 0, "3 +")
    enter(table, 1, "3 +")  # places 1 and 2 shared
    url = reverse("scoring:standings", args=[table.tournament_id])
    text = organiser.get(url, {"_export": "csv"}).content.decode("utf-8-sig")

    places = [row[0] for row in csv.reader(io.StringIO(text), delimiter=";")][1:]

    assert places[:2] == ["1. =", "1. ="]
    assert places == [row[0] for row in _page_rows(organiser, url)]


def test_the_xlsx_export(organiser: Client) -> None:
    table = playing_table()
    enter(table, 2, "3 +")
    response = organiser.get(
        reverse("scoring:standings", args=[table.tournament_id]), {"_export": "xlsx"}
    )
    assert response.content[:2] == b"PK"  # a zip: the xlsx container


@pytest.mark.parametrize("deals", [1, 60])
def test_the_standings_cost_the_same_queries_however_many_deals(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, deals: int
) -> None:
    table = playing_table()
    for number in range(deals):
        enter(table, number % 4, "3 +")
    url = reverse("scoring:standings", args=[table.tournament_id])
    organiser.get(url)
    # The tournament, the seats with their running totals, the prizes, the deals played of all
    # (their tables' totals summed); the session and the user.
    with django_assert_num_queries(7):
        organiser.get(url)


def test_while_play_goes_on_the_standings_say_provisional_and_refresh_themselves(
    organiser: Client,
) -> None:
    table = playing_table(deals=10)
    enter(table, 1, "3 +")
    url = reverse("scoring:standings", args=[table.tournament_id])

    page = organiser.get(url, {"sort": "name"}).content.decode()

    assert "Vorläufiger Stand</strong>: 1 von 10 Spielen gespielt" in page
    assert 'hx-trigger="every 20s"' in page
    assert f'hx-get="{url}?sort=name"' in page  # the refresh keeps the order chosen
    assert '<noscript><meta http-equiv="refresh" content="20"></noscript>' in page
    assert "Endstand" not in page


def test_the_refresh_gets_only_the_standings_part(organiser: Client) -> None:
    table = playing_table(deals=10)
    url = reverse("scoring:standings", args=[table.tournament_id])

    part = organiser.get(url, HTTP_HX_REQUEST="true").content.decode()

    assert part.lstrip().startswith('<div id="standings"')
    assert "<html" not in part
    assert "CSV" not in part  # the download buttons stay above


def test_finished_standings_are_final_and_stop_refreshing(organiser: Client) -> None:
    table = playing_table(deals=10)
    enter(table, 1, "3 +")
    tournament_services.tournament_finish(tournament=table.tournament)
    url = reverse("scoring:standings", args=[table.tournament_id])

    page = organiser.get(url).content.decode()
    part = organiser.get(url, HTTP_HX_REQUEST="true").content.decode()

    assert "Endstand" in page
    assert "Endstand" in part
    for text in (page, part):
        assert "hx-trigger" not in text
        assert 'http-equiv="refresh"' not in text
        assert "Vorläufig" not in text
