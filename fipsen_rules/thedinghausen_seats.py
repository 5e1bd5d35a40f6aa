"""Tables of the Thedinghausen race: fives, filled up with tables of 4 or of 6 (SPEC C4).

The organiser chooses the filler where the players do not divide by five; the race at every
table is the same, five cards each (:mod:`fipsen_rules.thedinghausen`).
"""

from __future__ import annotations

from fipsen_rules.errors import Code, SeatingError

__all__ = ["FILLERS", "RACE_PLAYER_COUNTS", "TABLE_SIZE", "race_fillers", "race_table_split"]

RACE_PLAYER_COUNTS = (4, 5, 6)  # five; four or six where the count does not divide by five
TABLE_SIZE = 5
FILLERS = (4, 6)  # the tables that fill up a night whose count does not divide by five


def race_fillers(players: int) -> tuple[int, ...]:
    """The table sizes (4, 6) that can fill up tables of five for ``players``: the
    organiser chooses among them; ``(5,)`` when the count divides by five.

    >>> race_fillers(10), race_fillers(12), race_fillers(16), race_fillers(7)
    ((5,), (4, 6), (4, 6), ())
    """
    if players > 0 and players % TABLE_SIZE == 0:
        return (TABLE_SIZE,)
    return tuple(f for f in (4, 6) if players > 0 and _fill_count(players, f) is not None)


def race_table_split(players: int, *, filler: int = 4) -> tuple[int, ...]:
    """The table sizes for ``players``: tables of five, and as few tables of ``filler``
    (4 or 6, the organiser's choice) as make up the rest; the fillers come last.

    >>> race_table_split(10), race_table_split(13), race_table_split(16, filler=6)
    ((5, 5), (5, 4, 4), (5, 5, 6))
    >>> race_table_split(11, filler=6)
    (5, 6)
    >>> race_table_split(11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: 11 players cannot be seated at tables of five and 4, but ...
    >>> race_table_split(7)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: 7 players cannot be seated at tables of five and 4.

    :raises SeatingError: ``RACE_FILLER`` for a filler other than 4 or 6,
        ``RACE_TABLES_OTHER_FILLER`` when the count cannot be seated so but with the other
        filler, ``RACE_TABLES_UNSEATABLE`` when it cannot be seated with either.
    """
    if filler not in FILLERS:
        raise SeatingError.of(Code.RACE_FILLER, "filler", filler=filler)
    fill = _fill_count(players, filler) if players > 0 else None
    if fill is None:
        other = 10 - filler  # the other filler: 6 for 4, 4 for 6
        code = (
            Code.RACE_TABLES_OTHER_FILLER
            if players > 0 and _fill_count(players, other) is not None
            else Code.RACE_TABLES_UNSEATABLE
        )
        raise SeatingError.of(code, "players", players=players, filler=filler, other=other)
    fives = (players - filler * fill) // TABLE_SIZE
    return (TABLE_SIZE,) * fives + (filler,) * fill


def _fill_count(players: int, filler: int) -> int | None:
    """How many tables of ``filler`` seat ``players`` with the rest at fives, if any can."""
    fill = (-players) % TABLE_SIZE if filler == 4 else players % TABLE_SIZE
    return fill if filler * fill <= players else None
