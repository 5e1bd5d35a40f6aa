"""The season's PDF: its standings, a column a night, dropped results struck through, and the
line for the signature (templates/pdf/season_standings.html)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from printing.kinds import FileJob
from printing.pdf import render_pdf
from seasons.printing_kinds import season_of
from seasons.selectors import season_table


def render_season_standings(job: FileJob) -> bytes:
    """The season's standings as a PDF.

    :raises ValidationError: the season has no night yet.
    """
    table = season_table(season_of(job))
    if not table.nights:
        raise ValidationError(_("The season has no night yet."), code="no_nights")
    return render_pdf("pdf/season_standings.html", {"table": table}, progress=job.progress)
