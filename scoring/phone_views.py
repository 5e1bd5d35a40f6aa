"""The table's phone and the laptop: its ping (static/js/table-link.js), its web app manifest
(the captain's page on the phone's home screen), and the organiser's Generalprobe (which
tables' phones reached the laptop before the first deal)."""

import re

from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scoring import selectors, services
from tournaments.models import Table, Tournament
from tournaments.views.access import organiser_required

#: The phone's id as table-link.js makes it (random letters and digits, in its storage).
PHONE_ID = re.compile(r"[A-Za-z0-9_-]{8,40}")


# Exempt from the CSRF check: the secret is the table's token in the address, which a foreign
# site does not know, and the ping changes nothing but what the organiser sees. A token in the
# page would not do: before play the page has no form, and a copy of the page the service
# worker kept may carry a token long since rotated (an organiser's login on the phone).
@csrf_exempt
@require_POST
def table_ping(request: HttpRequest, token: str) -> HttpResponse:
    """A phone at the table reports in: one query for the table, one upsert. 204, or 400 for a
    ping that is not one, 404 for a link that opens nothing (renewed, mistyped)."""
    phone = request.POST.get("phone", "")
    waiting = _number(request.POST.get("waiting", "0"))
    sent_round_trip = request.POST.get("rtt", "")
    round_trip = _number(sent_round_trip) if sent_round_trip else None
    if not PHONE_ID.fullmatch(phone) or waiting is None or (sent_round_trip and round_trip is None):
        return HttpResponseBadRequest()
    table_id = Table.objects.filter(token=token).values_list("pk", flat=True).first()
    if table_id is None:
        raise Http404
    try:
        services.phone_seen(
            table_id=table_id, phone=phone, waiting=waiting, round_trip_ms=round_trip
        )
    except IntegrityError:  # the table was deleted meanwhile (a new draw): no table, no link
        raise Http404 from None
    return HttpResponse(status=204)


def _number(text: str) -> int | None:
    """A count the phone sent: digits only, not too many of them."""
    return int(text) if text.isascii() and text.isdecimal() and len(text) <= 9 else None


@require_GET
def table_manifest(request: HttpRequest, token: str) -> JsonResponse:
    """The web app manifest of the table's page: installed on the phone's home screen, it opens
    this table's link, not the site's start page (which a captain has no use for), and each
    table installed is an app of its own (``id``)."""
    table = get_object_or_404(Table.objects.select_related("tournament"), token=token)
    start = reverse("scoring:table_entry", args=[token])
    name = _("%(table)s – %(tournament)s") % {"table": table, "tournament": table.tournament.name}
    manifest = {
        "id": start,
        "name": name,
        "short_name": str(table),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0a3d8f",
        "lang": request.LANGUAGE_CODE,
        "icons": [
            {
                "src": static(f"icons/table-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ],
    }
    response = JsonResponse(manifest, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@organiser_required
def rehearsal(request: HttpRequest, pk: int) -> HttpResponse:
    """The Generalprobe: before the first deal, each table whose card's link was opened at the
    table and reached the laptop, with its round trip, and the tables not reached yet.
    Refreshes itself (htmx) while someone walks from table to table."""
    tournament = get_object_or_404(Tournament, pk=pk)
    context = {"tournament": tournament, "rehearsal": selectors.rehearsal(tournament=tournament)}
    template = "scoring/_rehearsal.html" if request.htmx else "scoring/rehearsal.html"  # type: ignore[attr-defined]
    return render(request, template, context)
