"""The end of the night, each step on a confirmation page (tournaments.views.confirm):
finishing the tournament (it names the tables still playing), reopening it, ending one
table early and resuming it, ending every table of a series still playing. Here rather than
in the tournaments app, since they read the deals played."""

from typing import Protocol

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import selectors, services
from scoring.forms import TableEndForm
from tournaments import services as tournament_services
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.ledger import progress as table_progress
from tournaments.models import Seat, Table, Tournament
from tournaments.rule_pages import ClosingWords, pages_of, worded
from tournaments.views.access import organiser_required
from tournaments.views.confirm import (
    Confirmation,
    confirm_or_act,
    deals_waiting_warnings,
    table_to_confirm,
)


class _Check(Protocol):
    """A service's check: ValidationError when the step is not possible now."""

    def __call__(self, *, tournament: Tournament) -> None: ...


class _Act(Protocol):
    def __call__(self, *, tournament: Tournament, user: User | None = None) -> Tournament: ...


def _table_count(table: Table, words: ClosingWords, tournament: Tournament) -> str:
    counted = worded(
        words.table_count,
        number=table.number,
        played=table.played,  # type: ignore[attr-defined]
        deals=table.deals,
    )
    return in_series(tournament, table, counted)


def in_series(tournament: Tournament, table: Table, text: str) -> str:
    """``text`` about a table, its series named first at a night of several ("Serie 2 ·
    Tisch 3 …"): a table's number repeats in every series."""
    if tournament.series_count < 2:
        return text
    return _("Series %(series)s · %(text)s") % {"series": table.series, "text": text}


def _series_left(tournament: Tournament) -> list[str]:
    """At a night of several series, the series not drawn yet (a query only then)."""
    if tournament.series_count < 2:
        return []
    drawn = last_series_drawn(tournament=tournament)
    if drawn >= tournament.series_count:
        return []
    return [
        _(
            "Series %(next)s of %(count)s is not drawn yet: finishing now ends the night after "
            "series %(drawn)s."
        )
        % {"next": drawn + 1, "count": tournament.series_count, "drawn": drawn}
    ]


def _unfinished_title(unfinished: list[Table], words: ClosingWords) -> str:
    return str(words.still_playing) if unfinished else ""


@organiser_required
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """Finish the tournament, once confirmed; the page names every table still playing."""
    tournament = get_object_or_404(Tournament, pk=pk)
    unfinished = selectors.unfinished_tables(tournament=tournament)
    words = pages_of(tournament).closing
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Finish the tournament?"),
        warning_title=_unfinished_title(unfinished, words),
        warnings=[
            *_series_left(tournament),
            *(_table_count(table, words, tournament) for table in unfinished),
            *deals_waiting_warnings(tournament, tournament.tables.all()),
        ],
        consequences=[
            _(
                "The captains' phones cannot enter or correct deals any more: the links of the "
                "table cards show the table's final totals instead."
            ),
            _("The standings are final, and the ranking is printed as final."),
            *_board_after(tournament),
            _(
                "You can reopen the tournament afterwards if needed; the printed table cards "
                "then work again, and the history keeps both."
            ),
        ],
        button=_("Yes, finish the tournament"),
        back=reverse("tournaments:night", args=[pk]),
    )
    step = (tournament_services.tournament_finish_check, tournament_services.tournament_finish)
    done = reverse("scoring:standings", args=[pk])  # what the organiser wants to see now
    success = _("The tournament is finished and locked.")
    return _confirm_tournament_step(request, confirmation, step, success=success, done=done)


def _board_after(tournament: Tournament) -> list[str]:
    """What the board in the hall shows once the night is finished, said before the finish."""
    if not tournament.board_enabled:
        return []
    if tournament.board_after_finish:
        return [
            _(
                "The board in the hall shows the final ranking, for the prize-giving (to switch "
                "it off: the tournament's rules page)."
            )
        ]
    return [
        _(
            "The board in the hall goes dark (to show the final ranking there: the tournament's "
            "rules page)."
        )
    ]


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
    step = (tournament_services.tournament_reopen_check, tournament_services.tournament_reopen)
    success = _("The tournament is open again: play goes on.")
    return _confirm_tournament_step(request, confirmation, step, success=success, done=night_url)


def _confirm_tournament_step(
    request: HttpRequest,
    confirmation: Confirmation,
    step: tuple[_Check, _Act],
    *,
    success: str,
    done: str,
) -> HttpResponse:
    """confirm_or_act for a step on the whole tournament, taken by the organiser logged in."""
    check, act = step
    tournament = confirmation.tournament
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: check(tournament=tournament),
        act=lambda: act(tournament=tournament, user=request.user),  # type: ignore[arg-type]
        success=success,
        done=done,
    )


