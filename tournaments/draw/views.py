"""The organiser's pages for the drawn tables: the draw and the start (each confirmed first),
the tables with their links and QR codes, swaps before play, a new link, a player leaving."""

from dataclasses import dataclass
from typing import Any, Protocol, cast

from django.contrib import messages
from django.db.models import Field
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import rule_choice, services
from tournaments.club_points import is_club_table_rules
from tournaments.desk.night_views import attempt, deals_at_label, night_url
from tournaments.draw import rule_seating
from tournaments.draw import selectors as draw_selectors
from tournaments.draw.seat_rows import SeatLinks, seat_rows
from tournaments.draw.seats import (
    seat_leave,
    seat_leave_check,
    table_token_reissue,
    table_token_reissue_check,
)
from tournaments.draw.selectors import draw_is_stale, present_summary
from tournaments.draw.series_screen import series_on_screen
from tournaments.draw.services import tournament_draw, tournament_draw_check, tournament_swap
from tournaments.draw.tables import tables_with_seats
from tournaments.forms import LeaveForm, SwapForm
from tournaments.ledger import progress as table_progress
from tournaments.links import public_base_url, qr_svg, table_entry_url
from tournaments.models import Seat, Table, Tournament
from tournaments.rule_pages import pages_of
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act, deals_waiting_warnings


class TournamentStep(Protocol):
    """A service of the whole tournament, or its ``…_check``."""

    def __call__(self, *, tournament: Tournament) -> object: ...


def _confirm_then_tables(
    request: HttpRequest,
    confirmation: Confirmation,
    check: TournamentStep,
    act: TournamentStep,
    success: str,
) -> HttpResponse:
    """:func:`confirm_or_act` for a step of the whole tournament that leads to the tables."""
    tournament = confirmation.tournament
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: check(tournament=tournament),
        act=lambda: act(tournament=tournament),
        success=success,
        done=reverse("tournaments:tables", args=[tournament.pk]),
    )


def _draw_title(tournament: Tournament, *, again: bool) -> str:
    """The first draw's question; at a night of several series it says which of them."""
    if tournament.series_count == 1:
        return _("Draw the tables again?") if again else _("Draw the tables?")
    words = (
        _("Draw series %(series)s of %(count)s again?")
        if again
        else _("Draw series %(series)s of %(count)s?")
    )
    return words % {"series": 1, "count": tournament.series_count}


@organiser_required
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the tables (again), once the organiser confirmed it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    summary = present_summary(tournament=tournament)
    again = tournament.is_drawn
    consequences = [
        ngettext(
            "%(players)s player present is seated by lot.",
            "%(players)s players present are seated by lot.",
            summary.players,
        )
        % {"players": summary.players}
        + " "
        + summary.tables_text
        + ".",
        _("Each table gets its own link for the captain's phone, and the first dealer."),
    ]
    if again:
        consequences += [
            _("The seats drawn before and any swaps are replaced."),
            _("Table cards and seating lists printed before no longer fit: print them again."),
        ]
    confirmation = Confirmation(
        tournament=tournament,
        title=_draw_title(tournament, again=again),
        consequences=consequences,
        button=_("Yes, draw the tables again") if again else _("Yes, draw the tables"),
        back=night_url(tournament),
    )
    success = _("The tables are drawn.")
    return _confirm_then_tables(
        request, confirmation, tournament_draw_check, tournament_draw, success
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
            _("These rules cannot change any more: %(rules)s.")
            % {"rules": ", ".join(locked_rules(tournament))},
        ],
        button=_("Yes, start play"),
        back=reverse("tournaments:tables", args=[pk]),
    )
    success = _("Play has started. Good luck to all!")
    return _confirm_then_tables(
        request, confirmation, services.tournament_start_check, services.tournament_start, success
    )


def locked_rules(tournament: Tournament) -> list[str]:
    """What the start fixes, in the rule set's own terms: its options (Prisdorf's minimum bid,
    Großenaspe's Kloppen), the deals by the table sizes it seats (a race plays to tricks), the
    prize tournament and the tie-break."""

    def field(name: str) -> "Field[Any, Any]":
        return cast("Field[Any, Any]", Tournament._meta.get_field(name))

    choice = rule_choice.CHOICES.get(tournament.rule_set)
    deals = rule_seating.table_deals(tournament) if pages_of(tournament).lists_deals else {}
    return [
        str(choice.label if choice else tournament.rule_set),
        *(str(text.label) for _option, text in (choice.offered() if choice else ())),
        *([_("the club's points table")] if is_club_table_rules(tournament.rule_set) else []),
        *(deals_at_label(size) for size in deals),
        str(field("prize_tournament").verbose_name),
        str(field("tie_break").verbose_name),
    ]


