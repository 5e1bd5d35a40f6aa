"""A season's standings from its nights' results, as the club's rules say (pure: the selectors
read the nights, :mod:`seasons.selectors`).

What a night gives a player: its points (a scored night's points, a race's games won, Tippen's
chips: what his rule set ranks by first) or season points by his place from a table the club
fills in (a place past the table's end gives 0; a shared place gives each the place's points).
The best ``best_of`` of them count (None: all), the rest are shown struck through; a missed
night counts as 0 where the club says so (then it can be one of the best, or dropped, like any
result), else it is no result at all. A player is ranked once he played ``minimum`` nights;
guests are ranked with the members, apart from them, or not at all; equal totals share the
place, or the better results counted (best first, then the next best, …) or the better latest
night decide.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fipsen_rules import places

#: What a night gives: its points, or season points by place.
GIVES_POINTS = "points"
GIVES_PLACES = "places"
#: Guests ranked with the members, apart from them, not at all.
GUESTS_WITH = "with"
GUESTS_APART = "apart"
GUESTS_NOT = "not"
#: Equal totals: share the place, the better counted results first, the better latest night.
TIE_SHARED = "shared"
TIE_BEST_RESULTS = "best_results"
TIE_LATEST_NIGHT = "latest_night"


@dataclass(frozen=True)
class Rules:
    """The club's rules of a season (see the module)."""

    gives: str = GIVES_POINTS
    #: Season points for place 1, 2, … (``gives`` == places).
    place_points: tuple[int, ...] = ()
    best_of: int | None = None
    minimum: int = 0
    missed_as_zero: bool = False
    guests: str = GUESTS_WITH
    tie_break: str = TIE_SHARED


@dataclass(frozen=True)
class Result:
    """A player's result of one night: his place and his points there."""

    place: int
    points: int


@dataclass(frozen=True)
class Cell:
    """A player's night in the season: what it gives (None: nothing, not even a zero), whether
    he missed it, whether it counts (else struck through)."""

    value: int | None
    missed: bool
    counted: bool
    place: int | None = None


@dataclass(frozen=True)
class Row:
    """A player's line: his nights (in the season's order), their total counted, the nights he
    played; his place (None: not ranked, ``below_minimum`` says why)."""

    player: Any
    cells: tuple[Cell, ...]
    total: int
    played: int
    guest: bool
    place: int | None = None
    shared: bool = False
    below_minimum: bool = False


@dataclass(frozen=True)
class Standings:
    """The ranked members (and guests ranked with them), the guests ranked apart, and the
    players not ranked (too few nights, or guests the club does not rank)."""

    ranked: tuple[Row, ...]
    guests: tuple[Row, ...] = ()
    unranked: tuple[Row, ...] = field(default=())


def night_value(rules: Rules, result: Result) -> int:
    """What a night's result gives in the season.

    >>> night_value(Rules(), Result(place=3, points=120))
    120
    >>> table = Rules(gives=GIVES_PLACES, place_points=(25, 20, 16))
    >>> night_value(table, Result(3, 120)), night_value(table, Result(4, 99))
    (16, 0)
    """
    if rules.gives == GIVES_PLACES:
        index = result.place - 1
        return rules.place_points[index] if 0 <= index < len(rules.place_points) else 0
    return result.points


def cells_of(rules: Rules, results: Sequence[Result | None]) -> tuple[Cell, ...]:
    """A player's cells over the season's nights (None: he missed it): the best ``best_of``
    count; of equal values the earlier nights count.

    >>> cells = cells_of(Rules(best_of=2, missed_as_zero=True), [Result(1, 30), None,
    ...                   Result(2, 10), Result(1, 30)])
    >>> [(c.value, c.counted) for c in cells]
    [(30, True), (0, False), (10, False), (30, True)]
    """
    values = [
        night_value(rules, result) if result else (0 if rules.missed_as_zero else None)
        for result in results
    ]
    candidates = sorted(
        (index for index, value in enumerate(values) if value is not None),
        key=lambda index: (-(values[index] or 0), index),
    )
    kept = set(candidates if rules.best_of is None else candidates[: rules.best_of])
    return tuple(
        Cell(value, result is None, index in kept, result.place if result else None)
        for index, (value, result) in enumerate(zip(values, results, strict=True))
    )


