"""The draw of a night's next series (2, 3, …): a pure function of its seed, as the first draw
(:mod:`tournaments.draw.split`), so that anyone can repeat it.

Three ways, the organiser's choice:

- **by lot** (``LOT``): as the first draw, a seeded shuffle;
- **seeded by the standings** (``SEEDED``): the best at table 1, the next at table 2, and so
  on (players on the same place in the order the seed draws; players without a place, a late
  arrival, last); the seats at each table and its first dealer by lot;
- **by lot, avoiding earlier tablemates** (``AVOIDING``): a seeded shuffle, then a seeded
  search that swaps players between tables until no two players sit together again who sat
  at one table in an earlier series, or as few such pairs as it finds.

Every way says how many pairs met again (:func:`pairs_met_again`); :func:`fewest_met_again`
is the least any draw can reach, by pigeonhole: a table of ``s`` players drawn from the ``k``
tables of the previous series holds at least the pairs of ``s`` spread as evenly as can be
over ``k`` (``s ≤ k``: none).

>>> drawn = series_tables(seed=7, method=Method.AVOIDING, registration_ids=range(1, 17),
...     split=[TableSpec(4, 48)] * 4, earlier=[[{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12},
...     {13, 14, 15, 16}]])
>>> drawn.met_again, [len(table.seats) for table in drawn.tables]
(0, [4, 4, 4, 4])
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from fipsen_rules import TableSpec
from tournaments.draw.split import DrawnTable

#: A series' tables as the sets of the registrations seated at each.
SeriesTables = Sequence[Collection[int]]


class Method(enum.StrEnum):
    """How the next series is drawn."""

    LOT = "lot"
    SEEDED = "seeded"
    AVOIDING = "avoiding"


@dataclass(frozen=True)
class SeriesDrawn:
    """A series' tables and how many pairs of players sit together again."""

    tables: list[DrawnTable]
    met_again: int


#: The avoiding search: fresh starts, and swaps tried in each.
STARTS = 8
STEPS = 1500


def series_tables(
    *,
    seed: int,
    method: Method,
    registration_ids: Iterable[int],
    split: Sequence[TableSpec],
    earlier: Sequence[SeriesTables] = (),
    places: Mapping[int, int] | None = None,
) -> SeriesDrawn:
    """Seat ``registration_ids`` at the tables of ``split`` (the first draw's split for this
    count, :func:`tournaments.draw.rule_seating.tournament_split`): the same arguments always give
    the same tables. ``earlier``: the earlier series' tables (what ``AVOIDING`` avoids and
    the count of pairs met again reads); ``places``: each registration's place in the
    standings (``SEEDED``; a registration without one comes last).

    :raises ValueError: the split does not seat exactly these players.
    """
    ids = sorted(set(registration_ids))
    sizes = [spec.size for spec in split]
    if sum(sizes) != len(ids):
        raise ValueError(f"the split seats {sum(sizes)}, not {len(ids)} players")
    rng = random.Random(seed)  # noqa: S311 (reproducibility is the point; the seed is secret-grade)
    met = earlier_tablemates(earlier)
    if method == Method.SEEDED:
        groups = _by_places(rng, ids, places or {}, sizes)
    elif method == Method.AVOIDING:
        groups = _avoiding(rng, ids, sizes, met, earlier)
    else:
        rng.shuffle(ids)
        groups = _chunks(ids, sizes)
    tables = []
    for number, (spec, group) in enumerate(zip(split, groups, strict=True), start=1):
        seats = list(group)
        rng.shuffle(seats)
        tables.append(DrawnTable(number, spec.deals, rng.randrange(spec.size), tuple(seats)))
    return SeriesDrawn(tables, pairs_met_again([table.seats for table in tables], earlier))


def earlier_tablemates(earlier: Sequence[SeriesTables]) -> dict[int, set[int]]:
    """Whom each player sat at a table with in the earlier series."""
    met: dict[int, set[int]] = {}
    for series in earlier:
        for table in series:
            for player in table:
                met.setdefault(player, set()).update(other for other in table if other != player)
    return met


def pairs_met_again(tables: SeriesTables, earlier: Sequence[SeriesTables]) -> int:
    """How many pairs of players at the same table of ``tables`` sat at one table in an
    earlier series (each pair once, however often it met before)."""
    met = earlier_tablemates(earlier)
    return sum(1 for table in tables for a, b in combinations(table, 2) if b in met.get(a, ()))


def fewest_met_again(sizes: Iterable[int], previous: SeriesTables) -> int:
    """A lower bound of :func:`pairs_met_again` for any draw of tables of ``sizes`` after the
    series ``previous`` (tables of the same players), by pigeonhole: a table of ``s`` players
    drawn from ``k`` earlier tables holds at least ``q`` players from each of ``k - r`` of them
    and ``q + 1`` from ``r`` (``s = q·k + r``), each such group pairs that met before. Zero when
    no table is larger than the number of earlier tables."""
    k = sum(1 for table in previous if table)
    if k == 0:
        return 0
    bound = 0
    for size in sizes:
        q, r = divmod(size, k)
        bound += (k - r) * q * (q - 1) // 2 + r * (q + 1) * q // 2
    return bound


