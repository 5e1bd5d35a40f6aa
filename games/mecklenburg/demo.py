"""The games of a Mecklenburg demo night (SPEC C5), in proportions made up for the demo (the
source says nothing of them): Ansegger Fips mostly a low bid, made more often than failed,
some with Ruten, a rare Fips; Duttfips mostly the Dutt, some "Ruten oewer!", a rare Fips
(:mod:`scoring.demo` plays them). The points are the example table's, saved as the demo
club's own."""

import random
from collections.abc import Sequence

from fipsen_rules import Ansegger, Duttfips, MecklenburgGame, Result
from fipsen_rules.mecklenburg_game import MeckKind
from scoring.demo import GameDraw

_TRICKS = {1: 14.0, 2: 26.0, 3: 22.0, 4: 8.0}
_KIND = {MeckKind.DUTT: 40.0, MeckKind.FIPS: 1.5}
_RESULT = {Result.WON: 0.65, Result.LOST: 0.35}
_RUTEN = 0.25


def meck_game_weight(game: MecklenburgGame) -> float:
    """How often ``game`` comes up at a table, relative to the other games.

    >>> meck_game_weight(MecklenburgGame.parse("2 gewonnen")) > meck_game_weight(
    ...     MecklenburgGame.parse("Rutenfips verloren"))
    True
    """
    if game.kind is MeckKind.NUMBER:
        weight = _TRICKS[game.tricks or 1]
    else:
        weight = _KIND.get(game.kind, 1.0)
    weight *= _RESULT[game.result or Result.WON]
    return weight * (_RUTEN if game.ruten else 1.0)


def ansegger_draw(rules: Ansegger) -> GameDraw:
    """Every game the club's table has points for, weighted; all pass now and then."""
    return GameDraw.weighted(tuple(rules.games()), meck_game_weight, MECK_PASSED)


def duttfips_draw(rules: Duttfips) -> GameDraw:
    """Every game the club's table has points for, weighted: nobody passes, and the Dutt is
    Vorhand's (:func:`dutt_declarer`)."""
    return GameDraw.weighted(tuple(rules.games()), meck_game_weight, None, dutt_declarer)


def dutt_declarer(
    rng: random.Random, game: MecklenburgGame, seats: Sequence[int], dealer: int
) -> int | None:
    """Who takes the Dutt (SPEC C5): Vorhand, unless another calls "Ruten oewer!"; None for
    another game (anyone may declare it)."""
    if game.kind is not MeckKind.DUTT:
        return None
    vorhand = seats[(seats.index(dealer) + 1) % len(seats)]
    return rng.choice([s for s in seats if s != vorhand]) if game.ruten else vorhand


MECK_PASSED = MecklenburgGame(MeckKind.PASSED)
