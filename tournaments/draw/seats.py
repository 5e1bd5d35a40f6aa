"""During play: a table's link renewed, a player leaving."""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments import rule_choice
from tournaments.draw.tables import seats_of, table_with_seats_locked
from tournaments.ledger import progress as table_progress
from tournaments.models import Seat, Table, Tournament, TournamentEvent
from tournaments.services.common import new_token
from tournaments.services.tournament import event_record
from tournaments.states import require_not_finished, require_state


def table_token_reissue_check(*, table: Table) -> None:
    """:raises ValidationError: the tournament is finished."""
    require_not_finished(table.tournament)


def table_token_reissue(*, table: Table, user: User | None = None) -> Table:
    """Revoke a table's link: the old link stops working at once; print the new card.

    :raises ValidationError: the tournament is finished.
    """
    table_token_reissue_check(table=table)
    with transaction.atomic():
        table.token = new_token()
        table.save(update_fields=["token"])
        if table.tournament.is_playing:  # before play it is no event
            event_record(
                tournament=table.tournament,
                kind=TournamentEvent.Kind.LINK_RENEWED,
                user=user,
                table=table,
            )
    return table


def _require_can_leave(table: Table, seats: list[Seat], seat: Seat) -> None:
    require_state(table.tournament, Tournament.State.PLAYING, action=_("Leaving"))
    if seat.left_after_deal is not None:
        raise ValidationError(_("This player has already left."), code="already_left")
    no_leaving = rule_choice.no_leaving_note(table.tournament)
    if no_leaving is not None:
        raise ValidationError(no_leaving, code="rules_no_leaving")
    if sum(s.left_after_deal is None for s in seats) <= 3:
        raise ValidationError(
            _(
                "A table of three cannot play on without a player: end the table early "
                "instead (its deals stand)."
            ),
            code="too_few_players",
        )


def seat_leave_check(*, seat: Seat) -> None:
    """Why this player cannot leave now, raised; nothing when he can (the confirmation page
    asks first). See :func:`seat_leave`."""
    seats = seats_of(table=seat.table)
    _require_can_leave(seat.table, seats, next(s for s in seats if s.pk == seat.pk))


def _require_played(table: Table, after_deal: int) -> int:
    """A player leaves after a deal the table has played, never after one still to come: the
    phone and the sheets would count him on until then, and it cannot be undone. Returns the
    deals the table has played."""
    if not 0 <= after_deal <= table.deals:
        raise ValidationError(
            _("Deal %(deal)s is not a deal of this table."),
            code="deal_range",
            params={"deal": after_deal},
        )
    played = table_progress.deals_played(table)
    if after_deal > played:
        raise ValidationError(
            _(
                "Deal %(deal)s has not been played yet: table %(number)s has played "
                "%(played)s deals. A player leaves after a deal that was played, at the "
                "latest after deal %(played)s."
            ),
            code="deal_not_played",
            params={"deal": after_deal, "number": table.number, "played": played},
        )
    return played


def _require_sat_out(
    table: Table, seats: list[Seat], seat: Seat, *, after_deal: int, played: int
) -> None:
    """A player who leaves after an earlier deal than the last one played (the organiser heard
    of it late) must have sat out the deals after it: the three entered them without him."""
    unfit = table_progress.deals_unfit_for_leaving(
        table, seats, position=seat.position, after_deal=after_deal
    )
    if unfit:
        raise ValidationError(
            ngettext(
                "%(player)s cannot have left after deal %(deal)s: deal %(deals)s was "
                "entered with him at the table (he dealt or declared in it). He left after "
                "deal %(last)s at the earliest; after deal %(played)s, the last one played, "
                "he can always leave.",
                "%(player)s cannot have left after deal %(deal)s: deals %(deals)s were "
                "entered with him at the table (he dealt or declared in them). He left "
                "after deal %(last)s at the earliest; after deal %(played)s, the last one "
                "played, he can always leave.",
                len(unfit),
            ),
            code="deals_after_with_player",
            params={
                "player": seat.registration.player.name,
                "deal": after_deal,
                "deals": ", ".join(str(number) for number in unfit),
                "last": unfit[-1],
                "played": played,
            },
        )


def seat_leave(*, seat: Seat, after_deal: int) -> Seat:
    """A player leaves during play: he keeps the points of the deals up to ``after_deal``,
    which the table has played (at the latest the last deal played: he leaves now); a table of
    four plays on as a table of three from the next deal. A table of three cannot lose a
    player.

    :raises ValidationError: not during play, the table would fall below three, he left, the
        deal is not one the table has played, or a deal after it was played with him (the
        message names those deals).
    """
    with transaction.atomic():
        # The table's lock, as a deal entry takes it: no deal is saved with the seats as they
        # were before this one left.
        table, seats = table_with_seats_locked(table_id=seat.table_id)
        seat = next(s for s in seats if s.pk == seat.pk)
        _require_can_leave(table, seats, seat)
        played = _require_played(table, after_deal)
        _require_sat_out(table, seats, seat, after_deal=after_deal, played=played)
        seat.left_after_deal = after_deal
        seat.save(update_fields=["left_after_deal"])
    return seat
