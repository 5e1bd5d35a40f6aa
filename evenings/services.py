"""A card night's changes (issue 28 item 5): made, its tournaments taken in and out, and the
desk's one tap a player and tournament: he plays it (registered, checked in, his fee paid) or
not (checked out, his fee open again). The tournaments' own rules of the desk hold (after the
draw a late arrival, once play started none): each refusal is theirs, in German."""

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from evenings.models import CardNight, CardNightPart
from tournaments.desk.services import registration_add, registration_arrive
from tournaments.models import Player, Registration, Tournament
from tournaments.players.names import player_name_key
from tournaments.players.services import player_create
from tournaments.services.common import one_line
from tournaments.states import require_desk_open


def card_night_create(*, name: str, date: datetime.date, place: str = "") -> CardNight:
    """A new card night, with no tournament yet.

    :raises ValidationError: a field the model refuses.
    """
    card_night = CardNight(name=one_line(name), date=date, place=one_line(place))
    card_night.full_clean()
    card_night.save()
    return card_night


def card_night_take_in(*, card_night: CardNight, tournament: Tournament) -> CardNightPart:
    """Make ``tournament`` a part of the card night.

    :raises ValidationError: it is played on another day, or is part of another card night.
    """
    if tournament.date != card_night.date:
        raise ValidationError(
            _("“%(tournament)s” is played on another day than the card night."),
            code="other_day",
            params={"tournament": tournament.name},
        )
    with transaction.atomic():
        part, created = CardNightPart.objects.select_for_update().get_or_create(
            tournament=tournament, defaults={"card_night": card_night}
        )
        if not created and part.card_night_id != card_night.pk:
            raise ValidationError(
                _("“%(tournament)s” is part of the card night “%(other)s” already."),
                code="other_card_night",
                params={"tournament": tournament.name, "other": part.card_night.name},
            )
    return part


def card_night_take_out(*, card_night: CardNight, tournament: Tournament) -> None:
    """No longer run ``tournament`` from the card night's desk; the tournament is unchanged."""
    CardNightPart.objects.filter(card_night=card_night, tournament=tournament).delete()


def arrival_plays(
    *, tournament: Tournament, player: Player, plays: bool, by: User | None = None
) -> Registration | None:
    """The desk's tap for ``player`` and ``tournament``: he plays it (registered if he was
    not, checked in, his fee paid) or he does not (checked out, his fee open again).

    :raises ValidationError: as the tournament's desk refuses it (play started, seated).
    """
    action = _("Taking a player in") if plays else _("Taking a player out")
    require_desk_open(tournament, action=f"{action} ({tournament.name})")
    registration = Registration.objects.filter(
        tournament=tournament, player=player, withdrawn_at__isnull=True
    ).first()
    if registration is None:
        if not plays:
            return None
        return registration_add(tournament=tournament, player=player, check_in=True, paid=True,
                                by=by)  # fmt: skip
    return registration_arrive(registration=registration, present=plays, paid=True, by=by)


def arrival_register(
    *, name: str, club: str, plays: list[Tournament], by: User | None = None
) -> Player:
    """A player typed once at the card night's desk (new to the directory, or found there by
    his name and club): he plays the tournaments ticked, each with its fee paid. All or
    nothing.

    :raises ValidationError: no tournament ticked, or as the directory and the desks refuse.
    """
    if not plays:
        raise ValidationError(_("Tick at least one tournament he plays."), code="nothing_ticked")
    with transaction.atomic():
        # The same name and club in the directory is the same player: typed once, not twice.
        key, club = player_name_key(one_line(name)), one_line(club)
        player = Player.objects.filter(name_key=key, club=club, retired_at__isnull=True).first()
        if player is None:
            player = player_create(name=name, club=club)
        for tournament in plays:
            arrival_plays(tournament=tournament, player=player, plays=True, by=by)
    return player
