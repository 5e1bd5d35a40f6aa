"""Filters for the printed sheets, the chart and the standings, and the rows of a table's
running totals: ``{% load scoring_print %}``."""

from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from fipsen_rules.signs import signed_score, signed_total
from scoring import scoresheets
from scoring.evaluation import spoken_game
from scoring.selectors import TableSheet
from scoring.standings import chart
from scoring.standings.selectors import Standing
from scoring.standings.tables import prize_text
from tournaments.models import Seat

register = template.Library()

#: Every fifth row ends with a stronger line, which helps the eye along 50 rows.
STRONG_EVERY = 5


@register.filter
def minus(number: int | None) -> str:
    """A total as printed: ``−34`` with a real minus sign (U+2212); empty for None."""
    return signed_total(number)


@register.filter
def spoken(text: str) -> str:
    """A game, or a history line that holds one, as the page's language says it ("4 Hand won";
    German: the notation as stored)."""
    return spoken_game(str(text))


@register.filter
def score(number: int | None) -> str:
    """A deal's score with its sign: ``+12``, ``−12`` (a real minus sign), ``0``."""
    return signed_score(number)


@register.filter
def prize(standing: Standing) -> str:
    """A player's prize as the standings show it: "25,50 € (geteilt)"."""
    return prize_text(standing)


@dataclass(frozen=True)
class TotalRow:
    """A seat's line of the running totals (scoring/_totals.html): its player, position and
    total, and whether it deals the deal marked, leads it, or has left the table."""

    name: str
    position: int
    total: int
    dealer: bool
    vorhand: bool
    left: bool


@register.simple_tag
def total_rows(
    standing: list[tuple[Seat, int]], marks: Any = None, no_deal: bool = False
) -> list[TotalRow]:
    """The lines of ``standing`` (each seat with its total), marked for ``marks`` (the deal to
    enter or being corrected: its dealer, Vorhand and the seats that play it; none: no
    marks), its dealer and Vorhand not when ``no_deal``: made here, not in the template, as
    the captain's screen shows them after every save."""
    marked = bool(marks) and not no_deal
    return [
        TotalRow(
            seat.registration.player.name,
            seat.position,
            total,
            dealer=marked and seat.position == marks.dealer,
            vorhand=marked and seat.position == marks.vorhand,
            left=bool(marks) and seat.position not in marks.seats,
        )
        for seat, total in standing
    ]


@register.filter
def running_totals_chart(sheet: TableSheet, keyed: str = "") -> SafeString:
    """The chart of the sheet's running totals (inline SVG; the names in it are escaped);
    ``"keyed"``: a page's, whose key names the players (``running_totals_key``)."""
    return chart.running_totals_svg(sheet, keyed=keyed == "keyed")


@register.filter
def running_totals_key(sheet: TableSheet) -> SafeString:
    """The chart's key: each player's line and mark, name and total, in the page's type."""
    return chart.running_totals_key(sheet)


@register.filter
def ruled_lines(block: scoresheets.Block) -> SafeString:
    """The lines between a block's rows, as SVG in mm (no text: quick to lay out)."""
    rows = len(block.lines)
    height = round(rows * block.row_height, 2)
    lines = format_html_join(
        "",
        '<line x1="0" x2="100" y1="{}" y2="{}" stroke="{}" stroke-width="{}"/>',
        (
            (
                round(row * block.row_height, 2),
                round(row * block.row_height, 2),
                "#000" if row % STRONG_EVERY == 0 else "#666",
                0.45 if row % STRONG_EVERY == 0 else 0.2,
            )
            for row in range(1, rows)
        ),
    )
    return format_html(
        '<svg class="ruled" viewBox="0 0 100 {}" preserveAspectRatio="none" style="height: {}mm">'
        "{}</svg>",
        height,
        height,
        lines,
    )
