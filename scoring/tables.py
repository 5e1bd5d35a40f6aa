"""The standings as a django-tables2 table: sortable on the page, exported as CSV and XLSX."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from scoring.selectors import Standing


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("Place"), attrs={"td": {"class": "place"}})
    name = tables.Column(verbose_name=_("Player"))
    club = tables.Column(verbose_name=_("Club"))
    table = tables.Column(verbose_name=_("Table"))
    deals = tables.Column(verbose_name=_("Deals"))
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "points"}})
    declared = tables.Column(verbose_name=_("Games played"))
    won = tables.Column(verbose_name=_("won"))
    lost = tables.Column(verbose_name=_("lost"))
    best = tables.Column(verbose_name=_("Best game"), default="–", order_by=("best_rank",))

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "standings"}
        orderable = True

    def render_place(self, value: int, record: Standing) -> str:
        return f"{value}." if not record.shared else f"{value}. ="

    def value_place(self, value: int, record: Standing) -> str:
        return str(value)
