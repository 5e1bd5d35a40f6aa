"""The rule sets with no scored deal, played on an app's own pages: the race and Tippen.

Each has its options, their check and its table split in a module of its own
(:mod:`tournaments.race_rules`, :mod:`tournaments.tippen_rules`); :mod:`tournaments.rule_choice`
asks this table for them, and scoring hands their pages over (:mod:`tournaments.own_pages`).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fipsen_rules import TableSpec
from fipsen_rules.ruleset import Option, OptionValue
from fipsen_rules.thedinghausen import RACE_PLAYER_COUNTS
from tournaments.race_rules import (
    RACE_OPTIONS,
    RACE_RULES,
    RACE_TABLE_DEALS,
    race_options,
    race_split,
)
from tournaments.tippen_rules import (
    TIPPEN_OPTIONS,
    TIPPEN_RULES,
    TIPPEN_TABLE_DEALS,
    tippen_options,
    tippen_split,
)


@dataclass(frozen=True)
class OwnRules:
    """A rule set with no scored deal, played on an app's own pages (the race, Tippen): its
    options, their check, its tables (their deal count is a placeholder: play goes on until
    the night ends)."""

    options: tuple[Option, ...]
    checked: Callable[[Mapping[str, OptionValue]], dict[str, OptionValue]]
    split: Callable[[int, Mapping[str, OptionValue]], tuple[TableSpec, ...]]
    table_sizes: tuple[int, ...] | range
    table_deals: int


#: The rule sets played on their own pages, not scoring's (:mod:`tournaments.own_pages`).
OWN_RULES: Mapping[str, OwnRules] = {
    RACE_RULES: OwnRules(
        RACE_OPTIONS, race_options, race_split, RACE_PLAYER_COUNTS, RACE_TABLE_DEALS
    ),
    TIPPEN_RULES: OwnRules(
        TIPPEN_OPTIONS,
        tippen_options,
        lambda players, _options: tippen_split(players),
        range(3, 6),
        TIPPEN_TABLE_DEALS,
    ),
}
