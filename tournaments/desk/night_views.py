"""The organiser's pages for one night: the tournament, registration and check-in (the draw
and the tables are in tables.py). Each view calls one service or selector; a refusal is shown
in plain words."""

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.club_points import is_club_table_rules, points_shown
from tournaments.desk import fees as desk_fees
from tournaments.desk import selectors as desk_selectors
from tournaments.desk import services as desk_services
from tournaments.desk.selectors import (
    DESK_LIST_SIZE,
    players_offered,
    players_to_register,
    registrations_of_players,
)
from tournaments.desk.services import (
    registration_check_in,
    registration_withdraw,
    registration_withdraw_check,
    walk_in_register,
)
from tournaments.draw import rule_seating
from tournaments.draw.selectors import draw_is_stale, present_summary
from tournaments.forms import TournamentForm
from tournaments.models import Player, Registration, Tournament
from tournaments.players.forms import WalkInForm
from tournaments.players.selectors import player_directory
from tournaments.rule_pages import pages_of
from tournaments.views.access import id_or_404, organiser_required, search_query
from tournaments.views.confirm import Confirmation, confirm_or_act


def attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run a service; say what happened as a message. False when it refused."""
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return False
    messages.success(request, success)
    return True


def night_url(tournament: Tournament) -> str:
    return reverse("tournaments:night", args=[tournament.pk])


@organiser_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    form.fields["name"].widget.attrs["autofocus"] = True  # the first thing to type
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(**form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if is_club_table_rules(tournament.rule_set):  # scored by the club's own table
                messages.success(
                    request, _("The tournament is created. Now fill in the club's points table.")
                )
                return redirect("tournaments:tournament_points", tournament.pk)
            messages.success(request, _("The tournament is created. Now register the players."))
            return redirect(night_url(tournament))
    return render(request, "tournaments/night/tournament_form.html", {"form": form})


@organiser_required
def tournament_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The rules the night is played by, to read: "Ändern" leads to the form while it can
    still change anything."""
    tournament = get_object_or_404(Tournament, pk=pk)
    # The deals by the table sizes the rule set seats (a race plays to tricks, not deals).
    deals = rule_seating.table_deals(tournament) if pages_of(tournament).lists_deals else {}
    context = {
        "tournament": tournament,
        "deals_by_size": [(deals_at_label(size), count) for size, count in deals.items()],
        "points": points_shown(tournament),
    }
    return render(request, "tournaments/night/rules.html", context)


def deals_at_label(size: int) -> str:
    """ "deals at a table of five": the label of a table size's deals."""
    return {
        3: _("deals at a table of three"),
        4: _("deals at a table of four"),
        5: _("deals at a table of five"),
        6: _("deals at a table of six"),
    }.get(size) or _("deals at a table of %(players)s") % {"players": size}


