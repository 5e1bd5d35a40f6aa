"""Which games a value alone stands for, under a rule set (a sheet may give only the value)."""

from __future__ import annotations

from fipsen_rules.vocabulary import Spoken


def games_for_value(rules: Spoken, value: int) -> tuple[object, ...]:
    """Every game ``rules`` allow that scores ``value`` for the declarer, plainest first
    (see :meth:`fipsen_rules.vocabulary.Vocabulary.games_of_value`).

    >>> from fipsen_rules import PRISDORF
    >>> [str(g) for g in games_for_value(PRISDORF, -6)]
    ['3 verloren']
    >>> len(games_for_value(PRISDORF, -12))
    3
    """
    return rules.vocabulary.games_of_value(value)
