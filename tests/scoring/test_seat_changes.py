"""A deal's seats' changes, as the rule set scored them (issue 27): the captain's totals, the
sheet, the latest entries and the standings sum them for every seat, the same way; the sheet's
value is the declarer's own figure, or, where he has none, minus what each opponent gained."""

import uuid

import pytest

from scoring import selectors, services
from scoring.models import Deal, seat_change_values
from scoring.standings import selectors as standings_selectors
from tests.scoring.helpers import playing_table
from tournaments.draw.tables import seats_of
from tournaments.ledger.entries import table_totals_refresh
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _deal(table: Table, number: int, declarer: int, changes: tuple[int, ...]) -> Deal:
    """A deal stored past the rules with the seats' ``changes``."""
    each = {change for seat, change in enumerate(changes) if seat != declarer and change}
    return Deal.objects.create(
        table=table,
        sequence=number,
        number=number,
        dealer=number % 4,
        declarer=declarer,
        game="3 beet" if each else "3 gewonnen",
        score=changes[declarer],
        opponents_score=max(each) if len(each) == 1 else 0,
        **seat_change_values(changes),
        submission=uuid.uuid4(),
    )


def test_each_opponent_gains_and_every_total_agrees() -> None:
    table = playing_table()
    _deal(table, 1, declarer=0, changes=(3, 0, 0, 0))  # "3 gewonnen": the declarer +3
    _deal(table, 2, declarer=1, changes=(6, 0, 6, 6))  # "3 Gute beet": each opponent +6
    _deal(table, 3, declarer=2, changes=(5, 5, 0, 5))  # "3 pott beet": each opponent +5
    table_totals_refresh(table=table)  # the deals made here skip the ledger
    seats = seats_of(table=table)
    expected = (14, 5, 6, 11)
    assert selectors.seat_totals(table=table, seats=seats) == expected
    assert selectors.table_sheet(table=table).totals == expected
    points = {
        s.seat.position: s.points
        for s in standings_selectors.standings(tournament=table.tournament)
    }
    assert tuple(points[position] for position in range(4)) == expected
    lost = {
        s.seat.position: s.lost for s in standings_selectors.standings(tournament=table.tournament)
    }
    assert (lost[1], lost[2], lost[0]) == (1, 1, 0)


def test_the_latest_entries_work_back_from_the_totals() -> None:
    table = playing_table()
    _deal(table, 1, declarer=0, changes=(3, 0, 0, 0))
    _deal(table, 2, declarer=1, changes=(6, 0, 6, 6))
    seats = seats_of(table=table)
    totals = selectors.seat_totals(table=table, seats=seats)
    upcoming = selectors.next_deal(table=table)
    rows = selectors.recent_rows(upcoming=upcoming, totals=totals)
    assert [row.totals for row in rows] == [(9, 0, 6, 6), (3, 0, 0, 0)]


def test_a_deal_gives_each_seat_its_own_change() -> None:
    """The dealer who sits out (0), a seat without a player (0): whatever the rule set says."""
    deal = Deal(dealer=4, declarer=2, score=0, number=1, **seat_change_values((5, 5, 0, 5, 0)))
    assert deal.seat_changes == (5, 5, 0, 5, 0, 0)
    assert Deal(dealer=0, declarer=None, score=0, number=None).seat_changes == (0,) * 6


def test_a_declarer_who_loses_while_the_others_gain_shows_his_own_loss() -> None:
    """The Preisskat's lost game: the declarer −194, each other +40. The sheet shows −194 (not
    −40), the history says both, the totals and the standings count both."""
    table = playing_table()
    deal = _deal(table, 1, declarer=1, changes=(40, -194, 40, 40))
    table_totals_refresh(table=table)
    seats = seats_of(table=table)

    assert deal.value == -194
    assert selectors.table_sheet(table=table).rows[0].deal.value == -194
    assert selectors.seat_totals(table=table, seats=seats) == (40, -194, 40, 40)
    words = services.deal_words(deal, seats, stored=True)
    assert words.endswith(": 3 beet −194 – die Gegner je +40")
    lost = {
        s.seat.position: s.lost for s in standings_selectors.standings(tournament=table.tournament)
    }
    assert lost[1] == 1


def test_prisdorf_deals_score_the_declarer_only() -> None:
    table = playing_table()
    deal = _deal(table, 1, declarer=0, changes=(-8, 0, 0, 0))
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == (-8, 0, 0, 0)
    assert deal.value == -8
    assert services.deal_words(deal, seats, stored=True).endswith(": 3 gewonnen −8")
