"""Tournament Fipsen: how many tables of four and of three (SPEC B3).

Tables of four as far as possible, at most three tables of three: with n players that is
``(-n) % 4`` tables of three and the rest of four. 1, 2 and 5 players cannot be seated.
"""

from __future__ import annotations

from dataclasses import dataclass

from fipsen_rules.errors import Code, SeatingError

__all__ = [
    "DEALS_AT_FOUR",
    "DEALS_AT_THREE",
    "LEDGER_TABLE_DEALS",
    "TableSpec",
    "is_seatable",
    "table_split",
]

DEALS_AT_FOUR = 100
DEALS_AT_THREE = 120
#: A table of a ledger rule set (the race, Tippen) plays until the night ends, not a number
#: of deals: its count of deals is this placeholder, which nothing reads for such a table.
LEDGER_TABLE_DEALS = 1


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One table of the split: its number of players and of deals."""

    size: int
    deals: int

    def __str__(self) -> str:
        return f"{self.size} {self.deals}"


def is_seatable(players: int) -> bool:
    """Whether ``players`` fill tables of four and at most three tables of three.

    >>> [n for n in range(13) if not is_seatable(n)]
    [0, 1, 2, 5]
    """
    return players > 0 and players - 3 * (-players % 4) >= 0


def table_split(
    players: int, *, deals_at_four: int = DEALS_AT_FOUR, deals_at_three: int = DEALS_AT_THREE
) -> tuple[TableSpec, ...]:
    """The tables for ``players``, tables of four first.

    >>> [str(t) for t in table_split(13)]
    ['4 100', '3 120', '3 120', '3 120']
    >>> table_split(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: 5 players cannot be seated at ... three; take 4 or 6.
    >>> table_split(1)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: A night needs at least 3 players, not 1.

    :raises SeatingError: ``TABLES_UNSEATABLE`` (with the nearest seatable counts below and
        above as ``fewer`` and ``more``), ``TABLES_TOO_FEW`` when no smaller count can be
        seated (``fewer`` is ``None``, ``more`` is 3), or ``DEALS_RANGE`` for fewer than one deal.
    """
    for field, deals in (("deals_at_four", deals_at_four), ("deals_at_three", deals_at_three)):
        if deals < 1:
            raise SeatingError.of(Code.DEALS_RANGE, field, deals=deals)
    if not is_seatable(players):
        fewer = next((n for n in range(players - 1, 0, -1) if is_seatable(n)), None)
        start = max(players + 1, 3)
        more = next(n for n in range(start, start + 4) if is_seatable(n))
        code = Code.TABLES_UNSEATABLE if fewer is not None else Code.TABLES_TOO_FEW
        raise SeatingError.of(code, "players", players=players, fewer=fewer, more=more)
    threes = -players % 4
    fours = (players - 3 * threes) // 4
    return (TableSpec(4, deals_at_four),) * fours + (TableSpec(3, deals_at_three),) * threes
