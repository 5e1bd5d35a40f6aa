"""Großenaspe's kinds of game for the player's page: the games bid by their tricks, Gute,
Kreuz, Durch, Kieker and Fips (:func:`scoring.statistics.statistics_of`)."""

from collections.abc import Iterable

from fipsen_rules import GrossenaspeGame
from fipsen_rules.grossenaspe_game import AspeKind
from scoring.statistics import TRICKS, statistics_of

KINDS = (*(f"{TRICKS}{n}" for n in range(1, 6)), "Gute", "Kreuz", "Durch", "Kieker", "Fips")


def aspe_kinds(text: str) -> Iterable[str]:
    """Großenaspe's kinds of a game.

    >>> list(aspe_kinds("3 Gute Durch gewonnen")), list(aspe_kinds("Fips Kreuz verloren"))
    (['tricks:3', 'Gute', 'Durch'], ['Kreuz', 'Fips'])
    """
    game = GrossenaspeGame.parse(text)
    if game.kind is AspeKind.NUMBER:
        yield f"{TRICKS}{game.tricks}"
    flags = (("Gute", game.gute), ("Kreuz", game.kreuz), ("Durch", game.durch))
    yield from (kind for kind, on in flags if on)
    if game.kind is AspeKind.KIEKER:
        yield "Kieker"
    if game.kind is AspeKind.FIPS:
        yield "Fips"


STATISTICS = statistics_of(aspe_kinds, KINDS)
