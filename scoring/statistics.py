"""The kinds of game a player declared at a scored night, and how many of them he won, for the
player's page (:attr:`tournaments.rule_pages.RulePages.statistics`): the games bid by their
tricks ("3 Stiche") and each game's own kinds, which its package names (``statistics.py`` of
``games/*/``). A game is won as the running totals count it (its declarer scored). One deal
may be of several kinds (3 Hand Ruten); a paper line with only its value is of none (it
counts in the games declared all the same).
"""

from collections.abc import Callable, Iterable, Sequence

from django.db.models import F
from django.utils.translation import gettext

from fipsen_rules.errors import FipsenError
from scoring.models import Deal
from tournaments.rule_pages import KindCount, Statistics

#: A game's notation read as its kinds, in the order the page lists them.
Kinds = Callable[[str], Iterable[str]]

#: A game bid by its tricks, as the kinds name it (:func:`tricks`).
TRICKS = "tricks:"


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


def counted(
    games: Iterable[tuple[str, int]], kinds_of: Kinds, order: Sequence[str]
) -> list[KindCount]:
    """Each kind in ``order`` with the games (notation, declarer's score) of it and those
    won; a kind nobody played is left out, a game the notation cannot read is of none.

    >>> def kinds_of(text):
    ...     tricks, *rest = text.split()
    ...     return [f"tricks:{tricks}", *(word for word in rest if word == "Hand")]
    >>> games = [("3 Hand gewonnen", 12), ("4 Hand verloren", -16), ("", 8), ("Kontra", 1)]
    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     order = ("tricks:3", "tricks:4", "Hand")
    ...     [(k.kind, k.declared, k.won) for k in counted(games, kinds_of, order)]
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
