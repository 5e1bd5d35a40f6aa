"""The Thedinghausen race as a tournament's rule set (SPEC C4): its options and its tables.

The race is no :class:`fipsen_rules.ruleset.RuleSet` (no declarer, no scored deal), so it is
not in the library's registry: its options are listed here, checked by the library's
:class:`fipsen_rules.Race` and :func:`fipsen_rules.race_table_split`, and its pages are the
``races`` app's.
"""

from collections.abc import Mapping

from fipsen_rules import Race, TableSpec, race_table_split
from fipsen_rules.ruleset import Option, OptionValue

#: The rule set's name, as a tournament stores it.
RACE_RULES = "thedinghausen"

#: A race table plays games until the night ends, not a number of deals, so its stored count
#: of deals (``Table.deals``) is this placeholder, and nothing reads it for a race: the pages,
#: the closing steps, the history and the night's progress ask ``is_race`` first and count
#: the race's deals (tests/races/test_closing.py). The column stays NOT NULL (≥ 1) because the
#: draw, the table cards, the scoresheets, the paper sheets, a leave's check and the night's
#: file read it as a number for every other rule set; a nullable column would be a migration
#: of the tables of every night and a None check in each of them, for no gain to the race.
RACE_TABLE_DEALS = 1

RACE_OPTIONS = (
    Option("must_trump", False, "who cannot follow must trump (on the table card only)"),
    Option("filler", 4, "tables of 4 or 6 where the players do not divide by five"),
    Option("announced_fipsen", False, "a player may announce Fipsen (the Kreiszeitung's)"),
)


def race_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Every option with its value, checked by the rules library.

    >>> race_options({"filler": 6})
    {'must_trump': False, 'filler': 6, 'announced_fipsen': False}

    :raises fipsen_rules.FipsenError: an option the race does not have, or a filler other
        than 4 or 6 (``RACE_FILLER``).
    """
    known = {option.name: option.default for option in RACE_OPTIONS}
    unknown = sorted(set(options) - set(known))
    if unknown:
        from fipsen_rules import Code, RulesError

        raise RulesError.of(
            Code.RULES_OPTION_UNKNOWN,
            unknown[0],
            rules=RACE_RULES,
            option=unknown[0],
            known=", ".join(known),
        )
    values = {**known, **options}
    Race(must_trump=bool(values["must_trump"]), announced_fipsen=bool(values["announced_fipsen"]))
    race_table_split(10, filler=int(values["filler"]))  # raises RACE_FILLER for another size
    return values


def race_split(players: int, options: Mapping[str, OptionValue]) -> tuple[TableSpec, ...]:
    """The race's tables for ``players``: fives, and the organiser's filler (4 or 6).

    >>> [spec.size for spec in race_split(13, {"filler": 4})]
    [5, 4, 4]

    :raises fipsen_rules.SeatingError: the count cannot be seated so.
    """
    filler = int(options.get("filler", 4))
    sizes = race_table_split(players, filler=filler)
    return tuple(TableSpec(size, RACE_TABLE_DEALS) for size in sizes)


def announced_fipsen(options: Mapping[str, OptionValue]) -> bool:
    """Whether a player of the race may announce Fipsen (SPEC C4.2, the Kreiszeitung's)."""
    return bool(options.get("announced_fipsen", False))