@organiser_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(
                tournament=Tournament.objects.get(pk=pk), **form.cleaned_data
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Saved."))
            return redirect(night_url(tournament))
    context = {"form": form, "tournament": tournament}
    return render(request, "tournaments/night/tournament_form.html", context)


def draw_stale(tournament: Tournament) -> bool:
    return tournament.is_drawn and draw_is_stale(tournament=tournament)


def _night_context(tournament: Tournament, query: str = "") -> dict[str, object]:
    """What the registration desk shows: the count, the directory to tap through, the list."""
    found = players_to_register(tournament=tournament, query=query, limit=DESK_LIST_SIZE + 1)
    registrations = list(desk_selectors.registrations(tournament=tournament))
    withdrawn = sum(1 for registration in registrations if registration.withdrawn_at)
    return {
        "tournament": tournament,
        "registrations": registrations,
        "registered_count": len(registrations) - withdrawn,  # the withdrawn are listed apart
        "withdrawn_count": withdrawn,
        "summary": present_summary(tournament=tournament),
        "draw_stale": draw_stale(tournament),
        "fees": desk_fees.fees(tournament=tournament),
        # The list import started here comes back here, its players offered to register.
        "import_url": reverse("tournaments:players_import") + f"?tournament={tournament.pk}",
        "query": query,
        "found": found[:DESK_LIST_SIZE],
        "found_more": len(found) > DESK_LIST_SIZE,
        # Nobody left to register: because the directory is empty? (asked only when nobody
        # is registered either: a registered player is in the directory)
        "directory_empty": not (found or query or registrations)
        and not player_directory().exists(),
    }


def _desk_update(
    request: HttpRequest, tournament: Tournament, part: str, **context: object
) -> HttpResponse:
    """The answer to a tap at the desk (htmx): the part tapped in, and, swapped in beside it,
    the registrations, the count and what happened. The page stays where it was."""
    query = search_query(request.POST)
    context = {**_night_context(tournament, query), **context, "part": part, "oob": True}
    return render(request, "tournaments/night/_desk_update.html", context)


def _walk_in_form(data: object = None, *, focus: bool = False) -> WalkInForm:
    form = WalkInForm(data)
    if focus:  # after a walk-in, the form is ready for the next one
        form.fields["name"].widget.attrs["autofocus"] = True
    return form


@organiser_required
def night(request: HttpRequest, pk: int) -> HttpResponse:
    """Registration and check-in, the count and its tables, and the next step of the night.
    The live search of the directory (htmx) gets the list alone."""
    tournament = get_object_or_404(Tournament, pk=pk)
    context = _night_context(tournament, search_query(request.GET))
    if request.htmx and request.htmx.target == "desk-directory":  # type: ignore[attr-defined]
        return render(request, "tournaments/night/_directory.html", context)
    context |= {
        "previous_night": desk_selectors.previous_night(tournament=tournament),
        # A list just imported from here: its players offered to tick and register.
        "offered": players_offered(tournament=tournament, ids=_offered_ids(request, tournament)),
        "walk_in_form": _walk_in_form(focus="walk_in" in request.GET),
    }
    return render(request, "tournaments/night/night.html", context)


def arrived_text(tournament: Tournament) -> str:
    """What a player's arrival did: with a fee asked, it is marked paid too."""
    if tournament.entry_fee:
        return _("%(player)s is registered, checked in and paid.")
    return _("%(player)s is registered and checked in.")


#: The session's key for the players a list import offers to a night's desk (its pk).
OFFERED = "offered:{pk}"


def players_offer(request: HttpRequest, tournament: Tournament, players: list[Player]) -> str:
    """Keep the players of a list just imported to offer them at the night's desk, and the
    address that shows them: kept in the session, not the address (3,000 ids made one too
    long for the server)."""
    request.session[OFFERED.format(pk=tournament.pk)] = [player.pk for player in players]
    return f"{night_url(tournament)}?offered=1#register"


def _offered_ids(request: HttpRequest, tournament: Tournament) -> list[int]:
    """The players the list imported for this night offers (``?offered=1``, the import's
    way back here)."""
    if "offered" not in request.GET:
        return []
    kept = request.session.get(OFFERED.format(pk=tournament.pk), [])
    return [pk for pk in kept if isinstance(pk, int)]


@organiser_required
@require_POST
def registration_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a player of the directory, present at once or not; the list stays as it was."""
    tournament = get_object_or_404(Tournament, pk=pk)
    player = get_object_or_404(Player, pk=id_or_404(request.POST.get("player")))
    check_in = bool(request.POST.get("check_in"))
    attempt(
        request,
        lambda: desk_services.registration_add(
            tournament=tournament,
            player=player,
            check_in=check_in,
            paid=check_in,  # an arrival pays at the desk
            by=request.user,  # type: ignore[arg-type]
        ),
        (arrived_text(tournament) if check_in else _("%(player)s is registered."))
        % {"player": player.name},
    )
    if request.htmx:  # type: ignore[attr-defined]
        return _desk_update(request, tournament, "tournaments/night/_directory.html")
    if "q" in request.POST:  # from the directory list: back to it, the search kept
        query = urlencode({"q": request.POST["q"]})
        return redirect(f"{night_url(tournament)}?{query}#register")
    return redirect(f"{night_url(tournament)}#registrations")


@organiser_required
@require_POST
def walk_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A new player at the door: into the directory, registered and present. The form stays
    open, empty, for the next one."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = _walk_in_form(request.POST)
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    saved = form.is_valid() and _walk_in_register(request, tournament, form)
    if not form.is_valid():
        if form.duplicates and set(form.errors) == {"name"}:
            # Ask whether it is one of them (he may be registered already), keeping what was
            # typed. With another error as well, that error is said first.
            registered = registrations_of_players(tournament=tournament, players=form.duplicates)
            choices = [(player, registered.get(player.pk)) for player in form.duplicates]
            context = {"tournament": tournament, "form": form, "choices": choices}
            if htmx:
                return render(request, "tournaments/night/_walk_in_duplicates.html", context)
            return render(request, "tournaments/night/walk_in_duplicates.html", context)
        if htmx:  # the form again, with what was typed and what to correct
            context = {"tournament": tournament, "walk_in_form": form}
            return render(request, "tournaments/night/_walk_in.html", context)
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return redirect(f"{night_url(tournament)}#walk-in")
    if htmx:
        next_form = _walk_in_form(focus=True) if saved else form
        return _desk_update(
            request, tournament, "tournaments/night/_walk_in.html", walk_in_form=next_form
        )
    # No "#walk-in": browsers leave autofocus alone on a page opened at a fragment, and the
    # focused field is scrolled to anyway.
    return redirect(f"{night_url(tournament)}?walk_in=1")


def _walk_in_register(request: HttpRequest, tournament: Tournament, form: WalkInForm) -> bool:
    """Register the walk-in; False when refused. A like name added since the form was checked
    (the same walk-in typed at another desk a moment ago) makes the form ask about it."""
    try:
        walk_in_register(
            tournament=tournament,
            by=request.user,  # type: ignore[arg-type]
            **form.cleaned_data,
        )
    except ValidationError as error:
        if not form.asked_again(error):
            for message in error.messages:
                messages.error(request, message)
        return False
    messages.success(request, arrived_text(tournament) % {"player": form.cleaned_data["name"]})
    return True


@organiser_required
@require_POST
def check_in(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    """One tap: present or not. With htmx only the row and the count are sent back."""
    registration = get_object_or_404(
        Registration.objects.select_related("tournament", "player"),
        pk=registration_pk,
        tournament_id=pk,
    )
    present = request.POST.get("present") == "1"
    try:
        registration_check_in(registration=registration, present=present)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    if not request.htmx:  # type: ignore[attr-defined]
        return redirect(f"{night_url(registration.tournament)}#registration-{registration.pk}")
    tournament = registration.tournament
    context = {
        "registration": registration,
        "tournament": tournament,
        "summary": present_summary(tournament=tournament),
        "draw_stale": draw_stale(tournament),
        "oob": True,
    }
    return render(request, "tournaments/night/_check_in_response.html", context)


@organiser_required
@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    """Withdraw a player ("austragen"), once the organiser confirmed it: the page says what
    follows. Nothing changes on one tap, with or without JavaScript."""
    registration = get_object_or_404(
        Registration.objects.select_related("tournament", "player"),
        pk=registration_pk,
        tournament_id=pk,
    )
    tournament, player = registration.tournament, registration.player.name
    consequences = [
        _("%(player)s no longer takes part in “%(tournament)s”: not counted, not drawn to a table.")
        % {"player": player, "tournament": tournament.name}
    ]
    if tournament.is_drawn:
        consequences.append(_("The tables are drawn already: draw them again before play starts."))
    consequences.append(_("The player stays in the directory and can be registered again later."))
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Withdraw %(player)s?") % {"player": player},
        consequences=consequences,
        button=_("Yes, withdraw %(player)s") % {"player": player},
        back=f"{night_url(tournament)}#registration-{registration.pk}",
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: registration_withdraw_check(registration=registration),
        act=lambda: registration_withdraw(registration=registration),
        success=_("%(player)s is withdrawn from the tournament.") % {"player": player},
        done=f"{night_url(tournament)}#registrations",
    )
