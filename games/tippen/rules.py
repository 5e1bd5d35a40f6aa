"""Tippen's names as tournaments store and read them, and its options in the organiser's words
(SPEC C6).

The rule set itself, its options, their check and its tables, is the library's
:class:`fipsen_rules.TippenRules`, found in the registry like every other; its pages are the
``pots`` app's. A tournament stores whole numbers only, so the bête is a switch (``katira``)
and "no maximum bête" is 0.
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from fipsen_rules import Tippen, TippenRules, rule_set
from fipsen_rules.ruleset import OptionValue
from tournaments.option_text import OptionText

#: The rule set's name, as a tournament stores it.
TIPPEN_RULES = TippenRules.name

#: The options as the organiser's form offers them.
TIPPEN_TEXTS = {
    "stake": OptionText(
        _("dealer's stake"),
        _("Chips the dealer pays into the pot; a multiple of 3 keeps a third of it whole."),
        choices=((3, "3"), (6, "6"), (9, "9"), (12, "12")),
    ),
    "katira": OptionText(
        _("Bête: the whole pot (Katira)"),
        _(
            "Who tapped and took no trick pays the whole pot, a gambler's rule. Unticked: "
            "the stake (Grupp), for a social evening."
        ),
    ),
    "max_bete": OptionText(
        _("maximum bête"),
        _(
            "No bête is higher, and the pot a deal starts from holds at most this much: "
            "the excess is set aside for later deals."
        ),
        choices=((0, _("none")), (9, "9"), (12, "12"), (18, "18"), (30, "30")),
    ),
}


def tippen_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Every option with its value, checked by the rules library (tests make nights so).

    >>> tippen_options({"katira": True})
    {'stake': 3, 'katira': True, 'max_bete': 0}

    :raises fipsen_rules.FipsenError: an option Tippen does not have; a stake below 1
        (``TIPPEN_STAKE``) or a maximum bête below the stake (``TIPPEN_MAX_BETE``).
    """
    return dict(rule_set(TIPPEN_RULES, **options).options)


def tippen_of(options: Mapping[str, OptionValue], *, players: int) -> Tippen:
    """The library's Tippen of a table of ``players`` with the tournament's (stored) options.

    >>> tippen_of({"stake": 3, "katira": True, "max_bete": 12}, players=5).bete_for(30)
    12
    """
    return TippenRules(
        stake=int(options.get("stake", 3)),
        katira=bool(options.get("katira")),
        max_bete=int(options.get("max_bete", 0)),
    ).at_table(players)
