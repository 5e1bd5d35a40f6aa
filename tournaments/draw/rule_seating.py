"""How a rule set seats a night: the tables of the draw and their deals (see
:mod:`tournaments.rule_choice` for the rule sets themselves). The rule set answers; the
tournament adds its own counts of deals where the organiser sets them."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fipsen_rules import RULE_SETS, TableSpec, rule_set
from fipsen_rules.ruleset import RuleSet
from tournaments.rule_choice import CHOICES

if TYPE_CHECKING:
    from tournaments.models import Tournament


def table_deals(tournament: "Tournament") -> dict[int, int]:
    """The deals of a table by its number of players, for each size the rule set seats: the
    tournament's own count where the organiser sets one (tables of four and three), else
    the rule set's (Prisdorf's 100 and 120 are the form's defaults). A rule set that scores
    no deal plays until the night ends: its own placeholder count."""
    rules = _seating_rules(tournament.rule_set, tournament.rule_options)
    if not rules.scores_deals:
        return {size: rules.deals_at(size) for size in rules.table_sizes}
    own = {4: tournament.deals_at_four, 3: tournament.deals_at_three}
    return {
        size: _organisers_count(own, size) or rules.deals_at(size) for size in rules.table_sizes
    }


def _organisers_count(own: dict[int, int | None], size: int) -> int | None:
    """The organiser's count for tables of ``size``: his own, or at a table larger than any
    he counts for, the count at four scaled; None where he left the rule set's."""
    return own[size] if size in own else _deals_by_four(own[4], size)


def deal_count_readers(size: int) -> tuple[str, ...]:
    """The rule sets offered that read the tournament's deal count of tables of ``size`` (3 or
    4; a table of five plays by the count at four): those that seat such a table and score
    their deals (the others' tables play until the night ends)."""
    sizes = {4: (4, 5)}.get(size, (size,))
    readers = []
    for name in CHOICES:
        rules = RULE_SETS[name]()
        if rules.scores_deals and set(sizes) & set(rules.table_sizes):
            readers.append(name)
    return tuple(readers)


def _deals_by_four(at_four: int | None, size: int) -> int | None:
    """A table of more than four, which has no count of its own, plays the count at four
    scaled by its size: at five a quarter more (Großenaspe's 125 for 100, where everyone sits
    out one in five and plays as many as at four)."""
    from tournaments.models import MAX_DEALS  # the model module imports this one

    return min(at_four * size // 4, MAX_DEALS) if at_four else None


def draw_split(
    rules_name: str,
    players: int,
    deals: Mapping[int, int],
    options: Mapping[str, Any] | None = None,
) -> tuple[TableSpec, ...]:
    """The tables of the draw for ``players`` by the rule set's own split
    (:meth:`fipsen_rules.ruleset.RuleSet.split`) with its ``options``, and ``deals`` by
    table size (:func:`table_deals`).

    :raises fipsen_rules.SeatingError: the count cannot be seated; a filler other than 4 or 6
        (the race's ``options``).
    """
    return _seating_rules(rules_name, options or {}).split(players, deals)


def _seating_rules(name: str, options: Mapping[str, Any]) -> RuleSet:
    """Rule set ``name`` with those of ``options`` it declares: its tables depend on no other
    (the club's points table, or another rule set's options left in a tournament's).

    :raises fipsen_rules.FipsenError: the registry has no rule set ``name``, or it refuses a
        value (the race's filler: ``RACE_FILLER``, a ``SeatingError``).
    """
    declared = {option.name for option in RULE_SETS[name].options} if name in RULE_SETS else set()
    return rule_set(name, **{key: value for key, value in options.items() if key in declared})


def tournament_split(tournament: "Tournament", players: int) -> tuple[TableSpec, ...]:
    """The tournament's tables for ``players`` (:func:`draw_split`)."""
    return draw_split(
        tournament.rule_set, players, table_deals(tournament), tournament.rule_options
    )