def _chunks(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(list(order[start : start + size]))
        start += size
    return groups


def _by_places(
    rng: random.Random, ids: list[int], places: Mapping[int, int], sizes: Sequence[int]
) -> list[list[int]]:
    """The best at table 1, and so on: by place, a tie (and the unplaced, last) by lot."""
    lots = {player: rng.random() for player in ids}
    last = max(places.values(), default=0) + 1
    order = sorted(ids, key=lambda player: (places.get(player, last), lots[player]))
    return _chunks(order, sizes)


def _avoiding(
    rng: random.Random,
    ids: list[int],
    sizes: Sequence[int],
    met: Mapping[int, set[int]],
    earlier: Sequence[SeriesTables],
) -> list[list[int]]:
    """The fewest pairs met again the seeded search finds: from a few seeded starts (the
    first dealt round the tables, :func:`_dealt`), each improved by swaps
    (:func:`_improve`); the first start that reaches the bound (:func:`fewest_met_again`,
    none can do better) ends it."""
    latest = earlier[-1] if earlier else []
    floor = fewest_met_again(sizes, latest)  # none can do better: the search stops there
    best: list[list[int]] = []
    best_cost = -1
    for start in range(STARTS):
        order = list(ids)
        rng.shuffle(order)
        groups = _dealt(rng, order, sizes, latest) if start == 0 else _chunks(order, sizes)
        cost = _improve(rng, groups, met, floor)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = [list(group) for group in groups], cost
        if best_cost <= floor:
            break
    return best


def _dealt(
    rng: random.Random, order: list[int], sizes: Sequence[int], latest: SeriesTables
) -> list[list[int]]:
    """The players dealt round the tables like cards, one table after the other, the players
    of each table of the latest series (in a shuffled order) one after the other, then the
    rest: no two of one earlier table meet again while it has no more players than there are
    tables (the tables' sizes differ by one at most, the larger first, as the split gives
    them); a table full is passed over."""
    tables = [list(table) for table in latest]
    rng.shuffle(tables)
    players = set(order)
    dealt = [p for table in tables for p in sorted(table) if p in players]
    seen = set(dealt)
    dealt += [p for p in order if p not in seen]
    groups: list[list[int]] = [[] for _size in sizes]
    table = 0
    for player in dealt:
        while len(groups[table]) >= sizes[table]:
            table = (table + 1) % len(sizes)
        groups[table].append(player)
        table = (table + 1) % len(sizes)
    return groups


def _clashes(player: int, group: Iterable[int], met: Mapping[int, set[int]]) -> int:
    mates = met.get(player, set())
    return sum(1 for other in group if other != player and other in mates)


def _improve(
    rng: random.Random, groups: list[list[int]], met: Mapping[int, set[int]], floor: int = 0
) -> int:
    """Swap players between tables while it does not add pairs met again (a sideways swap
    too, to leave a plateau), a player who clashes first, until none are left or ``floor``
    (the bound) is reached; ``groups`` is left at the best found. Returns its pairs met
    again."""
    cost = sum(_clashes(p, group, met) for group in groups for p in group) // 2
    best, best_cost = [list(group) for group in groups], cost
    for _step in range(STEPS):
        if cost <= floor:
            break
        clashing = [(g, i) for g, group in enumerate(groups) for i, p in enumerate(group)
                    if _clashes(p, group, met)]  # fmt: skip
        g, i = rng.choice(clashing)
        moves = _swaps(groups, g, i, met)
        delta = min(move[0] for move in moves)
        if delta > 0 and rng.random() > 0.1:
            continue
        _d, h, j = rng.choice([move for move in moves if move[0] == delta])
        groups[g][i], groups[h][j] = groups[h][j], groups[g][i]
        cost += delta
        if cost < best_cost:
            best, best_cost = [list(group) for group in groups], cost
    groups[:] = best
    return best_cost


def _swaps(
    groups: list[list[int]], g: int, i: int, met: Mapping[int, set[int]]
) -> list[tuple[int, int, int]]:
    """Every swap of the player at ``groups[g][i]`` with one of another table, as (the change
    of pairs met again, the other's table, his place at it)."""
    player, own = groups[g][i], groups[g]
    before = _clashes(player, own, met)
    moves = []
    for h, group in enumerate(groups):
        if h == g:
            continue
        for j, other in enumerate(group):
            rest = [p for p in group if p != other]
            mine = [p for p in own if p != player]
            delta = (
                _clashes(player, rest, met)
                + _clashes(other, mine, met)
                - before
                - _clashes(other, rest, met)
            )
            moves.append((delta, h, j))
    return moves