@dataclass(frozen=True)
class TableOnScreen:
    """A drawn table with its captain's link and QR code, for the organiser's screen."""

    table: Table
    link: str
    qr: SafeString
    #: What its seats' rows share with every table's.
    seat_links: SeatLinks
    #: The rule set plays a count of deals (False: the race, Tippen, played until ended).
    counts_deals: bool = True

    @property
    def seats_html(self) -> SafeString:
        """Its seats' rows (tournaments/draw/seat_rows.py)."""
        seats = list(self.table.seats.all())
        return seat_rows(self.table, seats, self.seat_links, done=self.done)

    @property
    def playing(self) -> int:
        """How many of its players still play (from the prefetched seats)."""
        return sum(1 for seat in self.table.seats.all() if seat.left_after_deal is None)

    @property
    def played(self) -> int:
        """The deals it has played (from the running totals read with it)."""
        total = getattr(self.table, "total", None)  # none before the table's first entry
        return total.played if total is not None else 0

    @property
    def done(self) -> bool:
        """Ended early, or all its deals played: nothing is left to end early (the rule
        of ``series_open_tables``)."""
        return self.table.ended_early or (self.counts_deals and self.played >= self.table.deals)


@organiser_required
def tables(request: HttpRequest, pk: int) -> HttpResponse:
    """The drawn tables: seats, first dealers, each table's link and QR code (the captain scans
    it from this screen); swaps before play, leavers and tables ended early during it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    base_url = public_base_url(request)
    series = series_on_screen(request, tournament)
    drawn = tables_with_seats(tournament=tournament, series=series.shown or None)
    drawn = drawn.select_related("total")  # the deals played, read with the tables
    counts_deals = pages_of(tournament).counts_deals
    seat_links = SeatLinks.of(tournament)
    on_screen = []
    for table in drawn:
        link = table_entry_url(base_url=base_url, token=table.token)
        on_screen.append(TableOnScreen(table, link, qr_svg(link), seat_links, counts_deals))
    renewed = request.GET.get("renewed", "")
    context = {
        "tournament": tournament,
        "tables": drawn,
        "on_screen": on_screen,
        "renewed": int(renewed)
        if renewed.isascii() and renewed.isdecimal() and len(renewed) <= 4
        else None,
        "draw_check": draw_selectors.draw_check(tournament=tournament),
        "draw_stale": tournament.is_drawn and draw_is_stale(tournament=tournament),
        "swap_form": SwapForm(tournament=tournament),
        "series": series,
    }
    return render(request, "tournaments/night/tables.html", context)


@organiser_required
@require_POST
def swap(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = SwapForm(request.POST, tournament=tournament)
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        attempt(
            request,
            lambda: tournament_swap(tournament=tournament, first=first, second=second),
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
        # Deals its phone keeps would meet the old link, which takes none.
        warnings=deals_waiting_warnings(table.tournament, Table.objects.filter(pk=table.pk)),
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: table_token_reissue_check(table=table),
        act=lambda: table_token_reissue(table=table, user=request.user),  # type: ignore[arg-type]
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
    played = table_progress.deals_played(table)
    form = LeaveForm(request.POST or None, played=played)
    tables_url = f"{reverse('tournaments:tables', args=[pk])}#table-{table.number}"
    confirmation = Confirmation(
        tournament=table.tournament,
        title=_("%(player)s has to stop?") % {"player": player},
        consequences=[
            _("Table %(number)s has played %(played)s deals so far.")
            % {"number": table.number, "played": played},
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
        check=lambda: seat_leave_check(seat=seat),
        act=lambda: seat_leave(seat=seat, after_deal=form.cleaned_data["after_deal"]),
        success=_("%(player)s has left; the table plays on with three.") % {"player": player},
        done=tables_url,
        form=form,
    )
