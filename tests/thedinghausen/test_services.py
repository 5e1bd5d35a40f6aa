"""A race table's deals: entered as counts or taps, checked by the rules over the whole
evening, corrected by the organiser; the standings and the cash box from them (SPEC C4)."""

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.core.exceptions import ValidationError

from games.thedinghausen import selectors, services
from games.thedinghausen.models import RaceDeal
from tests.thedinghausen.helpers import deals_entered, race_night, race_table
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

EVEN = [2, 1, 1, 1, 0]


def evening_of(table: Table) -> selectors.TableRace:
    return selectors.table_race(table=table, seats=list(table.seats.order_by("position")))


def test_a_game_won_mid_deal_starts_the_next_at_zero() -> None:
    table = race_table()
    deals_entered(table, *[EVEN] * 4, [2, 0, 0, 0, 0])
    race = evening_of(table)
    assert [game.winner for game in race.evening.games] == [0]
    assert race.evening.current.tallies == (0, 0, 0, 0, 0)
    assert race.evening.game_number == 2
    deals_entered(table, [0, 0, 0, 5, 0])  # a sweep in the new game
    race = evening_of(table)
    assert race.evening.current.sweeps == (3,)
    assert race.evening.current.tallies == (0, 0, 0, 0, 0)


def test_taps_are_the_winner_of_each_trick_in_order() -> None:
    table = race_table()
    deals_entered(table, *[EVEN] * 4)
    deal = services.race_deal_record(table=table, sequence=5, taps=[1, 0, 0])
    assert deal.counts == [2, 1, 0, 0, 0]
    assert deal.taps == [1, 0, 0]
    assert evening_of(table).evening.games[0].winner == 0


def test_a_tap_after_the_tenth_trick_is_refused() -> None:
    table = race_table()
    deals_entered(table, *[EVEN] * 4)
    with pytest.raises(ValidationError) as refused:
        services.race_deal_record(table=table, sequence=5, taps=[0, 0, 1])
    assert refused.value.code == "race_after_tenth"


@pytest.mark.parametrize(
    ("counts", "code"),
    [
        ([1, 1, 1, 1, 0], "race_deal_sum"),
        ([6, 0, 0, 0, 0], "race_trick_count"),
        ([1, 1, 1, 1], "race_counts"),
    ],
)
def test_a_deal_that_cannot_be_is_refused_with_the_rules_code(counts: list[int], code: str) -> None:
    table = race_table()
    with pytest.raises(ValidationError) as refused:
        services.race_deal_record(table=table, sequence=1, counts=counts)
    assert refused.value.code == code
    assert not RaceDeal.objects.exists()


def test_a_deal_entered_on_another_phone_first_is_out_of_date() -> None:
    table = race_table()
    deals_entered(table, EVEN)
    with pytest.raises(ValidationError) as refused:
        services.race_deal_record(table=table, sequence=1, counts=EVEN)
    assert refused.value.code == "out_of_date"


def test_the_same_form_posted_twice_is_saved_once() -> None:
    table = race_table()
    first = services.race_deal_record(table=table, sequence=1, counts=EVEN, submission=None)
    again = services.race_deal_record(
        table=table, sequence=2, counts=EVEN, submission=first.submission
    )
    assert again.pk == first.pk
    assert RaceDeal.objects.count() == 1


def test_a_finished_tournament_takes_no_deal() -> None:
    table = race_table()
    Tournament.objects.filter(pk=table.tournament_id).update(state=Tournament.State.FINISHED)
    table.refresh_from_db()
    with pytest.raises(ValidationError):
        services.race_deal_record(table=table, sequence=1, counts=EVEN)


def test_a_correction_is_checked_against_the_later_deals() -> None:
    table = race_table()
    first, *_ = deals_entered(table, *[EVEN] * 4, [2, 0, 0, 0, 0])
    with pytest.raises(ValidationError) as refused:
        services.race_deal_correct(deal=first, counts=[3, 1, 1, 0, 0])  # deal 5 overshoots
    assert refused.value.code == "race_overshot"
    assert "5" in " ".join(refused.value.messages)
    corrected = services.race_deal_correct(deal=first, counts=[2, 2, 1, 0, 0])
    assert corrected.corrected_at is not None
    assert corrected.taps == []
    assert evening_of(table).evening.games[0].tallies == (10, 5, 4, 3, 0)


def test_standings_rank_by_games_won_then_money() -> None:
    tournament = race_night(5, 4)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, *[EVEN] * 4, [2, 0, 0, 0, 0], [0, 5, 0, 0, 0])
    deals_entered(second, [0, 0, 5, 0])
    players = selectors.race_players(tournament=tournament)
    ranked = [(p.table, p.seat, p.place) for p in players[:3]]
    assert ranked == [(1, 0, 1), (1, 1, 2), (2, 2, 3)]  # 140 ct won a game: first
    winner = players[0]
    assert (winner.games_won, winner.games, winner.buns, winner.cents) == (1, 2, 5, 140)
    sweeper = players[2]  # at four: 1 € from each of three
    assert (sweeper.sweeps, sweeper.cents) == (1, 220)
    assert sum(p.cents for p in players) == -5 * 80 - 4 * 80  # the running games' stakes


def test_the_standings_read_one_query_however_many_deals(
    django_assert_num_queries: Callable[..., AbstractContextManager[object]],
) -> None:
    tournament = race_night(5, 4)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, *[EVEN] * 4, [2, 0, 0, 0, 0], EVEN)
    deals_entered(second, [1, 1, 1, 2])
    with django_assert_num_queries(1):  # the seats with their running totals
        selectors.race_players(tournament=tournament)
