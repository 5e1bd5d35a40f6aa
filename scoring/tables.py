"""The standings as a django-tables2 table: sortable on the page, exported as CSV and XLSX."""

from decimal import Decimal

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring.selectors import Standing


class StandingsTable(tables.Table):
    """The columns, their sorting and the export. The page's rows are a plain loop in
    ``scoring/_standings_table.html``: django-tables2's cell-by-cell rendering took most of the
    page's time (bench/bench_standings.py); a new column goes in both places."""

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
    prize = tables.Column(verbose_name=_("Prize"), accessor="money", orderable=False)

    class Meta:
        template_name = "scoring/_standings_table.html"
        attrs = {"class": "standings"}
        orderable = True

    def value_place(self, value: int, record: Standing) -> str:
        return str(value)

    def value_prize(self, value: Decimal, record: Standing) -> str:
        return prize_text(record)


def prize_text(standing: Standing) -> str:
    """ "25,50 €", "Präsentkorb", "25,50 € + Präsentkorb (geteilt)"; empty without a prize."""
    parts = [f"{number_format(standing.money, 2)} €"] if standing.money else []
    parts += standing.prize_names
    if not parts:
        return ""
    text = " + ".join(parts)
    if not standing.prize_shared:
        return text
    shared = _("shared")  # outside the f-string, where makemessages finds it
    return f"{text} ({shared})"
