"""``{% kinds_offered "before_play" tournament as kinds %}``: the kinds of file that offer
themselves on a page, so that a page lists the buttons of every app's kinds without naming
them; with the file's subject, only the kinds it can have."""

from django import template

from printing.kinds import Kind, kinds_offered_in

register = template.Library()


@register.simple_tag
def kinds_offered(place: str, subject: object = None) -> list[Kind]:
    return kinds_offered_in(place, subject)
