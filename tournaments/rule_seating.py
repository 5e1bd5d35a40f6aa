"""How a rule set seats a night: the tables of the draw and their deals (see
:mod:`tournaments.rule_choice` for the rule sets themselves)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fipsen_rules import (
    DEALS_AT_FOUR,
    DEALS_AT_THREE,
    RULE_SETS,
    Code,
    SeatingError,
    TableSpec,
    table_split,
)
from fipsen_rules.grossenaspe_seats import KARO_FIPSEN_PLAYERS
from fipsen_rules.grossenaspe_seats import table_split as aspe_table_split
from fipsen_rules.mecklenburg import fours_split
from tournaments.club_points import is_club_table_rules
from tournaments.own_rules import OWN_RULES
from tournaments.rule_choice import CHOICES, rules_of

if TYPE_CHECKING:
    from tournaments.models import Tournament


def table_deals(tournament: "Tournament") -> dict[int, int]:
    """The deals of a table by its number of players, for each size the rule set seats: the
    tournament's own count where the organiser sets one (tables of four and three), else
    the rule set's (Prisdorf's 100 and 120 are the form's defaults)."""
    own_rules = OWN_RULES.get(tournament.rule_set)
    if own_rules is not None:
        return dict.fromkeys(own_rules.table_sizes, own_rules.table_deals)
    own = {4: tournament.deals_at_four, 3: tournament.deals_at_three}
    rules = rules_of(tournament)
    return {size: own.get(size) or _deals_by_four(own[4], size) or rules.deals_at(size)
            for size in rules.table_sizes}  # fmt: skip


def deal_count_readers(size: int) -> tuple[str, ...]:
    """The rule sets offered that read the tournament's deal count of tables of ``size`` (3 or
    4; a table of five plays by the count at four): those that seat such a table, not those
    with their own pages (their tables play until the night ends)."""
    sizes = {4: (4, 5)}.get(size, (size,))
    return tuple(
        name
        for name in CHOICES
        if name not in OWN_RULES and set(sizes) & set(RULE_SETS[name]().table_sizes)
    )


def _deals_by_four(at_four: int | None, size: int) -> int | None:
    """A table of five plays a quarter more deals than one of four: everyone sits out one in
    five, and plays as many as at four (Großenaspe's 125 for 100)."""
    from tournaments.models import MAX_DEALS  # the model module imports this one

    return None if not at_four or size != 5 else min(at_four * size // 4, MAX_DEALS)


def draw_split(
    rules_name: str,
    players: int,
    deals: Mapping[int, int],
    options: Mapping[str, Any] | None = None,
) -> tuple[TableSpec, ...]:
    """The tables of the draw for ``players`` by the rule set's seating, with ``deals`` by
    table size (:func:`table_deals`): Prisdorf's fours and threes; Großenaspe's fours and
    fives, where three players would be the Karo Fipsen it does not offer; Mecklenburg's
    fours; the race's fives and the organiser's filler (``options``).

    :raises fipsen_rules.SeatingError: the count cannot be seated.
    """
    if rules_name in OWN_RULES:
        return OWN_RULES[rules_name].split(players, options or {})
    if is_club_table_rules(rules_name):  # Mecklenburg: fours only
        return fours_split(players, deals_at_four=deals.get(4, DEALS_AT_FOUR))
    if rules_name == "grossenaspe":
        if players == KARO_FIPSEN_PLAYERS:
            raise SeatingError.of(Code.KARO_FIPSEN, "players", players=players)
        return aspe_table_split(
            players, deals_at_four=deals.get(4, DEALS_AT_FOUR), deals_at_five=deals[5]
        )
    return table_split(
        players,
        deals_at_four=deals.get(4, DEALS_AT_FOUR),
        deals_at_three=deals.get(3, DEALS_AT_THREE),
    )


def tournament_split(tournament: "Tournament", players: int) -> tuple[TableSpec, ...]:
    """The tournament's tables for ``players`` (:func:`draw_split`)."""
    return draw_split(
        tournament.rule_set, players, table_deals(tournament), tournament.rule_options
    )
