"""Mecklenburg's kinds of game (Ansegger Fips, Duttfips) for the player's page: the games bid
by their tricks, Ruten, Fips, Rutenfips, Dutt and Ruten oewer
(:func:`scoring.statistics.statistics_of`)."""

from collections.abc import Iterable

from fipsen_rules import MecklenburgGame
from fipsen_rules.mecklenburg_game import MeckKind
from scoring.statistics import TRICKS, statistics_of

KINDS = (*(f"{TRICKS}{n}" for n in range(1, 5)), "Ruten", "Fips", "Rutenfips")
KINDS += ("Dutt", "Ruten oewer")


def mecklenburg_kinds(text: str) -> Iterable[str]:
    """Ansegger Fips's and Duttfips's kinds of a game.

    >>> list(mecklenburg_kinds("3 Ruten gewonnen")), list(mecklenburg_kinds("Rutenfips verloren"))
    (['tricks:3', 'Ruten'], ['Rutenfips'])
    >>> list(mecklenburg_kinds("Dutt gewonnen")), list(mecklenburg_kinds("Ruten oewer gewonnen"))
    (['Dutt'], ['Ruten oewer'])
    """
    game = MecklenburgGame.parse(text)
    if game.kind is MeckKind.NUMBER:
        yield f"{TRICKS}{game.tricks}"
    if game.kind is MeckKind.NUMBER and game.ruten:
        yield "Ruten"
    names = {MeckKind.FIPS: ("Fips", "Rutenfips"), MeckKind.DUTT: ("Dutt", "Ruten oewer")}
    if game.kind in names:
        yield names[game.kind][game.ruten]


STATISTICS = statistics_of(mecklenburg_kinds, KINDS)
