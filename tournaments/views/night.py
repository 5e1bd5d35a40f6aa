"""The organiser's pages for one night: the tournament, registration and check-in, the draw,
the tables. Each view calls one service or selector; a refusal is shown in plain words."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.forms import LeaveForm, SwapForm, TournamentForm, WalkInForm
from tournaments.links import public_base_url, qr_svg, table_entry_url
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.views.access import id_or_404, organiser_required, search_query
from tournaments.views.confirm import Confirmation, confirm_or_act


def _attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run a service; say what happened as a message. False when it refused."""
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return False
    messages.success(request, success)
    return True


def _night_url(tournament: Tournament) -> str:
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
            messages.success(request, _("The tournament is created. Now register the players."))
            return redirect(_night_url(tournament))
    return render(request, "tournaments/night/tournament_form.html", {"form": form})


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
            return redirect(_night_url(tournament))
    context = {"form": form, "tournament": tournament}
    return render(request, "tournaments/night/tournament_form.html", context)


def _draw_stale(tournament: Tournament) -> bool:
    return tournament.state == Tournament.State.DRAWN and selectors.draw_is_stale(
        tournament=tournament
    )


def _night_context(tournament: Tournament, query: str = "") -> dict[str, object]:
    """What the registration desk shows: the count, the directory to tap through, the list."""
    found = selectors.players_to_register(
        tournament=tournament, query=query, limit=selectors.DESK_LIST_SIZE + 1
    )
    return {
        "tournament": tournament,
        "registrations": selectors.registrations(tournament=tournament),
        "summary": selectors.present_summary(tournament=tournament),
        "draw_stale": _draw_stale(tournament),
        "query": query,
        "found": found[: selectors.DESK_LIST_SIZE],
        "found_more": len(found) > selectors.DESK_LIST_SIZE,
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
        "previous_night": selectors.previous_night(tournament=tournament),
        "walk_in_form": _walk_in_form(focus="walk_in" in request.GET),
    }
    return render(request, "tournaments/night/night.html", context)


@organiser_required
@require_POST
def registration_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a player of the directory, present at once or not; the list stays as it was."""
    tournament = get_object_or_404(Tournament, pk=pk)
    player = get_object_or_404(Player, pk=id_or_404(request.POST.get("player")))
    check_in = bool(request.POST.get("check_in"))
    _attempt(
        request,
        lambda: services.registration_add(tournament=tournament, player=player, check_in=check_in),
        (
            _("%(player)s is registered and checked in.")
            if check_in
            else _("%(player)s is registered.")
        )
        % {"player": player.name},
    )
    if request.htmx:  # type: ignore[attr-defined]
        return _desk_update(request, tournament, "tournaments/night/_directory.html")
    if "q" in request.POST:  # from the directory list: back to it, the search kept
        query = urlencode({"q": request.POST["q"]})
        return redirect(f"{_night_url(tournament)}?{query}#register")
    return redirect(f"{_night_url(tournament)}#registrations")


@organiser_required
@require_POST
def registrations_add_previous(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Die Spieler vom letzten Mal": register them all, each to be checked in on arrival."""
    tournament = get_object_or_404(Tournament, pk=pk)
    previous = selectors.previous_night(tournament=tournament)
    players = previous.players if previous else []
    try:
        count = services.registrations_add_players(tournament=tournament, players=players)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s player from last time is registered. Check each in as he arrives.",
                "%(count)s players from last time are registered. Check each in as he arrives.",
                count,
            )
            % {"count": count},
        )
    return redirect(f"{_night_url(tournament)}#registrations")


