"""Seats, the dealer and Vorhand.

Seats are numbered 0..players-1 clockwise. Vorhand sits left of the dealer, speaks first
and leads to the first trick. The deal passes left after every completed deal; after all
passed the same dealer deals again (SPEC A2).

A player may leave a table of four during the night; from the next deal on the other three
play on and he neither deals nor is Vorhand any more (:class:`Seating`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from fipsen_rules.errors import Code, SeatingError

__all__ = [
    "SeatLike",
    "Seating",
    "auction_order",
    "check_players",
    "check_seat",
    "dealer_of_deal",
    "deals_played_by",
    "next_dealer",
    "plays_deal",
    "vorhand",
]

PLAYER_COUNTS = (3, 4)


def check_players(players: int, sizes: tuple[int, ...] = PLAYER_COUNTS) -> None:
    """:raises SeatingError: ``PLAYERS`` unless a table of 3 or 4 (or of ``sizes``)."""
    if players not in sizes:
        raise SeatingError.of(Code.PLAYERS, "players", players=players)


def check_seat(
    seat: int, players: int, field: str = "seat", sizes: tuple[int, ...] = PLAYER_COUNTS
) -> None:
    """:raises SeatingError: ``PLAYERS`` or ``SEAT`` for a seat that does not exist."""
    check_players(players, sizes)
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
    """The dealer of the next deal: the same one again if the deal did not count (Fipsen's
    all passed; ``completed`` is the rule set's ``counts_as_deal``).

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
        raise SeatingError.of(Code.DEAL_NUMBER, "deal_number", deal_number=deal_number)
    return (first_dealer + deal_number - 1) % players


def plays_deal(left_after_deal: int | None, deal_number: int) -> bool:
    """Whether a player plays deal ``deal_number``: he has not left, or left after it.

    >>> plays_deal(None, 7), plays_deal(6, 6), plays_deal(6, 7)
    (True, True, False)
    """
    return left_after_deal is None or left_after_deal >= deal_number


def deals_played_by(left_after_deal: int | None, table_played: int) -> int:
    """How many of his table's ``table_played`` deals a player played: up to his leaving.

    >>> deals_played_by(None, 30), deals_played_by(12, 30), deals_played_by(40, 30)
    (30, 12, 30)
    """
    return table_played if left_after_deal is None else min(table_played, left_after_deal)


class SeatLike(Protocol):
    """A seat as the web layer stores it (or any value with these two attributes)."""

    @property
    def position(self) -> int: ...

    @property
    def left_after_deal(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Seating:
    """A table's seats, clockwise from seat 0: for each, the deal after which its player
    left, or None while he plays on.

    >>> table = Seating((None, 2, None, None))
    >>> table.playing(2), table.playing(3)
    ((0, 1, 2, 3), (0, 2, 3))
    >>> Seating((None, None))
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: ...
    """

    left_after_deal: tuple[int | None, ...]
    #: The table sizes allowed: Prisdorf's 3 and 4 unless a rule set seats others
    #: (Großenaspe's tables of five, where the dealer sits out).
    sizes: tuple[int, ...] = field(default=PLAYER_COUNTS, repr=False)

    def __post_init__(self) -> None:
        check_players(len(self.left_after_deal), self.sizes)

    @classmethod
    def of(cls, seats: Iterable[SeatLike], sizes: tuple[int, ...] = PLAYER_COUNTS) -> Seating:
        """The seating of a table's seats, in any order.

        :raises SeatingError: ``SEAT`` unless the positions are 0 to players - 1, each once;
            ``PLAYERS`` unless 3 or 4 seats.

        >>> from collections import namedtuple
        >>> Seat = namedtuple("Seat", "position left_after_deal")
        >>> Seating.of([Seat(1, 4), Seat(0, None), Seat(2, None)])
        Seating(left_after_deal=(None, 4, None))
        """
        listed = list(seats)
        by_position = {seat.position: seat.left_after_deal for seat in listed}
        players = len(listed)
        check_players(players, sizes)
        for seat in listed:
            check_seat(seat.position, players, "position", sizes)
        if len(by_position) < players:  # a seat twice, so another one missing
            missing = min(set(range(players)) - by_position.keys())
            raise SeatingError.of(Code.SEAT, "position", seat=missing, players=players)
        return cls(tuple(by_position[position] for position in range(players)), sizes)

    @property
    def players(self) -> int:
        return len(self.left_after_deal)

    def playing(self, deal_number: int) -> tuple[int, ...]:
        """The seats that play deal ``deal_number``, clockwise from seat 0."""
        return tuple(
            seat for seat, left in enumerate(self.left_after_deal) if plays_deal(left, deal_number)
        )

    def next_dealer(self, dealer: int, deal_number: int, *, completed: bool) -> int:
        """The dealer of deal ``deal_number``, after ``dealer`` dealt the last deal.

        After a completed deal (one that counts) the deal passes to the next seat clockwise
        that plays ``deal_number``; after one that does not count (Fipsen's all passed; and,
        with ``completed=False``, for the first deal, ``dealer`` being the first dealer) the
        same dealer deals again, unless he left:
        then the next seat on that plays it.

        >>> table = Seating((None, 2, None, None))
        >>> table.next_dealer(0, 2, completed=True), table.next_dealer(0, 3, completed=True)
        (1, 2)
        >>> table.next_dealer(1, 3, completed=False), table.next_dealer(3, 3, completed=False)
        (2, 3)
        """
        return self._clockwise(dealer, deal_number, step=1 if completed else 0)

    def vorhand(self, dealer: int, deal_number: int) -> int:
        """Vorhand of deal ``deal_number``: the next seat left of the dealer that plays it.

        >>> Seating((None, 2, None, None)).vorhand(0, 3), Seating((None,) * 3).vorhand(2, 1)
        (2, 0)
        """
        return self._clockwise(dealer, deal_number, step=1)

    def _clockwise(self, start: int, deal_number: int, *, step: int) -> int:
        """The first seat from ``start + step`` on, clockwise, that plays ``deal_number``."""
        check_seat(start, self.players, "dealer", self.sizes)
        playing = self.playing(deal_number)
        for offset in range(step, step + self.players):
            seat = (start + offset) % self.players
            if seat in playing:
                return seat
        raise SeatingError.of(Code.PLAYERS, "deal_number", players=0)
