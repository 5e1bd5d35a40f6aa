"""Registration and check-in, before play (and for a later series still to be drawn)."""

from collections import Counter
from collections.abc import Collection
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.desk.selectors import TEAM_SIZE, team_registrations
from tournaments.models import Player, Registration, Tournament, TournamentEvent
from tournaments.players.services import player_create
from tournaments.services.tournament import event_record
from tournaments.states import BEFORE_PLAY, require_desk_open, require_state

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def registration_add(
    *,
    tournament: Tournament,
    player: Player,
    walk_in: bool = False,
    check_in: bool = False,
    paid: bool = False,
    by: User | None = None,
) -> Registration:
    """Register a player (again, if he had withdrawn), checked in and his fee ``paid`` if
    asked; a retired player registered is back in the directory. Late arrivals after the
    draw are registered too; the tables must then be drawn again before play.

    :raises ValidationError: already registered, or play has started.
    """
    require_desk_open(tournament, action=_("Registering"))
    with transaction.atomic():
        registration, created = Registration.objects.select_for_update().get_or_create(
            tournament=tournament, player=player, defaults={"walk_in": walk_in}
        )
        if not created and registration.withdrawn_at is None:
            raise ValidationError(
                _("%(player)s is already registered."),
                code="already_registered",
                params={"player": player.name},
            )
        registration.withdrawn_at = None
        registration.checked_in_at = timezone.now() if check_in else None
        registration.save()
        if player.retired_at is not None:  # he came back (chosen as a walk-in's likely match)
            Player.objects.filter(pk=player.pk).update(retired_at=None)
            player.retired_at = None
        if paid:
            registration_mark_paid(registration=registration, paid=True, by=by)
    return registration


def registrations_add_players(*, tournament: Tournament, players: list[Player]) -> int:
    """Register several players at once, not checked in (say the players of the last night):
    check each in as he arrives. Those registered already are left as they are.

    :returns: how many were registered.
    :raises ValidationError: play has started.
    """
    require_desk_open(tournament, action=_("Registering"))
    with transaction.atomic():
        registered = set(
            Registration.objects.filter(
                tournament=tournament, withdrawn_at__isnull=True, player__in=players
            ).values_list("player_id", flat=True)
        )
        for player in players:
            if player.pk not in registered:
                registration_add(tournament=tournament, player=player)
    return len({player.pk for player in players} - registered)


def walk_in_register(
    *,
    tournament: Tournament,
    name: str,
    club: str = "",
    paid: bool = True,
    by: User | None = None,
    known_duplicates: Collection[int] | None = None,
) -> Registration:
    """A new player on the night, typed once: into the directory, registered, checked in and
    (as he pays at the door) his fee marked paid, at once. With ``known_duplicates``, a like
    name added meanwhile is refused (see ``player_create``).

    :raises ValidationError: as ``player_create`` and ``registration_add``.
    """
    with transaction.atomic():
        player = player_create(name=name, club=club, known_duplicates=known_duplicates)
        registration = registration_add(
            tournament=tournament, player=player, walk_in=True, check_in=True
        )
        if paid:
            registration_mark_paid(registration=registration, paid=True, by=by)
        return registration


def registration_arrive(
    *,
    registration: Registration,
    present: bool = True,
    paid: bool = True,
    by: User | None = None,
) -> Registration:
    """A registered player at the desk, one tap: checked in and his fee marked paid (``paid``
    False: he pays later, his fee open); or, the tap undone, checked out and his fee open.

    :raises ValidationError: see ``registration_check_in``.
    """
    with transaction.atomic():
        registration_check_in(registration=registration, present=present)
        return registration_mark_paid(registration=registration, paid=present and paid, by=by)


def registration_check_in(*, registration: Registration, present: bool = True) -> Registration:
    """Check a registered player in (or out again), before play starts; during play a late
    arrival for the next series (not out again once seated)."""
    _require_not_withdrawn(
        registration,
        action=_("Checking in"),
        withdrawn=_("%(player)s has withdrawn; register him again first."),
        late=True,
    )
    if not present and registration.tournament.has_started and registration.seats.exists():
        raise ValidationError(
            _("%(player)s is seated already: he stays checked in."),
            code="seated",
            params={"player": registration.player.name},
        )
    registration.checked_in_at = timezone.now() if present else None
    registration.save(update_fields=["checked_in_at"])
    return registration


