"""Prisdorf's kinds of game for the player's page: the games bid by their tricks, Hand, Ruten,
Durch, Kieker and Siebener Fips (:func:`scoring.statistics.statistics_of`)."""

from collections.abc import Iterable

from fipsen_rules import Game, GameKind
from scoring.statistics import TRICKS, statistics_of

KINDS = (*(f"{TRICKS}{n}" for n in range(2, 6)), "Hand", "Ruten", "Durch", "Kieker")
KINDS += ("Siebener Fips",)


def prisdorf_kinds(text: str) -> Iterable[str]:
    """Prisdorf's kinds of a game.

    >>> list(prisdorf_kinds("3 Hand Ruten gewonnen")), list(prisdorf_kinds("5 gewonnen"))
    (['tricks:3', 'Hand', 'Ruten'], ['tricks:5', 'Durch'])
    >>> list(prisdorf_kinds("Kieker Ruten verloren")), list(prisdorf_kinds("Siebener Fips"))
    (['Ruten', 'Kieker'], ['Siebener Fips'])
    """
    game = Game.parse(text)
    if game.kind is GameKind.NUMBER:
        yield f"{TRICKS}{game.tricks}"
    if game.kind is GameKind.NUMBER and game.hand:
        yield "Hand"
    if game.ruten:
        yield "Ruten"
    if game.kind is GameKind.NUMBER and game.durch:
        yield "Durch"
    if game.kind is GameKind.KIEKER:
        yield "Kieker"
    if game.kind is GameKind.SIEBENER_FIPS:
        yield "Siebener Fips"


STATISTICS = statistics_of(prisdorf_kinds, KINDS)
