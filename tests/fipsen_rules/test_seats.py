"""Seats, Vorhand, auction order and the dealer rotation (SPEC A2, B2)."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from fipsen_rules import Code, SeatingError, auction_order, dealer_of_deal, next_dealer, vorhand
from fipsen_rules.seats import Seating

# (dealer, players, Vorhand): VH = (d + 1) mod N, A2.2
VORHAND = [
    (0, 4, 1),
    (1, 4, 2),
    (2, 4, 3),
    (3, 4, 0),
    (0, 3, 1),
    (1, 3, 2),
    (2, 3, 0),
]


@pytest.mark.parametrize(("dealer", "players", "expected"), VORHAND)
def test_vorhand_sits_left_of_the_dealer(dealer: int, players: int, expected: int) -> None:
    assert vorhand(dealer, players) == expected


# A2.3: 4 players d+1, d+2, d+3, d; 3 players d+1, d+2, d
ORDER = [
    (0, 4, (1, 2, 3, 0)),
    (1, 4, (2, 3, 0, 1)),
    (2, 4, (3, 0, 1, 2)),
    (3, 4, (0, 1, 2, 3)),
    (0, 3, (1, 2, 0)),
    (1, 3, (2, 0, 1)),
    (2, 3, (0, 1, 2)),
]


@pytest.mark.parametrize(("dealer", "players", "expected"), ORDER)
def test_auction_order_vorhand_first_dealer_last(
    dealer: int, players: int, expected: tuple[int, ...]
) -> None:
    order = auction_order(dealer, players)
    assert order == expected
    assert order[0] == vorhand(dealer, players)
    assert order[-1] == dealer


# A2.4: after a completed deal the deal passes left; A2.5: after all passed, the same dealer
NEXT = [
    (0, 4, True, 1),
    (1, 4, True, 2),
    (2, 4, True, 3),
    (3, 4, True, 0),
    (0, 3, True, 1),
    (1, 3, True, 2),
    (2, 3, True, 0),
    (0, 4, False, 0),
    (3, 4, False, 3),
    (0, 3, False, 0),
    (2, 3, False, 2),
]


@pytest.mark.parametrize(("dealer", "players", "completed", "expected"), NEXT)
def test_next_dealer(dealer: int, players: int, completed: bool, expected: int) -> None:
    assert next_dealer(dealer, players, completed=completed) == expected


# dealer of the n-th completed deal: the first dealer, then one to the left per deal
DEAL = [
    (1, 0, 4, 0),
    (2, 0, 4, 1),
    (4, 0, 4, 3),
    (5, 0, 4, 0),
    (100, 0, 4, 3),
    (1, 2, 4, 2),
    (3, 2, 4, 0),
    (1, 0, 3, 0),
    (3, 0, 3, 2),
    (4, 0, 3, 0),
    (120, 0, 3, 2),
    (2, 2, 3, 0),
]


@pytest.mark.parametrize(("deal", "first", "players", "expected"), DEAL)
def test_dealer_of_deal(deal: int, first: int, players: int, expected: int) -> None:
    assert dealer_of_deal(deal, first_dealer=first, players=players) == expected


@pytest.mark.parametrize(("players", "deals", "each"), [(4, 100, 25), (3, 120, 40)])
def test_every_player_deals_equally_often(players: int, deals: int, each: int) -> None:
    """B2.1: 25 deals each at a 4-table, 40 at a 3-table."""
    dealers = Counter(
        dealer_of_deal(n, first_dealer=0, players=players) for n in range(1, deals + 1)
    )
    assert dealers == dict.fromkeys(range(players), each)


@pytest.mark.parametrize("deal", [0, -1])
def test_deal_numbers_start_at_1(deal: int) -> None:
    with pytest.raises(SeatingError):
        dealer_of_deal(deal, first_dealer=0, players=4)


@pytest.mark.parametrize(("dealer", "players"), [(4, 4), (-1, 4), (3, 3), (0, 2), (0, 5)])
@pytest.mark.parametrize("function", [vorhand, auction_order], ids=["vorhand", "auction_order"])
def test_seats_that_do_not_exist(function: object, dealer: int, players: int) -> None:
    with pytest.raises(SeatingError):
        function(dealer, players)  # type: ignore[operator]


@pytest.mark.parametrize(("dealer", "players"), [(4, 4), (3, 3), (0, 5)])
def test_next_dealer_of_a_seat_that_does_not_exist(dealer: int, players: int) -> None:
    with pytest.raises(SeatingError):
        next_dealer(dealer, players, completed=True)


@pytest.mark.parametrize(("first", "players"), [(4, 4), (3, 3), (0, 5)])
def test_first_dealer_that_does_not_exist(first: int, players: int) -> None:
    with pytest.raises(SeatingError):
        dealer_of_deal(1, first_dealer=first, players=players)


# A table of four where the player in seat 1 left after deal 2: from deal 3 on he is skipped.
LEFT_AFTER_TWO = Seating((None, 2, None, None))


@pytest.mark.parametrize(
    ("dealer", "deal_number", "completed", "expected"),
    [
        (0, 2, True, 1),  # he still plays deal 2
        (0, 3, True, 2),  # the deal passes over him
        (1, 3, False, 2),  # he dealt an all-passed deal 3 and left: the next seat deals it
        (3, 3, False, 3),  # all passed: the same dealer again
        (3, 3, True, 0),
    ],
)
def test_the_deal_passes_over_a_player_who_left(
    dealer: int, deal_number: int, completed: bool, expected: int
) -> None:
    assert LEFT_AFTER_TWO.next_dealer(dealer, deal_number, completed=completed) == expected


def test_vorhand_is_the_next_player_still_there() -> None:
    assert LEFT_AFTER_TWO.vorhand(0, 2) == 1
    assert LEFT_AFTER_TWO.vorhand(0, 3) == 2


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_with_nobody_gone_the_turns_are_the_plain_ones(players: int, dealer: int) -> None:
    seating = Seating((None,) * players)
    assert seating.vorhand(dealer, 9) == vorhand(dealer, players)
    for completed in (True, False):
        expected = next_dealer(dealer, players, completed=completed)
        assert seating.next_dealer(dealer, 9, completed=completed) == expected


@pytest.mark.parametrize(
    "positions",
    [(0, 1), (0, 1, 2, 3, 4), (0, 1, 3), (1, 2, 3), (0, 1, 1, 2)],
    ids=lambda p: repr(p),
)
def test_a_seating_needs_the_seats_zero_to_players_minus_one(positions: tuple[int, ...]) -> None:
    seats = [SimpleNamespace(position=p, left_after_deal=None) for p in positions]
    with pytest.raises(SeatingError) as info:
        Seating.of(seats)
    assert info.value.code in {Code.PLAYERS, Code.SEAT}


def test_nobody_left_to_deal_is_an_error_not_a_guess() -> None:
    with pytest.raises(SeatingError) as info:
        Seating((1, 1, 1)).next_dealer(0, 2, completed=True)
    assert info.value.code is Code.PLAYERS
