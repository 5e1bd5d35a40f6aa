"""The organiser's check of a receipt ("Quittung prüfen"): table, deal and code typed from a
phone or a sheet, answered in plain words. It reads only (GET)."""

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournaments.draw.series_selectors import last_series_drawn
from tournaments.ledger.receipt_check import ReceiptCheckForm, Verdict, receipt_verdict
from tournaments.models import Tournament
from tournaments.views.access import organiser_required


@organiser_required
@require_GET
def receipt_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The check's form, and once it is filled in, whether the receipt matches."""
    tournament = get_object_or_404(Tournament, pk=pk)
    asked = "code" in request.GET
    several = tournament.series_count > 1  # the table's series is asked, the last drawn first
    series = last_series_drawn(tournament=tournament) if several else 1
    form = ReceiptCheckForm(
        request.GET if asked else None,
        initial=request.GET.dict(),
        series_count=tournament.series_count,
        series=series,
    )
    verdict: Verdict | None = None
    if asked and form.is_valid():
        try:
            verdict = receipt_verdict(tournament, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
    context = {"tournament": tournament, "form": form, "verdict": verdict}
    return render(request, "tournaments/receipt_check.html", context)
