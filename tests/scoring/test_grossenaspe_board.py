"""The board of a Großenaspe night (SPEC C3): the totals the hall sees count each opponent's
gain from a failed game, never the dealer who sat out at a table of five; the tables' progress
counts a five's 125 deals; the queries do not grow with the deals."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import selectors
from tests.scoring.helpers import aspe_night
from tests.scoring.test_grossenaspe_night import _enter
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

#: (game, what the declarer gains, what each opponent gains): SPEC C3.2, worked out by hand.
GAMES = [
    ("3 gewonnen", 3, 0),
    ("3 Gute beet", 0, 6),
    ("Kieker aufgegeben", 0, 5),
    ("2 Kreuz gewonnen", 4, 0),
    ("4 pott beet", 0, 5),
    ("Fips verloren", 0, 20),
    ("3 Durch gewonnen", 5, 0),
]


def _board(tournament: Tournament, page: int) -> str:
    cache.clear()  # the board keeps a page a few seconds: each call reads it anew
    url = reverse("scoring:board", args=[tournament.board_token])
    return " ".join(Client().get(f"{url}?page={page}").content.decode().split())


def _board_points(tournament: Tournament) -> dict[str, str]:
    text = _board(tournament, 1)
    rows = re.findall(r'board-name">([^<]+)</td> <td class="board-number">\d+</td> '
                      r'<td class="board-number board-points">([^<]+)</td>', text)  # fmt: skip
    return dict(rows)


def _play(table: Table, expected: dict[int, int]) -> None:
    """Every game of GAMES at ``table``, the declarer going round the seats that may declare;
    what each seat should have, added up by hand into ``expected``."""
    for index, (game, declarer_gain, opponents_gain) in enumerate(GAMES):
        upcoming = selectors.next_deal(table=table)
        declarer = upcoming.declarers[index % len(upcoming.declarers)]
        _enter(table, declarer, game)
        for seat in upcoming.seats:
            if seat == declarer:
                expected[seat] += declarer_gain
            elif seat != upcoming.dealer or len(upcoming.seats) == 4:
                expected[seat] += opponents_gain


def test_the_board_shows_each_player_s_total_at_tables_of_four_and_five() -> None:
    tournament = aspe_night(9)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    assert [t.seats.count() for t in tables] == [4, 5]
    expected_by_name = {}
    for table in tables:
        expected = dict.fromkeys(range(table.seats.count()), 0)
        _play(table, expected)
        for seat in seats_of(table=table):
            expected_by_name[seat.registration.player.name] = expected[seat.position]
    # The dealers of the five sat out: each of them missed at least one opponents' gain.
    assert len(set(expected_by_name.values())) > 3

    shown = _board_points(tournament)
    assert len(shown) == 9
    assert shown == {name: str(points) for name, points in expected_by_name.items()}
    # Ranked by points: the board's order is the totals' order.
    ranked = [int(points.replace("−", "-")) for points in shown.values()]
    assert ranked == sorted(ranked, reverse=True)

    progress = _board(tournament, 2)
    assert f"{len(GAMES)} / 100" in progress
    assert f"{len(GAMES)} / 125" in progress


def test_the_board_s_queries_do_not_grow_with_a_five_s_deals() -> None:
    tournament = aspe_night(5)
    table = Table.objects.get(tournament=tournament)
    url = reverse("scoring:board", args=[tournament.board_token])
    counts = []
    for _ in range(2):
        _play(table, dict.fromkeys(range(5), 0))
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
