"""The card night's pages (issue 28 item 5): the list, a new one, its desk (its tournaments,
an arrival typed once, a tap a player and tournament) and the evening's cash box. Thin: a
form, a service or a selector, a template."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from evenings import selectors, services
from evenings.forms import ArrivalForm, CardNightForm
from evenings.models import CardNight
from evenings.printing_kinds import owner_of_card_night
from printing.views import request_file
from sitewide.access import organiser_required
from tournaments.models import Player, Tournament


@organiser_required
def card_night_list(request: HttpRequest) -> HttpResponse:
    return render(request, "evenings/list.html", {"card_nights": CardNight.objects.all()})


@organiser_required
def card_night_create(request: HttpRequest) -> HttpResponse:
    form = CardNightForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            card_night = services.card_night_create(**form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("evenings:desk", card_night.pk)
    return render(request, "evenings/form.html", {"form": form})


@organiser_required
def card_night_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The evening's desk: an arrival typed once plays the tournaments ticked; each player's
    row has a button a tournament (he plays it, or no longer)."""
    card_night = get_object_or_404(CardNight, pk=pk)
    tournaments = selectors.tournaments_of(card_night)
    form = ArrivalForm(request.POST or None, tournaments=tournaments)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.arrival_register(
                name=form.cleaned_data["name"], club=form.cleaned_data["club"],
                plays=form.plays(), by=request.user,  # type: ignore[arg-type]
            )  # fmt: skip
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("%(player)s is registered.") % {"player": player.name})
            return redirect("evenings:desk", card_night.pk)
    context = {
        "card_night": card_night,
        "tournaments": tournaments,
        "others": selectors.tournaments_to_take_in(card_night),
        "rows": selectors.desk_rows(tournaments),
        "form": form,
    }
    return render(request, "evenings/desk.html", context)


@organiser_required
@require_POST
def card_night_plays(
    request: HttpRequest, pk: int, tournament_pk: int, player_pk: int
) -> HttpResponse:
    """One tap: the player plays the tournament (``plays=1``), or no longer (``plays=0``)."""
    card_night = get_object_or_404(CardNight, pk=pk)
    tournament = get_object_or_404(
        Tournament, pk=tournament_pk, card_night_part__card_night=card_night
    )
    player = get_object_or_404(Player, pk=player_pk)
    plays = request.POST.get("plays") == "1"
    try:
        services.arrival_plays(tournament=tournament, player=player, plays=plays,
                               by=request.user)  # type: ignore[arg-type]  # fmt: skip
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        done = (
            _("%(player)s plays %(tournament)s.")
            if plays
            else _("%(tournament)s without %(player)s: checked out, the fee open again.")
        )
        messages.success(request, done % {"player": player.name, "tournament": tournament.name})
    return redirect("evenings:desk", card_night.pk)


@organiser_required
@require_POST
def card_night_take_in(request: HttpRequest, pk: int, tournament_pk: int) -> HttpResponse:
    card_night = get_object_or_404(CardNight, pk=pk)
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    try:
        services.card_night_take_in(card_night=card_night, tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("evenings:desk", card_night.pk)


@organiser_required
@require_POST
def card_night_take_out(request: HttpRequest, pk: int, tournament_pk: int) -> HttpResponse:
    card_night = get_object_or_404(CardNight, pk=pk)
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    services.card_night_take_out(card_night=card_night, tournament=tournament)
    messages.success(
        request,
        _("%(tournament)s is no longer run from this desk (take it in again at any time).")
        % {"tournament": tournament.name},
    )
    return redirect("evenings:desk", card_night.pk)


@organiser_required
def card_night_cash(request: HttpRequest, pk: int) -> HttpResponse:
    """The evening's cash box: each tournament's, and the sums."""
    card_night = get_object_or_404(CardNight, pk=pk)
    tournaments = selectors.tournaments_of(card_night)
    context = {"card_night": card_night, "cash": selectors.evening_cash(tournaments)}
    return render(request, "evenings/cash.html", context)


@organiser_required
@require_POST
def file_request(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Start making the card night's file of ``kind`` (its cash box), then show its status."""
    card_night = get_object_or_404(CardNight, pk=pk)
    return request_file(
        request,
        owner=owner_of_card_night(card_night),
        kind=kind,
        title=card_night.name,
        origin=reverse("evenings:cash", args=[card_night.pk]),
        options={},
        subject=card_night,
    )
