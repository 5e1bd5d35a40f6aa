"""``tournament|rule_pages``: the pages the tournament's rule set registered
(:mod:`tournaments.rule_pages`), so that a template includes what they name instead of
asking which rule set it shows."""

from django import template

from tournaments import rule_pages as registry
from tournaments.rule_choice import TournamentRules

register = template.Library()


@register.filter
def rule_pages(tournament: TournamentRules) -> registry.RulePages:
    """The registered pages of ``tournament``'s rule set."""
    return registry.pages_of(tournament)
