"""What a new deal checks after the state guard (tournaments/states.py, which says whether the
table takes deals at all): a deal left to play, none waiting for its confirmation."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.selectors import NextDeal
from tournaments.models import Table


def require_deal_left(number: int | None) -> None:
    """:raises ValidationError: the table has played all its deals (``number`` is None)."""
    if number is None:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")


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
