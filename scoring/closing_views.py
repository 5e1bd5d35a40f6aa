"""The end of the night, each step on a confirmation page (tournaments.views.confirm):
finishing the tournament (it names the tables still playing), reopening it, ending one
table early and resuming it. Here rather than in the tournaments app, since they read the
deals played."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import selectors, services
from scoring.forms import TableEndForm
from tournaments import services as tournament_services
from tournaments.models import Seat, Table, Tournament
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act


def _table_count(table: Table) -> str:
    return _("Table %(number)s: %(played)s of %(deals)s deals") % {
        "number": table.number,
        "played": table.played,  # type: ignore[attr-defined]
        "deals": table.deals,
    }


@organiser_required
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """Finish the tournament, once confirmed; the page names every table still playing."""
    tournament = get_object_or_404(Tournament, pk=pk)
    unfinished = selectors.unfinished_tables(tournament=tournament)
    night_url = reverse("tournaments:night", args=[pk])
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Finish the tournament?"),
        warning_title=_(
            "These tables have not played all their deals yet. End them early first if the "
            "night ran out of time for them, or let them play on:"
        )
        if unfinished
        else "",
        warnings=[_table_count(table) for table in unfinished],
        consequences=[
            _(
                "The captains' phones cannot enter or correct deals any more: the links of the "
                "table cards show the table's final totals instead."
            ),
            _("The standings are final, and the ranking is printed as final."),
            _(
                "You can reopen the tournament afterwards if needed; the printed table cards "
                "then work again, and the history keeps both."
            ),
        ],
        button=_("Yes, finish the tournament"),
        back=night_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: tournament_services.tournament_finish_check(tournament=tournament),
        act=lambda: tournament_services.tournament_finish(
            tournament=tournament,
            user=request.user,  # type: ignore[arg-type]
        ),
        success=_("The tournament is finished and locked."),
        done=reverse("scoring:standings", args=[pk]),  # what the organiser wants to see now
    )


@organiser_required
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Reopen a finished tournament, once confirmed (a forgotten deal, finished by mistake)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    night_url = reverse("tournaments:night", args=[pk])
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Reopen the tournament?"),
        consequences=[
            _("Play goes on: deals can be entered and corrected again."),
            _("The standings and the ranking are provisional until you finish it again."),
            _(
                "The printed table cards stay valid: their links enter deals again, nothing needs "
                "to be printed again."
            ),
            _("The history keeps that it was finished, and who reopened it when."),
        ],
        button=_("Yes, reopen the tournament"),
        back=night_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: tournament_services.tournament_reopen_check(tournament=tournament),
        act=lambda: tournament_services.tournament_reopen(
            tournament=tournament,
            user=request.user,  # type: ignore[arg-type]
        ),
        success=_("The tournament is open again: play goes on."),
        done=night_url,
    )


@organiser_required
def table_end(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """End one table early with a reason, once confirmed; ``?player=<seat>`` names the player
    who left a table of three, as the reason to start from."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    played = selectors.deals_played(table=table)
    initial = {}
    warnings: list[str] = []
    leaving = request.GET.get("player", "")
    if leaving.isascii() and leaving.isdecimal():
        seat = (
            Seat.objects.select_related("registration__player")
            .filter(pk=leaving, table=table)
            .first()
        )
        if seat is not None:
            initial["reason"] = _("%(player)s had to stop.") % {
                "player": seat.registration.player.name
            }
            warnings.append(
                _(
                    "A table of three cannot play on without a player: end the table early "
                    "instead (its deals stand)."
                )
            )
    if played == 0:  # ending it takes its players out of the night without a point
        warnings.append(
            _(
                "Table %(number)s has not played a single deal yet: its players would end the "
                "night without a point from it."
            )
            % {"number": table.number}
        )
    form = TableEndForm(request.POST or None, initial=initial)
    tables_url = reverse("tournaments:tables", args=[pk])
    confirmation = Confirmation(
        tournament=table.tournament,
        title=_("End table %(number)s early?") % {"number": table.number},
        warnings=warnings,
        consequences=[
            _("Table %(number)s ends after %(played)s of %(deals)s deals.")
            % {"number": table.number, "played": played, "deals": table.deals},
            _("Its deals stand; the captain's phone takes no more deals."),
            _(
                "The table counts as done; the standings, its sheet and the ranking say that it "
                "ended early, and why."
            ),
            _(
                'Until the tournament is finished you can let the table play on again ("Resume '
                'the table" on the tables page); the history keeps both.'
            ),
        ],
        button=_("Yes, end the table early"),
        back=f"{tables_url}#table-{table.number}",
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.table_end_early_check(table=table, played=played),
        act=lambda: services.table_end_early(
            table=table,
            reason=form.cleaned_data["reason"],
            user=request.user,  # type: ignore[arg-type]
        ),
        success=_("Table %(number)s is ended early; its deals stand.") % {"number": table.number},
        done=f"{tables_url}#table-{table.number}",
        form=form,
    )


@organiser_required
def table_resume(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """Let a table ended early play on again, once confirmed (ended by mistake, the player came
    back); only while the tournament is not finished."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    tables_url = reverse("tournaments:tables", args=[pk])
    confirmation = Confirmation(
        tournament=table.tournament,
        title=_("Resume table %(number)s?") % {"number": table.number},
        consequences=[
            _("Table %(number)s plays on from deal %(next)s of %(deals)s.")
            % {
                "number": table.number,
                "next": (table.ended_early_after or 0) + 1,
                "deals": table.deals,
            },
            _("The captain's phone takes deals again; the deals played so far stand."),
            _("The history keeps that it was ended early, and who resumed it when."),
        ],
        button=_("Yes, resume the table"),
        back=f"{tables_url}#table-{table.number}",
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.table_resume_check(table=table),
        act=lambda: services.table_resume(
            table=table,
            user=request.user,  # type: ignore[arg-type]
        ),
        success=_("Table %(number)s plays on.") % {"number": table.number},
        done=f"{tables_url}#table-{table.number}",
    )
