"""Chips as the Tippen pages and the ledgers PDF show them: a debt with a true minus sign."""

from django import template

from fipsen_rules.signs import signed_total

register = template.Library()


@register.filter
def chips(number: int) -> str:
    """``-12`` as "−12" (U+2212), as every total of the app is written."""
    return signed_total(number)
