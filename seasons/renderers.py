"""The season's PDF: its standings, a column a night, dropped results struck through, and the
line for the signature (templates/pdf/season_standings.html)."""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from printing.kinds import FileJob
from printing.pdf import render_pdf
from seasons.printing_kinds import season_of
from seasons.selectors import SeasonTable, season_table
from seasons.standings import Cell, Row
from tournaments.models import Tournament

#: Nights a table of the PDF shows side by side on A4 landscape; a longer season is printed
#: in parts of as many nights (each part with the places and names, the total on the last).
NIGHTS_PER_PART = 16


@dataclass(frozen=True)
class Part:
    """One part of the PDF's table: its nights, each line's cells of them, the last part."""

    nights: tuple[Tournament, ...]
    lines: list[tuple[str, Row, tuple[Cell, ...]]]
    last: bool


def parts(table: SeasonTable, lines: list[tuple[str, Row]]) -> list[Part]:
    """``lines`` cut into parts of ``NIGHTS_PER_PART`` nights."""
    count = len(table.nights)
    starts = range(0, max(count, 1), NIGHTS_PER_PART)
    return [
        Part(
            table.nights[start : start + NIGHTS_PER_PART],
            [(name, row, row.cells[start : start + NIGHTS_PER_PART]) for name, row in lines],
            start + NIGHTS_PER_PART >= count,
        )
        for start in starts
    ]


def render_season_standings(job: FileJob) -> bytes:
    """The season's standings as a PDF.

    :raises ValidationError: the season has no night yet.
    """
    table = season_table(season_of(job))
    if not table.nights:
        raise ValidationError(_("The season has no night yet."), code="no_nights")
    context = {
        "table": table,
        "ranked": parts(table, table.ranked),
        "guests": parts(table, table.guests) if table.guests else [],
        "unranked": parts(table, table.unranked) if table.unranked else [],
    }
    return render_pdf("pdf/season_standings.html", context, progress=job.progress)
