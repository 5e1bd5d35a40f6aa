"""Money of the Hedewig ledger as the cash box shows it: cents as "32,50 €"."""

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def euros(cents: int) -> str:
    """``3250`` as "32,50 €" in German (the locale's decimal mark), a debt with a minus sign."""
    sign = "−" if cents < 0 else ""
    return f"{sign}{number_format(abs(cents) / 100, decimal_pos=2)} €"
