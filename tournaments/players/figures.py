"""A player's figures over his seats (every series of a night, or one), and their places as his
rule set ranks them (:attr:`tournaments.rule_pages.RulePages.rank`): what the series'
standings, the season and the player's page read, for every rule set alike. Pure: the
running totals (:mod:`tournaments.ledger.totals`) are read by the caller.
"""

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from fipsen_rules import places


class SeatFigures(Protocol):
    """A seat's running totals as :class:`tournaments.ledger.totals.SeatTotal` keeps them."""

    @property
    def points(self) -> int: ...
    @property
    def declared(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...
    @property
    def best(self) -> int | None: ...
    @property
    def cents(self) -> int: ...
    @property
    def sweeps(self) -> int: ...
    @property
    def failed(self) -> int: ...


@dataclass(frozen=True)
class PlayerFigures:
    """One player's figures: a scored night's points, a race's games won, Tippen's chips
    (``points``); a scored night's games declared, won, lost and the best of them; a race's
    money in cents, its sweeps and announced Fipsen lost."""

    key: Any
    points: int = 0
    declared: int = 0
    won: int = 0
    lost: int = 0
    best: int | None = None
    cents: int = 0
    sweeps: int = 0
    failed: int = 0


def summed(key: Any, totals: Iterable[SeatFigures]) -> PlayerFigures:
    """The figures of ``key``'s seats added up (his best game the best of them).

    >>> class T:
    ...     def __init__(self, points, best):
    ...         self.points, self.best = points, best
    ...         self.declared = self.won = self.lost = self.cents = self.sweeps = self.failed = 1
    >>> anna = summed("anna", [T(40, 12), T(-5, None), T(10, 30)])
    >>> anna.points, anna.best, anna.won
    (45, 30, 3)
    """
    found = list(totals)
    bests = [total.best for total in found if total.best is not None]
    return PlayerFigures(
        key,
        points=sum(total.points for total in found),
        declared=sum(total.declared for total in found),
        won=sum(total.won for total in found),
        lost=sum(total.lost for total in found),
        best=max(bests) if bests else None,
        cents=sum(total.cents for total in found),
        sweeps=sum(total.sweeps for total in found),
        failed=sum(total.failed for total in found),
    )


@dataclass(frozen=True)
class Placed:
    """A player's place among others; ``shared``: others have the same."""

    place: int
    shared: bool
    figures: PlayerFigures


#: How a rule set ranks its players' figures at a tournament (its tie-break): best first.
Ranks = Callable[[Any, Sequence[PlayerFigures]], list[Placed]]


def placed_by(order: Callable[[PlayerFigures], tuple[int, ...]]) -> Ranks:
    """A ranking by ``order`` (larger first); equal orders share a place ("1, 2, 2, 4").

    >>> by_points = placed_by(lambda figures: (figures.points,))
    >>> [(p.place, p.shared, p.figures.key) for p in by_points(None, [
    ...     PlayerFigures("a", 10), PlayerFigures("b", 12), PlayerFigures("c", 10)])]
    [(1, False, 'b'), (2, True, 'a'), (2, True, 'c')]
    """

    def ranks(tournament: Any, figures: Sequence[PlayerFigures]) -> list[Placed]:
        found = places({index: order(player) for index, player in enumerate(figures)})
        tied = Counter(found.values())
        return sorted(
            (
                Placed(found[index], tied[found[index]] > 1, player)
                for index, player in enumerate(figures)
            ),
            key=lambda placed: placed.place,
        )

    return ranks


#: Points, chips: what a rule set ranks by where it says nothing else.
by_points = placed_by(lambda figures: (figures.points,))
#: The Thedinghausen race: games won, then the money of the Hedewig ledger (SPEC C4).
by_games_then_money = placed_by(lambda figures: (figures.points, figures.cents))


def places_of(ranked: Sequence[Placed]) -> Mapping[Any, Placed]:
    """Each key's place."""
    return {placed.figures.key: placed for placed in ranked}