def row_of(rules: Rules, player: Any, results: Sequence[Result | None], guest: bool) -> Row:
    """A player's line, not yet placed."""
    cells = cells_of(rules, results)
    played = sum(1 for result in results if result is not None)
    total = sum(cell.value or 0 for cell in cells if cell.counted)
    return Row(player, cells, total, played, guest, below_minimum=played < rules.minimum)


def _order(rules: Rules, row: Row) -> tuple[int, ...]:
    """How a row ranks: its total, then the club's tie-break."""
    if rules.tie_break == TIE_BEST_RESULTS:
        counted = sorted((cell.value or 0 for cell in row.cells if cell.counted), reverse=True)
        # A missing result ranks below any number (a negative night too).
        width = len(row.cells)
        return (row.total, *counted, *([-(10**12)] * (width - len(counted))))
    if rules.tie_break == TIE_LATEST_NIGHT:
        latest = [cell.value for cell in reversed(row.cells)]
        return (row.total, *(-(10**12) if value is None else value for value in latest))
    return (row.total,)


def placed(rules: Rules, rows: Sequence[Row]) -> tuple[Row, ...]:
    """``rows`` placed, best first ("1, 2, 2, 4"); equal orders share a place.

    >>> rows = [Row("a", (), 10, 1, False), Row("b", (), 12, 1, False),
    ...         Row("c", (), 10, 1, False)]
    >>> [(r.player, r.place, r.shared) for r in placed(Rules(), rows)]
    [('b', 1, False), ('a', 2, True), ('c', 2, True)]
    """
    orders = {index: _order(rules, row) for index, row in enumerate(rows)}
    found = places(orders)
    counts: dict[int, int] = {}
    for place in found.values():
        counts[place] = counts.get(place, 0) + 1
    ranked = [
        replace(row, place=found[index], shared=counts[found[index]] > 1)
        for index, row in enumerate(rows)
    ]
    return tuple(sorted(ranked, key=lambda row: (row.place or 0, str(row.player))))


def standings(
    rules: Rules,
    nights: Sequence[Mapping[Any, Result]],
    guests: frozenset[Any] = frozenset(),
) -> Standings:
    """The season's standings: ``nights`` in the season's order, each its players' results by
    player; ``guests``: the players who are guests of the club.

    >>> rules = Rules(best_of=1, minimum=2)
    >>> table = standings(rules, [{"a": Result(1, 50), "b": Result(2, 20)},
    ...                           {"a": Result(2, 10), "b": Result(1, 60), "c": Result(3, 0)}])
    >>> [(r.player, r.place, r.total) for r in table.ranked]
    [('b', 1, 60), ('a', 2, 50)]
    >>> [(r.player, r.played, r.below_minimum) for r in table.unranked]
    [('c', 1, True)]
    """
    players = sorted({player for night in nights for player in night}, key=str)
    rows = [
        row_of(rules, player, [night.get(player) for night in nights], player in guests)
        for player in players
    ]
    unranked = [row for row in rows if row.below_minimum]
    members = [row for row in rows if not row.below_minimum]
    apart: list[Row] = []
    if rules.guests != GUESTS_WITH:
        apart = [row for row in members if row.guest]
        members = [row for row in members if not row.guest]
        if rules.guests == GUESTS_NOT:
            unranked += apart
            apart = []
    return Standings(
        ranked=placed(rules, members),
        guests=placed(rules, apart),
        unranked=tuple(sorted(unranked, key=lambda row: (-row.total, str(row.player)))),
    )
