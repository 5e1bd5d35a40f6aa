"""The table of deal values for the captain's phone: ``{% load deal_values %}``
(see scoring/offline_values.py)."""

from django import template

from scoring.offline_values import DealValues, deal_values
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def offline_deal_values(tournament: Tournament, playing: tuple[int, ...]) -> DealValues:
    """The value of every deal the captain can tap at a table where ``playing`` play."""
    return deal_values(tournament, players=len(playing))