@organiser_required
@require_POST
def walk_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A new player at the door: into the directory, registered and present. The form stays
    open, empty, for the next one."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = _walk_in_form(request.POST)
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    if not form.is_valid():
        if form.duplicates and set(form.errors) == {"name"}:
            # Ask whether it is one of them (he may be registered already), keeping what was
            # typed. With another error as well, that error is said first.
            registered = selectors.registrations_of_players(
                tournament=tournament, players=form.duplicates
            )
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
        return redirect(f"{_night_url(tournament)}#walk-in")
    saved = _attempt(
        request,
        lambda: services.walk_in_register(tournament=tournament, **form.cleaned_data),
        _("%(player)s is registered and checked in.") % {"player": form.cleaned_data["name"]},
    )
    if htmx:
        next_form = _walk_in_form(focus=True) if saved else form
        return _desk_update(
            request, tournament, "tournaments/night/_walk_in.html", walk_in_form=next_form
        )
    return redirect(f"{_night_url(tournament)}?walk_in=1#walk-in")


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
        services.registration_check_in(registration=registration, present=present)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    if not request.htmx:  # type: ignore[attr-defined]
        return redirect(f"{_night_url(registration.tournament)}#registration-{registration.pk}")
    tournament = registration.tournament
    context = {
        "registration": registration,
        "tournament": tournament,
        "summary": selectors.present_summary(tournament=tournament),
        "draw_stale": _draw_stale(tournament),
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
    if tournament.state == Tournament.State.DRAWN:
        consequences.append(_("The tables are drawn already: draw them again before play starts."))
    consequences.append(_("The player stays in the directory and can be registered again later."))
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Withdraw %(player)s?") % {"player": player},
        consequences=consequences,
        button=_("Yes, withdraw %(player)s") % {"player": player},
        back=f"{_night_url(tournament)}#registration-{registration.pk}",
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.registration_withdraw_check(registration=registration),
        act=lambda: services.registration_withdraw(registration=registration),
        success=_("%(player)s is withdrawn from the tournament.") % {"player": player},
        done=f"{_night_url(tournament)}#registrations",
    )


@organiser_required
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the tables (again), once the organiser confirmed it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    summary = selectors.present_summary(tournament=tournament)
    again = tournament.state == Tournament.State.DRAWN
    consequences = [
        ngettext(
            "%(players)s player present is seated by lot.",
            "%(players)s players present are seated by lot.",
            summary.players,
        )
        % {"players": summary.players}
        + " "
        + _("%(fours)s tables of four and %(threes)s tables of three.")
        % {"fours": summary.fours, "threes": summary.threes},
        _("Each table gets its own link for the captain's phone, and the first dealer."),
    ]
    if again:
        consequences += [
            _("The seats drawn before and any swaps are replaced."),
            _("Table cards and seating lists printed before no longer fit: print them again."),
        ]
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Draw the tables again?") if again else _("Draw the tables?"),
        consequences=consequences,
        button=_("Yes, draw the tables again") if again else _("Yes, draw the tables"),
        back=_night_url(tournament),
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.tournament_draw_check(tournament=tournament),
        act=lambda: services.tournament_draw(tournament=tournament),
        success=_("The tables are drawn."),
        done=reverse("tournaments:tables", args=[pk]),
    )


