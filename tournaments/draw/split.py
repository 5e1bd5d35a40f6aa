"""The draw: which player sits where, from a recorded seed.

A pure function of the seed, the checked-in registrations (sorted by id) and the deals per
table, so that anyone can repeat a draw and see that it was fair: the seed is drawn from the
operating system's randomness at the moment of the draw, then a seeded shuffle seats the
players, tables of four first, and each table's first dealer is drawn the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from fipsen_rules import DEALS_AT_FOUR, DEALS_AT_THREE, TableSpec, table_split


@dataclass(frozen=True)
class DrawnTable:
    number: int
    deals: int
    first_dealer: int
    #: Registration ids by seat, clockwise from seat 0.
    seats: tuple[int, ...]


def draw_tables(
    *,
    seed: int,
    registration_ids: Sequence[int],
    deals_at_four: int = DEALS_AT_FOUR,
    deals_at_three: int = DEALS_AT_THREE,
    split: Sequence[TableSpec] | None = None,
) -> list[DrawnTable]:
    """Seat the players: the same arguments always give the same tables. The tables are
    ``split`` (a rule set's, see ``tournaments.draw.rule_seating.draw_split``), else Prisdorf's
    fours and threes with these deals.

    :raises fipsen_rules.SeatingError: the count cannot be seated (1, 2, 5).
    """
    if split is None:
        split = table_split(
            len(registration_ids), deals_at_four=deals_at_four, deals_at_three=deals_at_three
        )
    rng = random.Random(seed)  # noqa: S311 (reproducibility is the point; the seed is secret-grade)
    order = sorted(registration_ids)
    rng.shuffle(order)
    tables = []
    start = 0
    for number, spec in enumerate(split, start=1):
        seats = tuple(order[start : start + spec.size])
        start += spec.size
        tables.append(DrawnTable(number, spec.deals, rng.randrange(spec.size), seats))
    return tables
