"""The captain's screen of a race table while a deal is being tapped in (no database).

The captain taps the winner of each trick; the taps so far travel with the page (a hidden
field), so an undo takes the last one back and nothing is stored until the deal is saved.
The deal is complete after five tricks, or at once when a player wins his tenth.

>>> from fipsen_rules import Race
>>> game = Race().play_all([[2, 1, 1, 1, 0]] * 4)
>>> screen = TapScreen.of(game, ["A", "B", "C", "D", "E"], [1, 0, 0])
>>> [row.tricks for row in screen.rows], screen.complete, screen.tenth
([2, 1, 0, 0, 0], True, 'A')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fipsen_rules import RaceState
from fipsen_rules.thedinghausen import TABLE_SIZE, TARGET, TRICKS_PER_DEAL

__all__ = ["SeatRow", "TapScreen", "parse_announcer", "parse_seat", "parse_taps"]


@dataclass(frozen=True)
class SeatRow:
    """A player of the table: his tally before this deal and his tricks in it so far."""

    seat: int
    name: str
    tally: int
    tricks: int
    #: False for the tricks of a sweep: they do not count towards ten (SPEC C4.2).
    counted: bool = True

    @property
    def total(self) -> int:
        return self.tally + self.tricks if self.counted else self.tally


@dataclass(frozen=True)
class TapScreen:
    """The deal as tapped so far, and what it comes to."""

    rows: tuple[SeatRow, ...]
    taps: tuple[int, ...]
    #: The seat that announced Fipsen in this deal, if any.
    announcer: int | None = None

    @classmethod
    def of(
        cls,
        game: RaceState,
        names: Sequence[str],
        taps: Sequence[int],
        announcer: int | None = None,
    ) -> TapScreen:
        counts = [0] * len(names)
        for seat in taps:
            counts[seat] += 1
        rows = tuple(
            SeatRow(seat, name, game.tallies[seat], counts[seat], not _swept(game, seat, counts))
            for seat, name in enumerate(names)
        )
        return cls(rows, tuple(taps), announcer)

    @property
    def tenth(self) -> str | None:
        """The player who won his tenth trick in this deal: the game is over at once."""
        return next((row.name for row in self.rows if row.total >= TARGET), None)

    @property
    def sweeper(self) -> str | None:
        """The player who won all five tricks (they do not count; he wins 5 Hedewigs)."""
        if len(self.taps) < TRICKS_PER_DEAL or self.tenth is not None:
            return None
        return next((row.name for row in self.rows if row.tricks == TRICKS_PER_DEAL), None)

    @property
    def sweep_in_hedewigs(self) -> bool:
        """Whether a sweep here is the source's "5 Hedewigs, 1 € from each of the other four"
        (SPEC C4.2): at a table of five. At four or six the rules pay the sweeper 1 € from
        each of the others all the same, which is not five.

        >>> from fipsen_rules import Race
        >>> TapScreen.of(Race(players=4).start(), "ABCD", []).sweep_in_hedewigs
        False
        """
        return len(self.rows) == TABLE_SIZE

    @property
    def announcement_failed(self) -> str | None:
        """The player who announced Fipsen and has lost a trick of this deal: he pays.

        >>> from fipsen_rules import Race
        >>> TapScreen.of(Race().start(), "ABCDE", [0, 1], announcer=0).announcement_failed
        'A'
        """
        if self.announcer is None or all(seat == self.announcer for seat in self.taps):
            return None
        return self.rows[self.announcer].name

    @property
    def complete(self) -> bool:
        """Five tricks, or a tenth trick: the deal can be saved, and no trick follows."""
        return len(self.taps) >= TRICKS_PER_DEAL or self.tenth is not None

    @property
    def trick_number(self) -> int:
        """The number of the trick to tap next."""
        return len(self.taps) + 1

    @property
    def taps_text(self) -> str:
        """The hidden field's value: the seats, comma-separated."""
        return ",".join(str(seat) for seat in self.taps)


def _swept(game: RaceState, seat: int, counts: Sequence[int]) -> bool:
    """Whether ``seat`` won all five tricks of the deal short of his tenth: a sweep."""
    return counts[seat] == TRICKS_PER_DEAL and game.tallies[seat] + TRICKS_PER_DEAL <= TARGET


def parse_taps(text: str, players: int) -> list[int]:
    """The taps of the hidden field; anything that is not a seat of the table ends them.

    >>> parse_taps("0,3,x,1", 5), parse_taps("", 5), parse_taps("7", 5), parse_taps("1,²", 5)
    ([0, 3], [], [], [1])
    """
    taps = []
    for part in text.split(",")[:TRICKS_PER_DEAL]:
        seat = parse_seat(part, players)
        if seat is None:
            break
        taps.append(seat)
    return taps


def parse_seat(text: str, players: int) -> int | None:
    """A seat of the table, counted from 0, or None for anything else (a ``²`` passes
    ``str.isdigit`` but is no number ``int`` reads).

    >>> parse_seat("4", 5), parse_seat("5", 5), parse_seat("²", 5), parse_seat("-1", 5)
    (4, None, None, None)
    """
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) >= players:
        return None
    return int(text)


def parse_announcer(text: str | None, players: int) -> int | None:
    """The seat chosen as having announced Fipsen: the form counts seats from 1, and 0 (or
    anything that is not a seat of the table) is nobody.

    >>> parse_announcer("2", 5), parse_announcer("0", 5), parse_announcer("9", 5)
    (1, None, None)
    >>> parse_announcer("²", 5)
    """
    seat = parse_seat(text or "", players + 1)
    return None if not seat else seat - 1