def registration_mark_paid(
    *, registration: Registration, paid: bool, by: User | None = None
) -> Registration:
    """Mark the player's entry fee paid (in cash, at the desk) or open again, with a line in
    the tournament's history. The money paid is kept with it (the fee asked just then): a fee
    changed later does not change what is in the cash box. Money comes in at any time of the
    night, a late payer even after the end: no state refuses it. Marking it as it is already
    changes nothing.

    :raises ValidationError: marked paid, and he has withdrawn.
    """
    with transaction.atomic():
        locked = Registration.objects.select_for_update().get(pk=registration.pk)
        if paid and locked.withdrawn_at is not None:
            raise ValidationError(
                _(
                    "%(player)s has withdrawn: his fee cannot be marked paid. "
                    "Register him again first."
                ),
                code="withdrawn",
                params={"player": registration.player.name},
            )
        if locked.is_fee_paid != paid:
            locked.fee_paid_at = timezone.now() if paid else None
            locked.fee_amount = registration.tournament.entry_fee if paid else None
            locked.save(update_fields=["fee_paid_at", "fee_amount"])
            event_record(
                tournament=registration.tournament,
                kind=TournamentEvent.Kind.FEE_PAID if paid else TournamentEvent.Kind.FEE_OPEN,
                user=by,
                reason=registration.player.name,
            )
    registration.fee_paid_at, registration.fee_amount = locked.fee_paid_at, locked.fee_amount
    return registration


def registration_withdraw_check(*, registration: Registration) -> None:
    """Why the player cannot be withdrawn now, raised; nothing when he can.

    :raises ValidationError: play has started, or he has withdrawn already.
    """
    _require_not_withdrawn(
        registration, action=_("Withdrawing"), withdrawn=_("%(player)s is withdrawn already.")
    )


def registration_withdraw(*, registration: Registration) -> Registration:
    """A player withdraws before play ("austragen"); his seat, if drawn, stays until the tables
    are drawn again. He may be registered again.

    :raises ValidationError: see ``registration_withdraw_check``.
    """
    registration_withdraw_check(registration=registration)
    registration.withdrawn_at = timezone.now()
    registration.checked_in_at = None
    registration.save(update_fields=["withdrawn_at", "checked_in_at"])
    return registration


def _require_not_withdrawn(
    registration: Registration,
    *,
    action: "StrOrPromise",
    withdrawn: "StrOrPromise",
    late: bool = False,
) -> None:
    """Before play (``late``: or for a later series still to be drawn), and the player has
    not withdrawn (``withdrawn`` says so, with his name).

    :raises ValidationError: play has started, or he has withdrawn.
    """
    if late:
        require_desk_open(registration.tournament, action=action)
    else:
        require_state(registration.tournament, *BEFORE_PLAY, action=action)
    if registration.withdrawn_at is not None:
        raise ValidationError(
            withdrawn, code="withdrawn", params={"player": registration.player.name}
        )


def teams_set(*, tournament: Tournament, teams: dict[int, str]) -> int:
    """Each registration's team (by its pk; "" for none), all or none; how many changed.

    :raises ValidationError: a team of more than four players (each such team named).
    """
    named = {pk: " ".join(name.split()) for pk, name in teams.items()}
    # A team typed in two spellings ("Prisdorf II", "prisdorf II") is one, written the way
    # most of its players' fields have it.
    spellings = Counter(name for name in named.values() if name)
    spelled: dict[str, str] = {}
    for name, _count in spellings.most_common():
        spelled.setdefault(name.casefold(), name)
    named = {pk: spelled[name.casefold()] if name else "" for pk, name in named.items()}
    counts = Counter(name.casefold() for name in named.values() if name)
    too_many = sorted({n for n in named.values() if n and counts[n.casefold()] > TEAM_SIZE})
    if too_many:
        raise ValidationError(
            [
                ValidationError(
                    _("The team “%(team)s” has %(count)s players: a team has four."),
                    code="team_size",
                    params={"team": name, "count": counts[name.casefold()]},
                )
                for name in too_many
            ]
        )
    changed = [
        registration
        for registration in team_registrations(tournament)
        if registration.pk in named and registration.team != named[registration.pk]
    ]
    for registration in changed:
        registration.team = named[registration.pk]
    with transaction.atomic():
        Registration.objects.bulk_update(changed, ["team"])
    return len(changed)
