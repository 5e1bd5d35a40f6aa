"""Seats, the dealer and Vorhand.

Seats are numbered 0..players-1 clockwise. Vorhand sits left of the dealer, speaks first
and leads to the first trick. The deal passes left after every completed deal; after all
passed the same dealer deals again (SPEC A2).
"""

from __future__ import annotations

from fipsen_rules.errors import Code, SeatingError

__all__ = [
    "auction_order",
    "check_players",
    "check_seat",
    "dealer_of_deal",
    "next_dealer",
    "vorhand",
]

PLAYER_COUNTS = (3, 4)


def check_players(players: int) -> None:
    """:raises SeatingError: ``PLAYERS`` unless a table of 3 or 4."""
    if players not in PLAYER_COUNTS:
        raise SeatingError.of(Code.PLAYERS, "players", players=players)


def check_seat(seat: int, players: int, field: str = "seat") -> None:
    """:raises SeatingError: ``PLAYERS`` or ``SEAT`` for a seat that does not exist."""
    check_players(players)
    if not 0 <= seat < players:
        raise SeatingError.of(Code.SEAT, field, seat=seat, players=players)


def vorhand(dealer: int, players: int) -> int:
    """The player left of the dealer.

    >>> vorhand(0, 4), vorhand(3, 4), vorhand(2, 3)
    (1, 0, 0)
    """
    check_seat(dealer, players, "dealer")
    return (dealer + 1) % players


def auction_order(dealer: int, players: int) -> tuple[int, ...]:
    """Who speaks first, second, …: Vorhand first, the dealer last.

    >>> auction_order(0, 4)
    (1, 2, 3, 0)
    >>> auction_order(2, 3)
    (0, 1, 2)
    """
    check_seat(dealer, players, "dealer")
    return tuple((dealer + 1 + i) % players for i in range(players))


def next_dealer(dealer: int, players: int, *, completed: bool) -> int:
    """The dealer of the next deal: the same one again if all passed.

    >>> next_dealer(3, 4, completed=True), next_dealer(3, 4, completed=False)
    (0, 3)
    """
    check_seat(dealer, players, "dealer")
    return (dealer + 1) % players if completed else dealer


def dealer_of_deal(deal_number: int, *, first_dealer: int, players: int) -> int:
    """The dealer of completed deal number ``deal_number`` (counted from 1).

    Passed deals are redealt by the same dealer and not numbered, so the dealer of the
    n-th completed deal follows from the first dealer alone.

    >>> [dealer_of_deal(n, first_dealer=2, players=4) for n in range(1, 6)]
    [2, 3, 0, 1, 2]
    """
    check_seat(first_dealer, players, "first_dealer")
    if deal_number < 1:
        raise SeatingError.of(Code.DEALS_RANGE, "deal_number", deals=deal_number)
    return (first_dealer + deal_number - 1) % players
