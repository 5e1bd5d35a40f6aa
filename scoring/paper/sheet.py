"""What the check of a paper sheet works with: the table as it stands, and the checked rows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from fipsen_rules.seats import Seating


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of the table: ``position`` from 0, as stored; the card prints ``position + 1``."""

    position: int
    name: str
    left_after_deal: int | None = None


@dataclass(frozen=True, slots=True)
class SheetStart:
    """The table as it stands before the sheet: where the text goes on from."""

    seats: tuple[SeatInfo, ...]
    #: The number of the next deal (1 for a table that has entered nothing).
    number: int
    #: How many deals the table plays in all.
    deals: int
    #: Every seat's running total so far, by position.
    totals: tuple[int, ...]
    #: The dealer of deal ``number``, where the rules need him (at Großenaspe's table of five
    #: he sits out); each deal on the sheet passes the deal on (a passed one has no line).
    dealer: int | None = None
    #: The table sizes of the rule set (``table_sizes``); none: the seats as they are.
    sizes: tuple[int, ...] = ()

    def playing(self, number: int) -> tuple[int, ...]:
        """The seats that play deal ``number``: all but those who left before it."""
        return self._seating().playing(number)

    def dealer_of(self, number: int) -> int | None:
        """The dealer of deal ``number`` (from ``self.number`` to ``self.deals``), if the start
        names one.

        >>> seats = tuple(SeatInfo(p, str(p)) for p in range(5))
        >>> [SheetStart(seats, 7, 125, (0,) * 5, dealer=3).dealer_of(n) for n in (7, 8, 9)]
        [3, 4, 0]
        """
        if self.dealer is None or not self.number <= number <= self.deals:
            return None
        return _dealers(self)[number - self.number]

    def _seating(self) -> Seating:
        return Seating.of(self.seats, self.sizes or (len(self.seats),))


@lru_cache(maxsize=8)
def _dealers(start: SheetStart) -> tuple[int, ...]:
    """The dealer of each deal from ``start.number`` to ``start.deals``, worked out once per
    sheet (each line passes the deal on: a passed deal has no line)."""
    seating, dealer = start._seating(), start.dealer or 0
    dealers = [dealer]
    for number in range(start.number + 1, start.deals + 1):
        dealer = seating.next_dealer(dealer, number, completed=True)
        dealers.append(dealer)
    return tuple(dealers)


@dataclass(frozen=True, slots=True)
class Row:
    """One checked line of the sheet: a deal ready to be saved."""

    line: int
    number: int
    #: The seat that played (position from 0); None when all passed (Mecklenburg).
    declarer: int | None
    #: The game, scored by the rules (for a value alone: the only game with that value, or
    #: None where several games have it and the deal keeps the value alone).
    game: object | None
    #: The sheet's value column: the declarer's score; in Großenaspe, negative, what each
    #: opponent gained.
    score: int
    #: The value as written on the line, if one was.
    written_value: int | None
    #: Every seat's running total after this deal, by position.
    totals: tuple[int, ...]
    #: Whether the line gave only the value (and the game follows from it).
    value_only: bool = False
    #: The seat that sat this deal out: the dealer of a table of five (Großenaspe).
    sitting_out: int | None = None


@dataclass(frozen=True, slots=True)
class Sheet:
    """A checked sheet: the rows, and the table they go on from."""

    start: SheetStart
    rows: tuple[Row, ...]
