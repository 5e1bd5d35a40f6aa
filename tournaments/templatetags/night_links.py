"""``{% night_link 'finish' tournament.pk %}``: a link to a page another app adds to the night
(see tournaments/night_links.py), written as ``{% url %}`` would be."""

from django import template

from tournaments import night_links

register = template.Library()


@register.simple_tag
def night_link(name: str, *args: object) -> str:
    return night_links.night_link(name, *args)
