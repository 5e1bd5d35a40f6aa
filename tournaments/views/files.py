"""A file of the night asked for (table cards, seating list, the scoresheets …): the button's
POST comes here, which knows the tournament; printing makes the file and shows its progress.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from printing.views import request_file
from tournaments.links import public_base_url
from tournaments.models import Tournament
from tournaments.printing_kinds import file_title, owner_of_tournament
from tournaments.views.access import organiser_required


@organiser_required
@require_POST
def file_request(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Start making a file of ``kind`` for the tournament, then show its status page. A
    refusal, and the status page's "back", lead to the page the button was on (the tables or
    the print page), else to the print page; a kind the tournament's rule set cannot print is
    refused on a page that leads back to the print page."""
    tournament = get_object_or_404(Tournament, pk=pk)
    return request_file(
        request,
        owner=owner_of_tournament(tournament),
        kind=kind,
        title=file_title(tournament),
        origin=reverse("night:print", args=[tournament.pk]),
        options={"base_url": public_base_url(request)},
        subject=tournament,
    )
