"""Which rule sets read a field of the tournament form that not every rule set uses: the
tie-break (only where equal points are ordered by it, not where they share a place: the race,
Tippen) and the Preisfipsen tick (only where Kontra can be agreed). The form shows such a field
for those rule sets only (``data-shown-for``, static/js/rule-options.js); the deal counts'
readers are the seating's (:func:`tournaments.draw.rule_seating.deal_count_readers`)."""

from fipsen_rules import RULE_SETS
from fipsen_rules.ruleset import TIE_BREAK_ORDER
from tournaments.models import Tournament
from tournaments.rule_choice import CHOICES, KONTRA


def tie_break_readers() -> tuple[str, ...]:
    """The rule sets offered whose ranking orders equal players by the tournament's
    tie-break."""
    return tuple(name for name in CHOICES if RULE_SETS[name]().ranking.tie_break == TIE_BREAK_ORDER)


def kontra_readers() -> tuple[str, ...]:
    """The rule sets offered that can agree Kontra: only there does a private evening (the
    Preisfipsen tick taken off) change what may be played."""
    return tuple(
        name for name in CHOICES if any(option.name == KONTRA for option in RULE_SETS[name].options)
    )


def default_tie_break(name: str) -> str:
    """The tie-break a new tournament of rule set ``name`` starts with: its own (Preisskat's:
    more games won, then fewer lost), else the tournament's default."""
    choice = CHOICES.get(name)
    default = Tournament._meta.get_field("tie_break").default
    return str(choice.tie_break if choice and choice.tie_break else default)