@organiser_required
def start(request: HttpRequest, pk: int) -> HttpResponse:
    """Start play, once the organiser confirmed it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Start play?"),
        consequences=[
            _("The tables' links open the entry of deals on the captains' phones."),
            _("The draw stays as it is: no more swaps, registrations or check-ins."),
            _("The rules (minimum bid, deals per table) cannot change any more."),
        ],
        button=_("Yes, start play"),
        back=reverse("tournaments:tables", args=[pk]),
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.tournament_start_check(tournament=tournament),
        act=lambda: services.tournament_start(tournament=tournament),
        success=_("Play has started. Good luck to all!"),
        done=reverse("tournaments:tables", args=[pk]),
    )


@dataclass(frozen=True)
class TableOnScreen:
    """A drawn table with its captain's link and QR code, for the organiser's screen."""

    table: Table
    link: str
    qr: SafeString

    @property
    def playing(self) -> int:
        """How many of its players still play (from the prefetched seats)."""
        return sum(1 for seat in self.table.seats.all() if seat.left_after_deal is None)


@organiser_required
def tables(request: HttpRequest, pk: int) -> HttpResponse:
    """The drawn tables: seats, first dealers, each table's link and QR code (the captain scans
    it from this screen); swaps before play, leavers and tables ended early during it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    base_url = public_base_url(request)
    drawn = selectors.tables_with_seats(tournament=tournament)
    on_screen = []
    for table in drawn:
        link = table_entry_url(base_url=base_url, token=table.token)
        on_screen.append(TableOnScreen(table, link, qr_svg(link)))
    renewed = request.GET.get("renewed", "")
    context = {
        "tournament": tournament,
        "tables": drawn,
        "on_screen": on_screen,
        "renewed": int(renewed)
        if renewed.isascii() and renewed.isdecimal() and len(renewed) <= 4
        else None,
        "draw_check": selectors.draw_check(tournament=tournament),
        "draw_stale": tournament.state == Tournament.State.DRAWN
        and selectors.draw_is_stale(tournament=tournament),
        "swap_form": SwapForm(tournament=tournament),
    }
    return render(request, "tournaments/night/tables.html", context)


@organiser_required
@require_POST
def swap(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = SwapForm(request.POST, tournament=tournament)
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        _attempt(
            request,
            lambda: services.tournament_swap(tournament=tournament, first=first, second=second),
            _("%(first)s and %(second)s have swapped seats.")
            % {
                "first": first.registration.player.name,
                "second": second.registration.player.name,
            },
        )
    else:
        messages.error(request, _("Choose two different players of this tournament."))
    return redirect("tournaments:tables", pk=pk)


@organiser_required
def reissue_link(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A new link for one table (its card lost, the link passed on), once confirmed; then the
    tables page offers that table's card to print."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    tables_url = reverse("tournaments:tables", args=[pk])
    confirmation = Confirmation(
        tournament=table.tournament,
        title=_("A new link for table %(number)s?") % {"number": table.number},
        consequences=[
            _(
                "The old link and QR code of table %(number)s stop working at once: a phone "
                "that has it open cannot enter deals any more."
            )
            % {"number": table.number},
            _("The captain scans the new QR code from this screen, or you print its card."),
            _("The deals entered so far stay as they are."),
        ],
        button=_("Yes, make a new link"),
        back=f"{tables_url}#table-{table.number}",
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.table_token_reissue_check(table=table),
        act=lambda: services.table_token_reissue(table=table, user=request.user),  # type: ignore[arg-type]
        success=_("Table %(number)s has a new link; the old one no longer works.")
        % {"number": table.number},
        done=f"{tables_url}?renewed={table.number}#table-{table.number}",
    )


@organiser_required
def leave(request: HttpRequest, pk: int, seat_pk: int) -> HttpResponse:
    """A player of a table of four has to stop, once confirmed with the deal he played last:
    the table plays on with three. (A table of three is ended early instead.)"""
    seat = get_object_or_404(
        Seat.objects.select_related("table__tournament", "registration__player"),
        pk=seat_pk,
        table__tournament_id=pk,
    )
    table, player = seat.table, seat.registration.player.name
    form = LeaveForm(request.POST or None)
    tables_url = f"{reverse('tournaments:tables', args=[pk])}#table-{table.number}"
    confirmation = Confirmation(
        tournament=table.tournament,
        title=_("%(player)s has to stop?") % {"player": player},
        consequences=[
            _("%(player)s keeps the points of the deals up to the one given below.")
            % {"player": player},
            _("Table %(number)s plays on with three from the next deal.")
            % {"number": table.number},
            _("This cannot be undone during play."),
        ],
        button=_("Yes, the table plays on with three"),
        back=tables_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.seat_leave_check(seat=seat),
        act=lambda: services.seat_leave(seat=seat, after_deal=form.cleaned_data["after_deal"]),
        success=_("%(player)s has left; the table plays on with three.") % {"player": player},
        done=tables_url,
        form=form,
    )
