"""The night's cash report: the fees in and open, the prizes paid out, what stays with the
club; its PDF, to be signed by two, is the kind ``cash_report`` (scoring/renderers.py)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring.standings.cash import cash_report
from tournaments.models import Tournament
from tournaments.views.access import organiser_required


@organiser_required
def cash(request: HttpRequest, pk: int) -> HttpResponse:
    """The cash report, read only: the fees are marked paid at the desk, the prizes on the
    prize page."""
    tournament = get_object_or_404(Tournament, pk=pk)
    context = {"tournament": tournament, "cash": cash_report(tournament=tournament)}
    return render(request, "scoring/cash.html", context)
