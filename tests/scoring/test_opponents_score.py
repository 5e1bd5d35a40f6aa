"""Opponents who score (Großenaspe, SPEC C3.2): each playing opponent gains ``opponents_score``;
the captain's totals, the sheet and the standings sum it for every seat, the same way."""

import uuid

import pytest

from scoring import selectors
from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tournaments.ledger import table_totals_refresh
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _deal(table: Table, number: int, declarer: int, score: int, opponents: int) -> Deal:
    return Deal.objects.create(
        table=table,
        sequence=number,
        number=number,
        dealer=number % 4,
        declarer=declarer,
        game="3 beet" if opponents else "3 gewonnen",
        score=score,
        opponents_score=opponents,
        submission=uuid.uuid4(),
    )


def test_each_opponent_gains_and_every_total_agrees() -> None:
    table = playing_table()
    _deal(table, 1, declarer=0, score=3, opponents=0)  # "3 gewonnen": the declarer +3
    _deal(table, 2, declarer=1, score=0, opponents=6)  # "3 Gute beet": each opponent +6
    _deal(table, 3, declarer=2, score=0, opponents=5)  # "3 pott beet": each opponent +5
    table_totals_refresh(table=table)  # the deals made here skip the ledger
    seats = selectors.seats_of(table=table)
    expected = (14, 5, 6, 11)
    assert selectors.seat_totals(table=table, seats=seats) == expected
    assert selectors.table_sheet(table=table).totals == expected
    points = {s.seat.position: s.points for s in selectors.standings(tournament=table.tournament)}
    assert tuple(points[position] for position in range(4)) == expected
    lost = {s.seat.position: s.lost for s in selectors.standings(tournament=table.tournament)}
    assert (lost[1], lost[2], lost[0]) == (1, 1, 0)


def test_the_latest_entries_work_back_from_the_totals() -> None:
    table = playing_table()
    _deal(table, 1, declarer=0, score=3, opponents=0)
    _deal(table, 2, declarer=1, score=0, opponents=6)
    seats = selectors.seats_of(table=table)
    totals = selectors.seat_totals(table=table, seats=seats)
    upcoming = selectors.next_deal(table=table)
    rows = selectors.recent_rows(upcoming=upcoming, totals=totals)
    assert [row.totals for row in rows] == [(9, 0, 6, 6), (3, 0, 0, 0)]


def test_at_a_table_of_five_the_dealer_gains_nothing() -> None:
    deal = Deal(dealer=4, declarer=2, score=0, opponents_score=5, number=1)
    assert deal.gains(5) == (5, 5, 0, 5, 0)
    assert deal.gains(4) == (5, 5, 0, 5)
    assert Deal(dealer=0, declarer=None, score=0, number=None).gains(4) == (0, 0, 0, 0)


def test_prisdorf_deals_score_the_declarer_only() -> None:
    table = playing_table()
    _deal(table, 1, declarer=0, score=-8, opponents=0)
    seats = selectors.seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == (-8, 0, 0, 0)
