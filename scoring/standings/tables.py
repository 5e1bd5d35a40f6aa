"""The standings as a django-tables2 table: sortable on the page, exported as CSV and XLSX."""

from collections.abc import Sequence
from decimal import Decimal

import django_tables2 as tables
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData
from django_tables2.utils import Accessor, OrderBy

from fipsen_rules.signs import signed_total
from scoring.standings.selectors import Standing
from sitewide.money import euros

#: A column of numbers: its header right-aligned like its figures (site.css, ``.num``).
NUMBER = {"th": {"class": "num"}}


class StandingsRows(TableListData):
    """The standings' rows, sorted by each row's value read once per column. django-tables2
    reads both rows' values at every comparison (some 13,000 reads for 800 players, a sixth of
    a sorted page's CPU time, bench/bench_organiser_pages.py); the order is the same: one
    stable sort per column, the least significant first."""

    def order_by(self, aliases: Sequence[str]) -> None:
        orders: list[OrderBy] = []
        for alias in aliases:  # as django-tables2 reads a column's sorting
            column = self.table.columns[OrderBy(alias).bare]
            same = alias[0] == column.order_by_alias[0]
            orders += column.order_by if same else column.order_by.opposite
        rows = list(self.data)
        try:
            for order in reversed(orders):
                accessor = Accessor(order.bare)
                rows.sort(
                    key=lambda row: accessor.resolve(row, quiet=True), reverse=order.is_descending
                )
        except TypeError:  # values that do not compare (none here): django-tables2's own way
            super().order_by(aliases)
            return
        self.data[:] = rows


class StandingsTable(tables.Table):
    """The columns, their sorting and the export. The page's rows are written by
    :func:`standing_row`, in the order the table was sorted: django-tables2's cell-by-cell
    rendering, then a template's loop, took most of the page's time at 800 players
    (bench/bench_organiser_pages.py); a new column goes in both places."""

    place = tables.Column(verbose_name=_("Place"), attrs=NUMBER)
    name = tables.Column(verbose_name=_("Player"), attrs={"th": {"class": "name"}})
    club = tables.Column(verbose_name=_("Club"))
    table = tables.Column(verbose_name=_("Table"), attrs=NUMBER)
    deals = tables.Column(verbose_name=_("Deals"), attrs=NUMBER)
    points = tables.Column(verbose_name=_("Points"), attrs=NUMBER)
    declared = tables.Column(verbose_name=_("Games declared"), attrs=NUMBER)
    won = tables.Column(verbose_name=_("won"), attrs=NUMBER)
    lost = tables.Column(verbose_name=_("lost"), attrs=NUMBER)
    best = tables.Column(
        verbose_name=_("Best game"), default="–", order_by=("best_rank",), attrs=NUMBER
    )
    prize = tables.Column(
        verbose_name=_("Prize"), accessor="money", orderable=False, attrs={"th": {"class": "prize"}}
    )

    class Meta:
        template_name = "scoring/_standings_table.html"
        attrs = {"class": "standings"}
        orderable = True

    def __init__(self, data: Sequence[Standing], **kwargs: object) -> None:
        """A night of several series has a column of points per series before the total."""
        count = len(data[0].series) if data else 0
        columns = [(f"series_{number}", series_column(number)) for number in range(1, count + 1)]
        if columns:
            names = [name for name in self.base_columns if name != "points"]
            at = names.index("deals") + 1
            kwargs["sequence"] = [
                *names[:at],
                *(name for name, _ in columns),
                "points",
                *names[at:],
            ]
        super().__init__(StandingsRows(list(data)), extra_columns=columns, **kwargs)

    def value_place(self, value: int, record: Standing) -> str:
        return place_text(record)

    def value_prize(self, value: Decimal, record: Standing) -> str:
        return prize_text(record)

    def rows_html(self) -> SafeString:
        """The page's rows (``_standings_table.html``), in the table's order."""
        return mark_safe("".join(map(standing_row, self.data)))  # noqa: S308 (escaped there)


def standing_row(standing: Standing) -> str:
    """A row of the page: what a template's loop wrote, a dozen times quicker (800 rows)."""
    series = "".join(
        f'<td class="num series">{_or_dash(points)}</td>' for points in standing.series
    )
    return (
        f'<tr><td class="num place">{place_text(standing)}</td>'
        f'<td class="name">{escape(standing.name)}</td>'
        f'<td class="club">{escape(standing.club)}</td>'
        f'<td class="num">{standing.table:d}</td><td class="num">{standing.deals:d}</td>{series}'
        f'<td class="num points">{signed_total(standing.points)}</td>'
        f'<td class="num">{standing.declared:d}</td><td class="num">{standing.won:d}</td>'
        f'<td class="num">{standing.lost:d}</td><td class="num">{_or_dash(standing.best)}</td>'
        f'<td class="prize">{escape(prize_text(standing))}</td></tr>\n'
    )


def _or_dash(points: int | None) -> str:
    """Points as the standings write them ("−34"), "–" for none."""
    return "–" if points is None else signed_total(points)


def series_column(number: int) -> tables.Column:
    """A series' points ("Serie 2"), "–" where the player had no seat in it."""
    return tables.Column(
        verbose_name=_("Series %(number)s") % {"number": number},
        accessor=f"series__{number - 1}",
        default="–",
        order_by=(f"series_order__{number - 1}",),
        attrs=NUMBER,
    )


def place_text(standing: Standing) -> str:
    """The place as the page writes it (``_standings_table.html``): "3.", or "1. =" shared."""
    return f"{standing.place}. =" if standing.shared else f"{standing.place}."


def prize_text(standing: Standing) -> str:
    """ "25,50 €", "Präsentkorb", "25,50 € + Präsentkorb (geteilt)", "10,00 € (Beste Dame)";
    empty without a prize."""
    return award_text(
        standing.money,
        standing.prize_names,
        shared=standing.prize_shared,
        reasons=standing.prize_reasons,
    )


def award_text(
    money: Decimal, names: Sequence[str], *, shared: bool, reasons: Sequence[str] = ()
) -> str:
    """A prize as the standings write it (see prize_text); a race's and Tippen's too
    (scoring.standings.own_prizes). The lines beyond the places follow in brackets."""
    parts = [euros(money)] if money else []
    parts += names
    if not parts:
        return ""
    text = " + ".join(parts)
    if shared:
        word = _("shared")  # outside the f-string, where makemessages finds it
        text = f"{text} ({word})"
    if reasons:
        text = f"{text} – {', '.join(reasons)}"
    return text
