"""Prisdorf's demo night: its games in realistic proportions (:mod:`scoring.demo` plays them),
and how many players it seats."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from fipsen_rules import Game, GameKind, Prisdorf, Result, is_seatable
from scoring.demo import GameDraw

# How often a game is played, relatively: mostly a plain 2 or 3, won more often than lost;
# some Hand or Ruten, few Durch and Kieker, a rare Siebener Fips.
_TRICKS = {2: 30.0, 3: 24.0, 4: 5.0, 5: 0.6}
_RESULT = {Result.WON: 0.62, Result.LOST: 0.38}
_HAND = _RUTEN = 0.15
_DURCH = 0.06
_KIEKER = {Result.WON: 1.0, Result.LOST: 0.7, Result.SURRENDERED: 0.3}
_KIEKER_RUTEN = 0.25
_SIEBENER_FIPS = 0.15


def game_weight(game: Game) -> float:
    """How often ``game`` comes up at a table, relative to the other games.

    >>> game_weight(Game.parse("2 gewonnen")) > game_weight(Game.parse("3 Hand gewonnen"))
    True
    >>> game_weight(Game.parse("Kieker gewonnen")) > game_weight(Game.parse("Siebener Fips"))
    True
    """
    if game.kind is GameKind.SIEBENER_FIPS:
        return _SIEBENER_FIPS
    if game.kind is GameKind.KIEKER:
        return _KIEKER[game.result] * (_KIEKER_RUTEN if game.ruten else 1.0)  # type: ignore[index]
    weight = _TRICKS[game.tricks] * _RESULT[game.result]  # type: ignore[index]
    weight *= _HAND if game.hand else 1.0
    weight *= _RUTEN if game.ruten else 1.0
    if game.durch and game.tricks != 5:  # a 5 is always Durch
        weight *= _DURCH
    return weight


def prisdorf_draw(rules: Prisdorf) -> GameDraw:
    """Every game the rules allow, weighted (:func:`game_weight`)."""
    return GameDraw.weighted(tuple(rules.games()), game_weight)


def prisdorf_players_check(count: int) -> None:
    """A Prisdorf demo night seats ``count`` players at tables of four and three.

    :raises ValidationError: 1, 2 or 5 players (or fewer than one): how many would do.
    """
    if is_seatable(count):
        return
    fewer = next((n for n in range(count - 1, 0, -1) if is_seatable(n)), None)
    more = next(n for n in range(max(count + 1, 3), max(count + 1, 3) + 4) if is_seatable(n))
    if fewer is None:
        message = ngettext_lazy(
            "%(players)s player cannot be seated; a night needs at least %(more)s.",
            "%(players)s players cannot be seated; a night needs at least %(more)s.",
            "players",
        )
    else:
        message = _(
            "%(players)s players cannot be seated at tables of four and three; "
            "take %(fewer)s or %(more)s."
        )
    raise ValidationError(
        message, code="unseatable", params={"players": count, "fewer": fewer, "more": more}
    )
