"""Tippen as a tournament's rule set (SPEC C6): its options and its tables.

Tippen is a pot ledger, no :class:`fipsen_rules.ruleset.RuleSet` (no declarer, no scored
deal), so it is not in the library's registry: its options are listed here, checked by the
library's :class:`fipsen_rules.Tippen`, and its pages are the ``pots`` app's. A tournament
stores whole numbers only, so the bête is a switch (``katira``) and "no maximum bête" is 0.
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from fipsen_rules import Bete, Code, RulesError, SeatingError, TableSpec, Tippen
from fipsen_rules.ruleset import Option, OptionValue
from tournaments.option_text import OptionText

#: The rule set's name, as a tournament stores it.
TIPPEN_RULES = "tippen"

#: A Tippen table plays deals until the night ends, not a number of them: the table's count
#: of deals, which the table keeps for deal-scored nights, is this placeholder.
TIPPEN_TABLE_DEALS = 1

TIPPEN_OPTIONS = (
    Option("stake", 3, "the dealer's stake (Kartenstamm) in chips"),
    Option("katira", False, "the bête is the whole pot (Katira), not the stake (Grupp)"),
    Option("max_bete", 0, "the maximum bête; the excess is set aside (0: no maximum)"),
)

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
    """Every option with its value, checked by the rules library.

    >>> tippen_options({"katira": True})
    {'stake': 3, 'katira': True, 'max_bete': 0}

    :raises fipsen_rules.FipsenError: an option Tippen does not have; a stake below 1
        (``TIPPEN_STAKE``) or a maximum bête below the stake (``TIPPEN_MAX_BETE``).
    """
    known = {option.name: option.default for option in TIPPEN_OPTIONS}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise RulesError.of(
            Code.RULES_OPTION_UNKNOWN,
            unknown[0],
            rules=TIPPEN_RULES,
            option=unknown[0],
            known=", ".join(known),
        )
    values = {**known, **options}
    tippen_of(values, players=4)
    return values


def tippen_of(options: Mapping[str, OptionValue], *, players: int) -> Tippen:
    """The library's Tippen of a table of ``players`` with the tournament's options.

    >>> tippen_of({"stake": 3, "katira": True, "max_bete": 12}, players=5).bete_for(30)
    12
    """
    max_bete = int(options.get("max_bete", 0))
    return Tippen(
        players=players,
        stake=int(options.get("stake", 3)),
        bete=Bete.KATIRA if options.get("katira") else Bete.GRUPP,
        max_bete=max_bete or None,
    )


def tippen_split(players: int) -> tuple[TableSpec, ...]:
    """Tables of four as far as possible; the rest at one table of three, or at one or two
    of five; six players at two tables of three (the modern rules name 3 to 5 players, and
    six who exchange cards can empty the talon).

    >>> [[spec.size for spec in tippen_split(n)] for n in (3, 5, 6, 7, 9, 10, 11, 14)]
    [[3], [5], [3, 3], [4, 3], [5, 4], [5, 5], [4, 4, 3], [5, 5, 4]]

    :raises fipsen_rules.SeatingError: ``TIPPEN_PLAYERS`` for fewer than three players.
    """
    if players < 3:
        raise SeatingError.of(Code.TIPPEN_PLAYERS, "players", players=players)
    rest = players % 4
    if players == 6:
        sizes = [3, 3]
    elif rest == 3:
        sizes = [4] * (players // 4) + [3]
    else:
        sizes = [5] * rest + [4] * ((players - 5 * rest) // 4)
    return tuple(TableSpec(size, TIPPEN_TABLE_DEALS) for size in sizes)
