"""What the check of a paper sheet works with: the table as it stands, and the checked rows."""

from __future__ import annotations

from dataclasses import dataclass

from fipsen_rules import Game
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

    def playing(self, number: int) -> tuple[int, ...]:
        """The seats that play deal ``number``: all but those who left before it."""
        return Seating.of(self.seats).playing(number)


@dataclass(frozen=True, slots=True)
class Row:
    """One checked line of the sheet: a deal ready to be saved."""

    line: int
    number: int
    #: The seat that played (position from 0).
    declarer: int
    #: The game, scored by the rules (for a value alone: the only game with that value, or
    #: None where several games have it and the deal keeps the value alone).
    game: Game | None
    #: The declarer's score, the sheet's value column.
    score: int
    #: The value as written on the line, if one was.
    written_value: int | None
    #: Every seat's running total after this deal, by position.
    totals: tuple[int, ...]
    #: Whether the line gave only the value (and the game follows from it).
    value_only: bool = False


@dataclass(frozen=True, slots=True)
class Sheet:
    """A checked sheet: the rows, and the table they go on from."""

    start: SheetStart
    rows: tuple[Row, ...]
