"""Seats, Vorhand, auction order and the dealer rotation (SPEC A2, B2)."""

from __future__ import annotations

from collections import Counter

import pytest

from fipsen_rules import SeatingError, auction_order, dealer_of_deal, next_dealer, vorhand

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