@organiser_required
def table_end(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """End one table early with a reason, once confirmed; ``?player=<seat>`` names the player
    who left a table of three, as the reason to start from."""
    table, table_url = table_to_confirm(pk, table_pk)
    played = table_progress.deals_played(table)  # a race table's deals too
    initial, warnings = _player_leaving(table, request.GET.get("player", ""))
    if played == 0:  # ending it takes its players out of the night without a point
        warnings.append(_nothing_played(table))
    warnings += deals_waiting_warnings(table.tournament, Table.objects.filter(pk=table.pk))
    form = TableEndForm(request.POST or None, initial=initial)
    confirmation = Confirmation(
        tournament=table.tournament,
        title=in_series(
            table.tournament, table, _("End table %(number)s early?") % {"number": table.number}
        ),
        warnings=warnings,
        consequences=_table_end_consequences(table, played),
        button=_("Yes, end the table early"),
        back=table_url,
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
        success=in_series(
            table.tournament,
            table,
            _("Table %(number)s is ended early; its deals stand.") % {"number": table.number},
        ),
        done=table_url,
        form=form,
    )


@organiser_required
def series_end(request: HttpRequest, pk: int, series: int) -> HttpResponse:
    """End every table of ``series`` still playing, with one reason, once confirmed: the
    night's time is up, or the next series is to be drawn (a series with open tables cannot
    be drawn again)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    words = pages_of(tournament).closing
    try:
        tables = services.series_end_early_check(tournament=tournament, series=series)
    except ValidationError:
        tables = []  # the page says why, from the same check
    form = TableEndForm(request.POST or None)
    tables_url = reverse("tournaments:tables", args=[pk])
    confirmation = Confirmation(
        tournament=tournament,
        title=_("End the tables of series %(series)s still playing?") % {"series": series},
        warnings=[
            *(_table_count(table, words, tournament) for table in tables),
            *deals_waiting_warnings(
                tournament, Table.objects.filter(pk__in=[t.pk for t in tables])
            ),
        ],
        consequences=[
            _("Their deals stand; their captains' phones take no more deals."),
            _(
                "The tables count as done: the next series can be drawn. The standings, the "
                "sheets and the ranking say that they ended early, and why."
            ),
            _(
                'Until the tournament is finished you can let a table play on again ("Resume '
                'the table" on the tables page); the history keeps both.'
            ),
        ],
        button=_("Yes, end these tables early"),
        back=tables_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.series_end_early_check(tournament=tournament, series=series),
        act=lambda: services.series_end_early(
            tournament=tournament,
            series=series,
            reason=form.cleaned_data["reason"],
            user=request.user,  # type: ignore[arg-type]
        ),
        success=_("The tables of series %(series)s are done; their deals stand.")
        % {"series": series},
        done=tables_url,
        form=form,
    )


def _player_leaving(table: Table, seat_pk: str) -> tuple[dict[str, str], list[str]]:
    """The reason to start from and the warning, when the table is ended because the player of
    seat ``seat_pk`` (of the query string: anything may stand there) left a table of three."""
    if not (seat_pk.isascii() and seat_pk.isdecimal()):
        return {}, []
    seat = Seat.objects.select_related("registration__player").filter(pk=seat_pk, table=table)
    leaving = seat.first()
    if leaving is None:
        return {}, []
    reason = _("%(player)s had to stop.") % {"player": leaving.registration.player.name}
    # A table of three (Prisdorf), or any table of rules that cannot be played short.
    warning = str(table.tournament.no_leaving_note or "") or _(
        "A table of three cannot play on without a player: end the table early "
        "instead (its deals stand)."
    )
    return {"reason": reason}, [warning]


def _nothing_played(table: Table) -> str:
    nothing = worded(pages_of(table.tournament).closing.nothing_played, number=table.number)
    return in_series(table.tournament, table, nothing)


def _table_end_consequences(table: Table, played: int) -> list[str]:
    ends = pages_of(table.tournament).closing.table_ends
    return [
        worded(ends, number=table.number, played=played, deals=table.deals),
        _("Its deals stand; the captain's phone takes no more deals."),
        _(
            "The table counts as done; the standings, its sheet and the ranking say that it "
            "ended early, and why."
        ),
        _(
            'Until the tournament is finished you can let the table play on again ("Resume '
            'the table" on the tables page); the history keeps both.'
        ),
    ]


@organiser_required
def table_resume(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """Let a table ended early play on again, once confirmed (ended by mistake, the player came
    back); only while the tournament is not finished."""
    table, table_url = table_to_confirm(pk, table_pk)
    confirmation = Confirmation(
        tournament=table.tournament,
        title=in_series(
            table.tournament, table, _("Resume table %(number)s?") % {"number": table.number}
        ),
        consequences=[
            _resume_from(table),
            _("The captain's phone takes deals again; the deals played so far stand."),
            _("The history keeps that it was ended early, and who resumed it when."),
        ],
        button=_("Yes, resume the table"),
        back=table_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.table_resume_check(table=table),
        act=lambda: services.table_resume(
            table=table,
            user=request.user,  # type: ignore[arg-type]
        ),
        success=in_series(
            table.tournament, table, _("Table %(number)s plays on.") % {"number": table.number}
        ),
        done=table_url,
    )


def _resume_from(table: Table) -> str:
    return worded(
        pages_of(table.tournament).closing.resume_from,
        number=table.number,
        next=(table.ended_early_after or 0) + 1,
        deals=table.deals,
    )
