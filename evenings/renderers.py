"""The evening's cash box as a PDF: the evening's sums, each tournament's cash report, and the
lines for two signatures (templates/pdf/evening_cash.html)."""

from evenings import selectors
from evenings.printing_kinds import card_night_of
from printing.kinds import FileJob
from printing.pdf import render_pdf


def render_evening_cash(job: FileJob) -> bytes:
    card_night = card_night_of(job)
    cash = selectors.evening_cash(selectors.tournaments_of(card_night))
    context = {"card_night": card_night, "cash": cash}
    return render_pdf("pdf/evening_cash.html", context, progress=job.progress)
