"""What every write of a deal checks first: the tournament in play, the table still taking
deals, no deal waiting for its confirmation."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.selectors import NextDeal
from tournaments.models import Table, Tournament


def require_playing(tournament: Tournament) -> None:
    """:raises ValidationError: the tournament is finished, or play has not started."""
    if tournament.is_finished:
        raise ValidationError(_("The tournament is finished."), code="locked")
    if tournament.state != Tournament.State.PLAYING:
        raise ValidationError(_("Play has not started yet."), code="not_playing")


def require_not_ended(table: Table) -> None:
    """:raises ValidationError: the organiser ended the table early."""
    if table.ended_early:
        raise ValidationError(
            _("%(table)s was ended early by the organiser: it takes no more deals."),
            code="table_ended",
            params={"table": str(table)},
        )


def require_deal_left(number: int | None) -> None:
    """:raises ValidationError: the table has played all its deals (``number`` is None)."""
    if number is None:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")


def require_open(table: Table) -> None:
    """The table takes deals at all.

    :raises ValidationError: the tournament is not in play, or the table was ended early.
    """
    require_playing(table.tournament)
    require_not_ended(table)


def require_next_free(table: Table, upcoming: NextDeal, *, await_confirmation: bool) -> None:
    """The table's next deal may be entered now.

    :raises ValidationError: all deals played, or (when ``await_confirmation``) the last deal
        waits for a second player to confirm it.
    """
    require_deal_left(upcoming.number)
    if (
        await_confirmation
        and table.tournament.confirmation_required
        and upcoming.waiting_for_confirmation
    ):
        raise ValidationError(
            _("The last deal waits for a second player to confirm it."), code="confirm_first"
        )
