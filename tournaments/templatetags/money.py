"""Money in a template, in the one format of :mod:`sitewide.money`: ``{% load money %}``,
``{{ cash.stays|euros }}`` ("−10,00 €"), ``{{ cash.prizes.money|euros_out }}`` (paid out:
"−70,00 €")."""

from decimal import Decimal

from django import template

from sitewide import money

register = template.Library()


@register.filter
def euros(amount: Decimal | int) -> str:
    """The amount in euros: "32,50 €", a debt "−10,00 €"."""
    return money.euros(amount)


@register.filter
def euros_out(amount: Decimal | int) -> str:
    """Money paid out, subtracted: "−70,00 €"."""
    return money.euros_out(amount)
