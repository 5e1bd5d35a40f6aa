"""The games of a Preisskat demo evening, in proportions made up for the demo (PREISSKAT.md
gives none): mostly suit games with one to three Spitzen, a Grand now and then, a rare Null,
Hand in one game of eight, three games of four won (:mod:`scoring.demo` plays them)."""

from fipsen_rules.preisskat import Preisskat
from fipsen_rules.preisskat_game import Level, PassedGame, SkatGame, Trump
from scoring.demo import GameDraw

_TRUMP = {Trump.KARO: 6.0, Trump.HERZ: 6.0, Trump.PIK: 7.0, Trump.KREUZ: 8.0, Trump.GRAND: 5.0}
_NULL = 0.4
_TOPS = {1: 10.0, 2: 6.0, 3: 3.0, 4: 1.0}
_WON = {True: 0.75, False: 0.25}
#: How much rarer a level makes a game (Hand 1 in 8; Schneider 1 in 6; the rest rare).
_LEVEL = {Level.HAND: 0.14, Level.SCHNEIDER: 0.2, Level.SCHWARZ: 0.05}
_RARE_LEVEL = 0.02


def skat_game_weight(game: SkatGame) -> float:
    """How often ``game`` comes up at a table, relative to the other games.

    >>> from fipsen_rules.preisskat import PREISSKAT
    >>> skat_game_weight(PREISSKAT.parse("Kreuz mit 1 gewonnen")) > skat_game_weight(
    ...     PREISSKAT.parse("Grand mit 4 Hand gewonnen"))
    True
    """
    if game.trump is Trump.NULL:
        weight = _NULL
    else:
        weight = _TRUMP[game.trump] * _TOPS.get(game.tops or 1, 0.1)
    for level in game.levels:
        weight *= _LEVEL.get(level, _RARE_LEVEL)
    return weight * _WON[bool(game.won)]


def preisskat_draw(rules: Preisskat) -> GameDraw:
    """Every game the rules allow, weighted; a deal all passed now and then."""
    return GameDraw.weighted(tuple(rules.games()), skat_game_weight, PassedGame())
