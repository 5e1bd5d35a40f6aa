"""A race table's scoresheet: every deal with its counts and the tallies after it, game by game.

Made from the stored deals with the rules library (no database), for the PDF.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from fipsen_rules import Race

__all__ = ["SheetRow", "sheet_rows"]


@dataclass(frozen=True)
class SheetRow:
    """One deal on the sheet: its number, its game, the tricks won, the tallies after it,
    and who swept it or won the game with it (a seat, or None)."""

    deal: int
    game: int
    counts: tuple[int, ...]
    tallies: tuple[int, ...]
    sweeper: int | None
    winner: int | None


def sheet_rows(players: int, deals: Sequence[Sequence[int]]) -> list[SheetRow]:
    """The sheet's rows for stored deals (checked when they were entered).

    >>> rows = sheet_rows(4, [[0, 5, 0, 0], [3, 1, 1, 0], [2, 2, 0, 1]])
    >>> [(row.game, row.tallies, row.sweeper) for row in rows]
    [(1, (0, 0, 0, 0), 1), (1, (3, 1, 1, 0), None), (1, (5, 3, 1, 1), None)]
    """
    race = Race(players=players)
    state = race.start()
    game = 1
    rows = []
    for number, counts in enumerate(deals, start=1):
        if state.winner is not None:
            state, game = race.start(), game + 1
        sweeps = len(state.sweeps)
        state = state.play(counts)
        sweeper = state.sweeps[-1] if len(state.sweeps) > sweeps else None
        rows.append(SheetRow(number, game, tuple(counts), state.tallies, sweeper, state.winner))
    return rows
