"""Money of the Hedewig ledger as the cash box shows it: cents as "32,50 €", in the one
format of :mod:`sitewide.money`."""

from decimal import Decimal

from django import template

from sitewide.money import euros

register = template.Library()


@register.filter
def cents_as_euros(cents: int) -> str:
    """``3250`` as "32,50 €" in German (the locale's decimal mark), a debt with a minus sign."""
    return euros(Decimal(cents) / 100)
