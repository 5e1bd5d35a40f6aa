"""A tap at the registration desk: a player's arrival (checked in and paid at once, or here
and paying later, or the tap undone), his fee marked paid or open, and the lists to tick (the
players of last time, those of a list just imported) registered at once. Each view calls one
service."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.desk import fees as desk_fees
from tournaments.desk.night_views import draw_stale, night_url
from tournaments.desk.services import (
    registration_arrive,
    registration_mark_paid,
    registrations_add_players,
)
from tournaments.draw.selectors import present_summary
from tournaments.models import Player, Registration, Tournament
from tournaments.views.access import id_or_404, organiser_required


def _registration(pk: int, registration_pk: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("tournament", "player"),
        pk=registration_pk,
        tournament_id=pk,
    )


def _row_answer(request: HttpRequest, registration: Registration) -> HttpResponse:
    """The row tapped, and, swapped in beside it, the count, the next step, the open fees and
    what happened; without JavaScript the page again, at the row."""
    tournament = registration.tournament
    if not request.htmx:  # type: ignore[attr-defined]
        return redirect(f"{night_url(tournament)}#registration-{registration.pk}")
    context = {
        "registration": registration,
        "tournament": tournament,
        "summary": present_summary(tournament=tournament),
        "draw_stale": draw_stale(tournament),
        "fees": desk_fees.fees(tournament=tournament),
        "oob": True,
    }
    return render(request, "tournaments/night/_check_in_response.html", context)


def _said(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@organiser_required
@require_POST
def arrive(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    """One tap on a registered player's name: here and paid; ``paid=0`` ("zahlt später"): here,
    his fee open; ``present=0`` undoes the tap."""
    registration = _registration(pk, registration_pk)
    present = request.POST.get("present") != "0"
    paid = request.POST.get("paid") != "0"
    try:
        registration_arrive(
            registration=registration,
            present=present,
            paid=paid,
            by=request.user,  # type: ignore[arg-type]
        )
    except ValidationError as error:
        _said(request, error)
    else:
        said = _("%(player)s is here.") if paid else _("%(player)s is here, the fee open.")
        said = said if present else _("%(player)s: undone.")
        messages.success(request, said % {"player": registration.player.name})
    return _row_answer(request, registration)


@organiser_required
@require_POST
def fee(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    """A late payer marked paid (or a fee marked open again, the player still here): at any
    time of the night."""
    registration = _registration(pk, registration_pk)
    paid = request.POST.get("paid") != "0"
    try:
        registration_mark_paid(registration=registration, paid=paid, by=request.user)  # type: ignore[arg-type]
    except ValidationError as error:
        _said(request, error)
    else:
        messages.success(
            request,
            (_("%(player)s has paid.") if paid else _("%(player)s: the fee is open again."))
            % {"player": registration.player.name},
        )
    return _row_answer(request, registration)


@organiser_required
@require_POST
def registrations_add_ticked(request: HttpRequest, pk: int) -> HttpResponse:
    """The players ticked in a list (of last time, or of a list just imported) registered at
    once; each is checked in by a tap on his name as he arrives."""
    tournament = get_object_or_404(Tournament, pk=pk)
    ids = [id_or_404(value) for value in request.POST.getlist("player")]
    players = list(Player.objects.filter(pk__in=ids))
    if not players:
        messages.error(request, _("Nobody is ticked: tick the players to register."))
        return redirect(f"{night_url(tournament)}#register")
    try:
        count = registrations_add_players(tournament=tournament, players=players)
    except ValidationError as error:
        _said(request, error)
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s player is registered. Tap his name as he arrives.",
                "%(count)s players are registered. Tap each name as he arrives.",
                count,
            )
            % {"count": count},
        )
    return redirect(f"{night_url(tournament)}#registrations")
