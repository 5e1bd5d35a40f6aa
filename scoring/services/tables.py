"""Ending a table early and letting it play on: its deals stand, the history keeps who and why;
ending every table of a series still playing at once (the night's time is up, the next series
is to be drawn)."""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import selectors
from scoring.standings.board_cache import board_changed
from tournaments import services as tournament_services
from tournaments.draw.tables import table_with_seats_locked
from tournaments.ledger import progress as table_progress
from tournaments.models import Table, Tournament, TournamentEvent
from tournaments.rule_pages import pages_of
from tournaments.states import require_open_for_entry, require_playing

_ENDING_FIELDS = ["ended_early_at", "ended_early_after", "ended_early_reason"]


def table_end_early_check(*, table: Table, played: int) -> None:
    """Why the table cannot be ended early now, raised; nothing when it can.

    :raises ValidationError: not in play, ended already, or it has played all its deals
        (never a race or Tippen table, which has no count of deals to play).
    """
    require_open_for_entry(table)
    if pages_of(table.tournament).counts_deals and played >= table.deals:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")


def table_end_early(*, table: Table, reason: str, user: User | None) -> Table:
    """End a table before its last deal: a table of three lost a player, or the night ran out
    of time. Its deals stand, it takes no more, and it counts as done; the history keeps who,
    when and why.

    :raises ValidationError: no reason given, or see :func:`table_end_early_check`.
    """
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(
            _("Say why the table ends early (for the history and the ranking)."),
            code="reason_missing",
        )
    with transaction.atomic():
        # The table's lock, as an entry takes it: no deal slips in after the count below.
        locked, _seats = table_with_seats_locked(table_id=table.pk)
        played = table_progress.deals_played(locked)  # a race table's deals too
        table_end_early_check(table=locked, played=played)
        locked.ended_early_at = timezone.now()
        locked.ended_early_after = played
        locked.ended_early_reason = reason[: Table._meta.get_field("ended_early_reason").max_length]
        locked.full_clean()
        _ending_save(
            locked,
            TournamentEvent.Kind.TABLE_ENDED_EARLY,
            user=user,
            reason=locked.ended_early_reason,
            deals_played=played,
        )
    return locked


def series_end_early_check(*, tournament: Tournament, series: int) -> list[Table]:
    """The tables of ``series`` still playing (each with ``played``), which ending the series
    ends; raised why none can be ended now.

    :raises ValidationError: not in play, or every table of the series is done.
    """
    require_playing(tournament)
    unfinished = selectors.unfinished_tables(tournament=tournament)
    tables = [table for table in unfinished if table.series == series]
    if not tables:
        raise ValidationError(
            _("Every table of series %(series)s is done."),
            code="series_complete",
            params={"series": series},
        )
    return tables


def series_end_early(
    *, tournament: Tournament, series: int, reason: str, user: User | None
) -> list[Table]:
    """End every table of ``series`` still playing, each as :func:`table_end_early` ends one
    (under its lock, its deals standing, in the history with the reason), all or none.

    :raises ValidationError: see :func:`series_end_early_check` and :func:`table_end_early`.
    """
    with transaction.atomic():
        tables = series_end_early_check(tournament=tournament, series=series)
        return [table_end_early(table=table, reason=reason, user=user) for table in tables]


def table_resume_check(*, table: Table) -> None:
    """Why a table ended early cannot play on now, raised; nothing when it can.

    :raises ValidationError: not in play (finished: reopen it first), or not ended early.
    """
    require_playing(table.tournament)
    if not table.ended_early:
        raise ValidationError(_("This table was not ended early."), code="table_not_ended")


def table_resume(*, table: Table, user: User | None) -> Table:
    """Let a table ended early play on (ended by mistake, the player came back): its deals
    stand and it takes the next ones again; the history keeps who resumed it and when.

    :raises ValidationError: see :func:`table_resume_check`.
    """
    with transaction.atomic():
        locked, _seats = table_with_seats_locked(table_id=table.pk)
        table_resume_check(table=locked)
        played = locked.ended_early_after
        locked.ended_early_at = None
        locked.ended_early_after = None
        locked.ended_early_reason = ""
        _ending_save(locked, TournamentEvent.Kind.TABLE_RESUMED, user=user, deals_played=played)
    return locked


def _ending_save(
    table: Table,
    kind: TournamentEvent.Kind,
    *,
    user: User | None,
    deals_played: int | None,
    reason: str = "",
) -> None:
    """Save the table's ending (set or cleared) and record it in the tournament's history; the
    board shows it once committed."""
    table.save(update_fields=_ENDING_FIELDS)
    board_changed(tournament_id=table.tournament_id)
    tournament_services.event_record(
        tournament=table.tournament,
        kind=kind,
        user=user,
        table=table,
        reason=reason,
        deals_played=deals_played,
    )
