"""The games of a Großenaspe demo night (SPEC C3), in realistic proportions: mostly a plain
bid of 1 to 3, won more often than lost, some with clubs, few played on, a rare Kieker and a
rarer Fips (:mod:`scoring.demo` plays them)."""

from fipsen_rules import Grossenaspe
from fipsen_rules.grossenaspe_game import AspeKind, Ending, GrossenaspeGame
from scoring.demo import GameDraw

_TRICKS = {1: 20.0, 2: 30.0, 3: 24.0, 4: 6.0, 5: 1.0}
_ENDING = {Ending.WON: 0.6, Ending.BEET: 0.3, Ending.POTT_BEET: 0.03, Ending.LOST: 0.3}
_CLUBS = 0.2
_DURCH = 0.05
_KNOCKED = 0.05
_KIEKER = {Ending.WON: 1.0, Ending.LOST: 0.6, Ending.SURRENDERED: 0.3}
_FIPS = {Ending.WON: 0.3, Ending.LOST: 0.2}


def aspe_game_weight(game: GrossenaspeGame) -> float:
    """How often ``game`` comes up at a table, relative to the other games.

    >>> aspe_game_weight(GrossenaspeGame.parse("2 gewonnen")) > aspe_game_weight(
    ...     GrossenaspeGame.parse("Fips Gute gewonnen"))
    True
    """
    ending = game.ending or Ending.WON
    if game.kind is AspeKind.FIPS:
        weight = _FIPS[ending]
    elif game.kind is AspeKind.KIEKER:
        weight = _KIEKER[ending]
    else:
        weight = _TRICKS[game.tricks or 1] * _ENDING[ending] * (_DURCH if game.durch else 1.0)
    weight *= _CLUBS if game.clubs else 1.0
    return weight * (_KNOCKED if game.geklopft else 1.0)


def aspe_draw(rules: Grossenaspe) -> GameDraw:
    """Every game the rules allow, weighted; all pass now and then."""
    return GameDraw.weighted(
        tuple(rules.games()), aspe_game_weight, GrossenaspeGame(AspeKind.PASSED)
    )
