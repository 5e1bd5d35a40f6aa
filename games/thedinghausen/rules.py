"""The Thedinghausen race's names as tournaments store and read them (SPEC C4).

The rule set itself, its options, their check and its tables, is the library's
:class:`fipsen_rules.Thedinghausen`, found in the registry like every other; its pages are the
``races`` app's. What is left here are the names the race's web modules import.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING

from fipsen_rules import LEDGER_TABLE_DEALS, Thedinghausen
from fipsen_rules.ruleset import OptionValue

if TYPE_CHECKING:
    from tournaments.rule_choice import TournamentRules

#: The rule set's name, as a tournament stores it.
RACE_RULES = Thedinghausen.name

#: A race table plays games until the night ends, not a number of deals, so its stored count
#: of deals (``Table.deals``) is this placeholder, and nothing reads it for a race: the pages,
#: the closing steps, the history and the night's progress ask ``is_race`` first and count
#: the race's deals (tests/thedinghausen/test_closing.py). The column stays NOT NULL (≥ 1)
#: because the draw, the table cards, the scoresheets, the paper sheets, a leave's check and
#: the night's file read it as a number for every other rule set; a nullable column would be
#: a migration of the tables of every night and a None check in each of them, for no gain to
#: the race.
RACE_TABLE_DEALS = LEDGER_TABLE_DEALS


def race_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Every option with its value, checked by the rules library (tests make nights so).

    >>> race_options({"filler": 6})
    {'must_trump': False, 'filler': 6, 'announced_fipsen': False}

    :raises fipsen_rules.FipsenError: an option the race does not have, or a filler other
        than 4 or 6 (``RACE_FILLER``).
    """
    from fipsen_rules import rule_set

    return dict(rule_set(RACE_RULES, **options).options)


def announced_fipsen(options: Mapping[str, OptionValue]) -> bool:
    """Whether a player of the race may announce Fipsen (SPEC C4.2, the Kreiszeitung's)."""
    return bool(options.get("announced_fipsen", False))


def is_race(tournament: "TournamentRules") -> bool:
    """Does the tournament play the Thedinghausen race (its deals a race's, not another game's)?"""
    return tournament.rule_set == RACE_RULES
