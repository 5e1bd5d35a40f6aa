"""The draw: the tables for the players present, and swaps after it."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from fipsen_rules import SeatingError
from tournaments.draw.rule_seating import tournament_split
from tournaments.draw.selectors import (
    checked_in_registration_ids,
    present_summary,
    unseatable_message,
)
from tournaments.draw.split import draw_tables
from tournaments.models import Seat, SeatSwap, Table, Tournament
from tournaments.services.common import new_token
from tournaments.states import BEFORE_PLAY, require_state


def tournament_draw_check(*, tournament: Tournament) -> None:
    """Why the tables cannot be drawn now, raised; nothing when they can.

    :raises ValidationError: play has started, or the players present cannot be seated.
    """
    require_state(tournament, *BEFORE_PLAY, action=_("Drawing the tables"))
    summary = present_summary(tournament=tournament)
    if not summary.seatable:
        raise ValidationError(summary.message, code="unseatable", params=summary.params)


def tournament_draw(*, tournament: Tournament, seed: int | None = None) -> Tournament:
    """Draw the tables for the checked-in players (again, if drawn before), from a new seed.

    :raises ValidationError: play has started, or the count cannot be seated.
    """
    tournament_draw_check(tournament=tournament)
    with transaction.atomic():
        # Two clicks on "draw" at once: the second waits, then draws anew from its own seed.
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        require_state(locked, *BEFORE_PLAY, action=_("Drawing the tables"))
        ids = checked_in_registration_ids(tournament=tournament)
        seed = secrets.randbits(63) if seed is None else seed
        try:
            drawn = draw_tables(
                seed=seed, registration_ids=ids, split=tournament_split(tournament, len(ids))
            )
        except SeatingError as error:
            raise ValidationError(
                unseatable_message(error.params.get("fewer"), error.violations[0].code),
                code="unseatable",
                params=dict(error.params),
            ) from None
        Table.objects.filter(tournament=tournament).delete()
        SeatSwap.objects.filter(tournament=tournament).delete()
        for table in drawn:
            row = Table.objects.create(
                tournament=tournament,
                number=table.number,
                deals=table.deals,
                first_dealer=table.first_dealer,
                token=new_token(),
            )
            Seat.objects.bulk_create(
                Seat(table=row, position=position, registration_id=registration_id)
                for position, registration_id in enumerate(table.seats)
            )
        tournament.draw_seed = seed
        tournament.drawn_at = timezone.now()
        tournament.state = Tournament.State.DRAWN
        tournament.save(update_fields=["draw_seed", "drawn_at", "state"])
    return tournament


def tournament_swap(*, tournament: Tournament, first: Seat, second: Seat) -> None:
    """Swap two players' seats after the draw, before play; recorded for the draw check."""
    require_state(tournament, Tournament.State.DRAWN, action=_("Swapping players"))
    if (
        first.pk == second.pk
        or first.table.tournament_id != tournament.pk
        or (second.table.tournament_id != tournament.pk)
    ):
        raise ValidationError(_("Choose two different players of this tournament."), code="swap")
    with transaction.atomic():
        a, b = first.registration_id, second.registration_id
        # Seats are unique per player and per place, checked row by row: so the two seats
        # are made anew rather than updated one after the other.
        Seat.objects.filter(pk__in=(first.pk, second.pk)).delete()
        Seat.objects.bulk_create(
            [
                Seat(table_id=first.table_id, position=first.position, registration_id=b),
                Seat(table_id=second.table_id, position=second.position, registration_id=a),
            ]
        )
        SeatSwap.objects.create(tournament=tournament, first_id=a, second_id=b)
