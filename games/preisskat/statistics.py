"""Preisskat's kinds of game for the player's page: the suit games, Grand, Null, and the Hand
games among them (:func:`scoring.statistics.statistics_of`)."""

from collections.abc import Iterable

from fipsen_rules.preisskat_game import Level, SkatGame, Trump, parse
from scoring.statistics import statistics_of

KINDS = (*(trump.word for trump in Trump), "Hand")


def preisskat_kinds(text: str) -> Iterable[str]:
    """A game's kinds: what was played, and Hand.

    >>> list(preisskat_kinds("Kreuz mit 2 Hand gewonnen")), list(preisskat_kinds("eingepasst"))
    (['Kreuz', 'Hand'], [])
    """
    game = parse(text)
    if isinstance(game, SkatGame):
        yield game.trump.word
        if Level.HAND in game.levels:
            yield "Hand"


STATISTICS = statistics_of(preisskat_kinds, KINDS)
