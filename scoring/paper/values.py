"""Which games a value alone stands for, under a rule set (a sheet may give only the value)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from fipsen_rules import Game, GameKind, Prisdorf


def games_for_value(rules: Prisdorf, value: int) -> tuple[Game, ...]:
    """Every game ``rules`` allow that scores ``value`` for the declarer.

    >>> from fipsen_rules import PRISDORF
    >>> [str(g) for g in games_for_value(PRISDORF, -6)]
    ['3 verloren']
    >>> len(games_for_value(PRISDORF, -12))
    3
    """
    return _games_by_value(rules).get(value, ())


@cache
def _games_by_value(rules: Prisdorf) -> Mapping[int, tuple[Game, ...]]:
    found: dict[int, list[Game]] = {}
    for game in rules.games():
        found.setdefault(rules.score(game), []).append(game)
    return {value: tuple(sorted(games, key=_plainness)) for value, games in found.items()}


def _plainness(game: Game) -> tuple[int, bool, bool, bool, bool]:
    """The plainest game first: fewer doubles, a number before a Kieker, Hand before Ruten
    before Durch (so that -12 suggests "3 Hand verloren")."""
    return (game.doubles, game.kind is not GameKind.NUMBER, game.durch, game.ruten, game.hand)
