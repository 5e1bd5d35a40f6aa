"""The desk's rows of registrations in a template (tournaments/desk/rows.py writes them):
``{% load desk %}{% registration_rows registrations %}``, or one row answered to a tap,
``{% registration_row registration %}``. The context has the ``tournament`` and its ``fees``
(none: as at a night without a fee)."""

from django import template
from django.template.context import Context
from django.utils.safestring import SafeString

from tournaments.desk import rows as desk_rows
from tournaments.models import Registration

register = template.Library()


@register.simple_tag(takes_context=True)
def registration_rows(context: Context, registrations: list[Registration]) -> SafeString:
    csrf_token = str(context.get("csrf_token", ""))
    fees = context.get("fees")
    return desk_rows.registration_rows(registrations, context["tournament"], fees, csrf_token)


@register.simple_tag(takes_context=True)
def registration_row(context: Context, registration: Registration) -> SafeString:
    return registration_rows(context, [registration])
