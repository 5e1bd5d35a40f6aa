"""The kinds of game a player declared at a scored night, and how many of them he won, for the
player's page (:attr:`tournaments.rule_pages.RulePages.statistics`): the games bid by their
tricks ("3 Stiche"), Prisdorf's Hand, Ruten,
Durch, Kieker and Siebener Fips, Großenaspe's Gute, Kreuz, Durch, Kieker and Fips,
Mecklenburg's Ruten, Fips, Rutenfips, Dutt and Ruten oewer. A game is won as the running
totals count it (its declarer scored). One deal may be of several kinds (3 Hand Ruten); a
paper line with only its value is of none (it counts in the games declared all the same).
"""

from collections.abc import Callable, Iterable, Sequence

from django.db.models import F
from django.utils.translation import gettext

from fipsen_rules import Game, GameKind, GrossenaspeGame, MecklenburgGame
from fipsen_rules.errors import FipsenError
from fipsen_rules.grossenaspe_game import AspeKind
from fipsen_rules.mecklenburg_game import MeckKind
from scoring.models import Deal
from tournaments.rule_pages import KindCount, Statistics

#: A game's notation read as its kinds, in the order the page lists them.
Kinds = Callable[[str], Iterable[str]]

#: A game bid by its tricks, as the kinds name it (:func:`tricks`).
TRICKS = "tricks:"
PRISDORF_KINDS = (*(f"{TRICKS}{n}" for n in range(2, 6)), "Hand", "Ruten", "Durch", "Kieker")
PRISDORF_KINDS += ("Siebener Fips",)
ASPE_KINDS = (*(f"{TRICKS}{n}" for n in range(1, 6)), "Gute", "Kreuz", "Durch", "Kieker", "Fips")
MECKLENBURG_KINDS = (*(f"{TRICKS}{n}" for n in range(1, 5)), "Ruten", "Fips", "Rutenfips")
MECKLENBURG_KINDS += ("Dutt", "Ruten oewer")


def kind_name(kind: str) -> str:
    """A kind as the page shows it: a game bid by its tricks in the language of the page.

    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     kind_name("Hand"), kind_name("tricks:3")
    ('Hand', '3 tricks')
    """
    if kind.startswith(TRICKS):
        return gettext("%(tricks)s tricks") % {"tricks": kind.removeprefix(TRICKS)}
    return kind


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


def counted(
    games: Iterable[tuple[str, int]], kinds_of: Kinds, order: Sequence[str]
) -> list[KindCount]:
    """Each kind in ``order`` with the games (notation, declarer's score) of it and those
    won; a kind nobody played is left out, a game the notation cannot read is of none.

    >>> games = [("3 Hand gewonnen", 12), ("4 Hand verloren", -16), ("", 8), ("Kontra", 1)]
    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     [(k.kind, k.declared, k.won) for k in counted(games, prisdorf_kinds, PRISDORF_KINDS)]
    [('3 tricks', 1, 1), ('4 tricks', 1, 0), ('Hand', 2, 1)]
    """
    declared = dict.fromkeys(order, 0)
    won = dict.fromkeys(order, 0)
    for text, score in games:
        try:
            found = set(kinds_of(text)) if text else set()
        except FipsenError:
            found = set()
        for kind in found & set(order):
            declared[kind] += 1
            won[kind] += score > 0
    return [
        KindCount(kind_name(kind), declared[kind], won[kind]) for kind in order if declared[kind]
    ]


def statistics_of(kinds_of: Kinds, order: Sequence[str]) -> Statistics:
    """A scored rule set's statistics: the deals declared at the seats read in one query."""

    def statistics(seats: Sequence[int]) -> Sequence[KindCount]:
        games = Deal.objects.filter(
            table__seats__pk__in=seats,
            declarer=F("table__seats__position"),
            number__isnull=False,
        ).values_list("game", "score")
        return counted(games, kinds_of, order)

    return statistics


PRISDORF_STATISTICS = statistics_of(prisdorf_kinds, PRISDORF_KINDS)
ASPE_STATISTICS = statistics_of(aspe_kinds, ASPE_KINDS)
MECKLENBURG_STATISTICS = statistics_of(mecklenburg_kinds, MECKLENBURG_KINDS)
