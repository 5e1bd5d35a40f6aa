"""The ranking and the prizes: pure functions over each player's figures, no database.

Order: points first, then the tournament's tie-break order (for example fewer lost games,
then the highest single game). Players equal on all of these share a place ("1, 2, 2, 4").

Prizes for shared places, the way clubs do it: the money prizes of all the places the tied
players cover are added up and split equally among them (rounded down to the cent; the cents
left over stay with the club). A named prize (a hamper) cannot be split: it goes to the group,
which shares it or draws lots, and the ranking says so.
"""

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any, Generic, Protocol, TypeVar

Key = TypeVar("Key")

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Figures(Generic[Key]):
    """One player's results: what the ranking is made from."""

    key: Key
    points: int
    won: int = 0
    lost: int = 0
    #: The highest single score as declarer; None if he never declared.
    best: int | None = None


class Results(Protocol):
    """What a part of a player's (or a team's) results says: a seat's, a player's."""

    @property
    def points(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...
    @property
    def best(self) -> int | None: ...


def summed(key: Key, parts: Sequence[Results]) -> Figures[Key]:
    """The figures of ``parts`` together: a player's seats of the series, a team's players.

    >>> summed("a", [Figures(1, 10, won=2, best=8), Figures(2, -4, lost=1)])
    Figures(key='a', points=6, won=2, lost=1, best=8)
    """
    bests = [part.best for part in parts if part.best is not None]
    return Figures(
        key,
        sum(part.points for part in parts),
        won=sum(part.won for part in parts),
        lost=sum(part.lost for part in parts),
        best=max(bests) if bests else None,
    )


#: Tie-break criteria by name; each gives a value where smaller ranks higher.
TIE_BREAKS: dict[str, Callable[[Figures[Any]], int]] = {
    "fewer_lost": lambda f: f.lost,
    "more_won": lambda f: -f.won,
    "best_game": lambda f: -(f.best if f.best is not None else -(10**6)),
}


@dataclass(frozen=True)
class Ranked(Generic[Key]):
    place: int
    figures: Figures[Key]
    #: Others have the same place.
    shared: bool


def tie_break_of(tournament: Any) -> list[str]:
    """The tournament's tie-break criteria by name, in order (its ``tie_break`` field)."""
    return [name for name in tournament.tie_break.split(",") if name]


def rank(figures: Sequence[Figures[Key]], tie_break: Sequence[str] = ()) -> list[Ranked[Key]]:
    """Order the players and give each a place; equals share it.

    >>> ranked = rank([Figures("a", 10, lost=2), Figures("b", 12), Figures("c", 10, lost=2)])
    >>> [(r.place, r.figures.key, r.shared) for r in ranked]
    [(1, 'b', False), (2, 'a', True), (2, 'c', True)]

    :raises ValueError: an unknown tie-break name.
    """
    unknown = [name for name in tie_break if name not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break: {unknown}")
    criteria = [TIE_BREAKS[name] for name in tie_break]

    def order(f: Figures[Key]) -> tuple[int, ...]:
        return (-f.points, *(criterion(f) for criterion in criteria))

    ordered = sorted(figures, key=order)
    keys = [order(f) for f in ordered]
    equals = Counter(keys)
    ranked: list[Ranked[Key]] = []
    for index, f in enumerate(ordered):
        place = index + 1 if index == 0 or keys[index] != keys[index - 1] else ranked[-1].place
        ranked.append(Ranked(place, f, shared=equals[keys[index]] > 1))
    return ranked


@dataclass(frozen=True)
class DealGroup:
    """A table's played deals of one declarer, summed (a row of the database's sums): what a
    seat's figures are made of. ``changes``: every seat's sum of its changes in them, by seat."""

    declarer: int
    deals: int
    won: int
    lost: int
    best: int
    changes: tuple[int, ...]


def seat_figures(groups: Sequence[DealGroup], players: int) -> list[Figures[int]]:
    """Each seat's figures at a table of ``players`` from its deals' ``groups``: the points
    are the sum of its changes in every deal, as the rule set scored them; the games it won
    and lost and its best are those it declared.

    >>> groups = [DealGroup(0, 2, 1, 1, 6, (5, 2, 0)), DealGroup(1, 1, 0, 1, 0, (2, 0, 2))]
    >>> [(f.points, f.won, f.lost, f.best) for f in seat_figures(groups, 3)]
    [(7, 1, 1, 6), (2, 0, 1, 0), (2, 0, 0, None)]
    """
    figures = []
    for seat in range(players):
        own = [group for group in groups if group.declarer == seat]
        figures.append(
            Figures(
                key=seat,
                points=sum(group.changes[seat] for group in groups),
                won=sum(group.won for group in own),
                lost=sum(group.lost for group in own),
                best=max((group.best for group in own), default=None),
            )
        )
    return figures


@dataclass(frozen=True)
class Prize:
    """A place's prize: money, or a named prize (or both)."""

    place: int
    money: Decimal = Decimal(0)
    name: str = ""


@dataclass(frozen=True)
class Award(Generic[Key]):
    key: Key
    money: Decimal
    #: Named prizes this player has, alone or (``shared``) with the others of his place.
    names: tuple[str, ...]
    shared: bool


def award(ranked: Sequence[Ranked[Key]], prizes: Sequence[Prize]) -> list[Award[Key]]:
    """Who gets what; tied players share the prizes of the places they cover.

    >>> ranked = rank([Figures("a", 9), Figures("b", 9), Figures("c", 3)])
    >>> prizes = [Prize(1, Decimal(50)), Prize(2, Decimal(30)), Prize(3, name="Präsentkorb")]
    >>> [(a.key, str(a.money), a.names) for a in award(ranked, prizes)]
    [('a', '40.00', ()), ('b', '40.00', ()), ('c', '0', ('Präsentkorb',))]
    """
    by_place: dict[int, list[Prize]] = {}
    for prize in prizes:  # a place may have several prizes: "30 €" and "Präsentkorb"
        by_place.setdefault(prize.place, []).append(prize)
    groups: dict[int, list[Ranked[Key]]] = {}
    for entry in ranked:
        groups.setdefault(entry.place, []).append(entry)
    awards = []
    for place, group in groups.items():
        covered = [prize for p in range(place, place + len(group)) for prize in by_place.get(p, [])]
        pot = sum((prize.money for prize in covered), Decimal(0))
        share = (pot / len(group)).quantize(CENT, rounding=ROUND_DOWN) if pot else Decimal(0)
        names = tuple(prize.name for prize in covered if prize.name)
        for entry in group:
            awards.append(Award(entry.figures.key, share, names, shared=len(group) > 1))
    return awards


def percentage_prizes(pot: Decimal, percentages: Sequence[Decimal]) -> list[Prize]:
    """Money prizes as shares of the entry fees: place 1 gets the first percentage, and so on.

    >>> [p.money for p in percentage_prizes(Decimal(130), [Decimal(50), Decimal(30), Decimal(20)])]
    [Decimal('65.00'), Decimal('39.00'), Decimal('26.00')]
    """
    return [
        Prize(place, (pot * share / 100).quantize(CENT, rounding=ROUND_DOWN))
        for place, share in enumerate(percentages, start=1)
    ]
