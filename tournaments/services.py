"""Everything that changes state in this app (see DESIGN.md): functions, keyword arguments."""

import logging
import secrets
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.text import get_valid_filename
from django.utils.translation import gettext_lazy as _

from fipsen_rules import MESSAGES, FipsenError, SeatingError
from fipsen_rules.messages import format_message
from tournaments import file_jobs, selectors
from tournaments.draw import draw_tables
from tournaments.models import (
    GeneratedFile,
    OrganiserProfile,
    Player,
    Registration,
    Seat,
    SeatSwap,
    Table,
    TieBreak,
    Tournament,
    TournamentEvent,
)
from tournaments.names import player_name_key
from tournaments.player_csv import CsvRow, players_csv_read
from tournaments.text import clean_text

ORGANISER_USERNAME = "organisator"

# No 0/o, 1/l/i: the password is read off a terminal and typed on a phone.
_ONE_TIME_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class OrganiserCreated:
    user: AbstractBaseUser
    #: The generated password to show once, or None when the caller chose the password.
    one_time_password: str | None


def one_time_password_generate(*, groups: int = 3, group_length: int = 4) -> str:
    """A random password like ``k7mq-9xrt-b2wp`` (3 groups of 4 from 31 characters: 59 bits)."""
    return "-".join(
        "".join(secrets.choice(_ONE_TIME_ALPHABET) for _ in range(group_length))
        for _ in range(groups)
    )


def organiser_create(*, username: str, password: str | None) -> OrganiserCreated:
    """Create an organiser account: a superuser, who can use the admin too.

    With ``password=None`` the account gets a random one-time password, returned so that it can
    be shown once, and the organiser must choose a new password at the first login. A given
    password is checked against AUTH_PASSWORD_VALIDATORS.

    :raises django.core.exceptions.ValidationError: the username or the password is not accepted.
    """
    one_time_password = one_time_password_generate() if password is None else None
    user = get_user_model()(username=username, is_staff=True, is_superuser=True)
    if password is not None:
        password_validation.validate_password(password, user=user)
    user.set_password(password if password is not None else one_time_password)
    user.full_clean()
    with transaction.atomic():
        user.save()
        OrganiserProfile.objects.create(
            user=user, must_change_password=one_time_password is not None
        )
    return OrganiserCreated(user=user, one_time_password=one_time_password)


def organiser_password_change(*, user: AbstractBaseUser, password: str) -> None:
    """Set a new password the organiser chose (validated by the form); ends the forced change."""
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        OrganiserProfile.objects.filter(user_id=user.pk).update(must_change_password=False)


# Players


def player_create(*, name: str, club: str = "", contact: str = "") -> Player:
    """Add a player to the directory.

    :raises ValidationError: on a missing or too long field.
    """
    player = Player(name=_one_line(name), club=_one_line(club), contact=_one_line(contact))
    player.name_key = player_name_key(player.name)
    player.full_clean()
    player.save()
    return player


def player_update(*, player: Player, name: str, club: str, contact: str) -> Player:
    player.name = _one_line(name)
    player.club = _one_line(club)
    player.contact = _one_line(contact)
    player.name_key = player_name_key(player.name)
    player.full_clean()
    player.save()
    return player


def _one_line(text: str) -> str:
    """Cleaned of control characters (:func:`tournaments.text.clean_text`), spaces collapsed."""
    return " ".join(clean_text(text).split())


# Tournaments


def _require_state(tournament: Tournament, *states: str, action: str | Promise) -> None:
    if tournament.state not in states:
        raise ValidationError(
            _("%(action)s is not possible now: the tournament is %(state)s."),
            code="wrong_state",
            params={"action": action, "state": tournament.get_state_display()},
        )


def tournament_create(
    *,
    name: str,
    date: date,
    place: str = "",
    min_bid: int = 2,
    deals_at_four: int = 100,
    deals_at_three: int = 120,
    tie_break: str = TieBreak.FEWER_LOST_THEN_BEST,
    entry_fee: Decimal = Decimal(0),
    confirmation_required: bool = False,
    board_enabled: bool = True,
    board_after_finish: bool = False,
) -> Tournament:
    """A new tournament, open for registration.

    :raises ValidationError: on any invalid field.
    """
    tournament = Tournament(
        name=_one_line(name),
        date=date,
        place=_one_line(place),
        min_bid=min_bid,
        deals_at_four=deals_at_four,
        deals_at_three=deals_at_three,
        tie_break=tie_break,
        entry_fee=entry_fee,
        confirmation_required=confirmation_required,
        board_enabled=board_enabled,
        board_after_finish=board_after_finish,
    )
    tournament.full_clean()
    tournament.save()
    return tournament


#: Fields that decide how the tables play: fixed once play has started.
RULE_FIELDS = ("min_bid", "deals_at_four", "deals_at_three")


def tournament_update(*, tournament: Tournament, **fields: object) -> Tournament:
    """Change a tournament's details; the rules only until play starts, nothing once finished.

    :raises ValidationError: a field is invalid, or may not change in this state.
    """
    _require_state(
        tournament,
        Tournament.State.REGISTRATION,
        Tournament.State.DRAWN,
        Tournament.State.PLAYING,
        action=_("Changing the tournament"),
    )
    changed_rules = [f for f in RULE_FIELDS if f in fields and fields[f] != getattr(tournament, f)]
    if changed_rules and tournament.state == Tournament.State.PLAYING:
        raise ValidationError(
            _("The rules cannot change once play has started."), code="rules_fixed"
        )
    for field, value in fields.items():
        setattr(tournament, field, value)
    tournament.full_clean()
    with transaction.atomic():
        tournament.save()
        if changed_rules:  # drawn tables take the new deal counts
            for size, deals in ((4, tournament.deals_at_four), (3, tournament.deals_at_three)):
                ids = selectors.table_ids_of_size(tournament=tournament, size=size)
                Table.objects.filter(pk__in=ids).update(deals=deals)
    return tournament


def tournament_start_check(*, tournament: Tournament) -> None:
    """Why play cannot start now, raised; nothing when it can (the confirmation page asks).

    :raises ValidationError: not drawn yet, or the registrations changed since the draw.
    """
    _require_state(tournament, Tournament.State.DRAWN, action=_("Starting play"))
    if selectors.draw_is_stale(tournament=tournament):
        raise ValidationError(
            _("Check-ins changed since the draw: draw the tables again first."),
            code="draw_stale",
        )


def tournament_start(*, tournament: Tournament) -> Tournament:
    """Play begins: the draw and the rules are fixed from now on.

    :raises ValidationError: not drawn yet, or the registrations changed since the draw.
    """
    tournament_start_check(tournament=tournament)
    tournament.state = Tournament.State.PLAYING
    tournament.save(update_fields=["state"])
    return tournament


def tournament_finish_check(*, tournament: Tournament) -> None:
    """:raises ValidationError: the tournament is not in play."""
    _require_state(tournament, Tournament.State.PLAYING, action=_("Finishing"))


def tournament_finish(*, tournament: Tournament, user: User | None = None) -> Tournament:
    """The night is over: the tournament is locked (the organiser can reopen it), the tables'
    links are retired (they show the final totals, read only), and the history records who
    finished it and when.

    :raises ValidationError: the tournament is not in play.
    """
    with transaction.atomic():
        # The lock an entry takes too: no deal is saved after the tournament was finished.
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament_finish_check(tournament=locked)
        tournament.state = Tournament.State.FINISHED
        tournament.save(update_fields=["state"])
        # The tables' links enter nothing any more: each printed token is kept as retired
        # (it opens the final totals, read only, and works again on reopening). Each table's
        # read-only sheet link stays, for the organiser to share.
        for table in Table.objects.filter(tournament=tournament).only("pk", "token"):
            Table.objects.filter(pk=table.pk).update(retired_token=table.token, token=_new_token())
        event_record(tournament=tournament, kind=TournamentEvent.Kind.FINISHED, user=user)
    return tournament


def tournament_reopen_check(*, tournament: Tournament) -> None:
    """:raises ValidationError: the tournament is not finished."""
    _require_state(tournament, Tournament.State.FINISHED, action=_("Reopening"))


def tournament_reopen(*, tournament: Tournament, user: User | None = None) -> Tournament:
    """Undo the finish (a deal forgotten, finished by mistake): play goes on, and the history
    keeps both the finish and the reopening.

    :raises ValidationError: the tournament is not finished.
    """
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament_reopen_check(tournament=locked)
        tournament.state = Tournament.State.PLAYING
        tournament.save(update_fields=["state"])
        # The printed cards work again: each table's retired token is its token once more.
        Table.objects.filter(tournament=tournament, retired_token__isnull=False).update(
            token=F("retired_token"), retired_token=None
        )
        event_record(tournament=tournament, kind=TournamentEvent.Kind.REOPENED, user=user)
    return tournament


def event_record(
    *,
    tournament: Tournament,
    kind: str,
    user: User | None = None,
    table: Table | None = None,
    reason: str = "",
    deals_played: int | None = None,
) -> TournamentEvent:
    """Add a line to the tournament's history."""
    return TournamentEvent.objects.create(
        tournament=tournament,
        kind=kind,
        user=user if user is not None and user.is_authenticated else None,
        table_number=table.number if table is not None else None,
        deals=table.deals if table is not None else None,
        deals_played=deals_played,
        reason=reason,
    )


# Registration and check-in


_OPEN = (Tournament.State.REGISTRATION, Tournament.State.DRAWN)


def registration_add(
    *, tournament: Tournament, player: Player, walk_in: bool = False, check_in: bool = False
) -> Registration:
    """Register a player (again, if he had withdrawn). Late arrivals after the draw are
    registered too; the tables must then be drawn again before play.

    :raises ValidationError: already registered, or play has started.
    """
    _require_state(tournament, *_OPEN, action=_("Registering"))
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
    return registration


def registrations_add_players(*, tournament: Tournament, players: list[Player]) -> int:
    """Register several players at once, not checked in (say the players of the last night):
    check each in as he arrives. Those registered already are left as they are.

    :returns: how many were registered.
    :raises ValidationError: play has started.
    """
    _require_state(tournament, *_OPEN, action=_("Registering"))
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


def walk_in_register(*, tournament: Tournament, name: str, club: str = "") -> Registration:
    """A new player on the night: into the directory, registered and checked in at once."""
    with transaction.atomic():
        player = player_create(name=name, club=club)
        return registration_add(tournament=tournament, player=player, walk_in=True, check_in=True)


def registration_check_in(*, registration: Registration, present: bool = True) -> Registration:
    """Check a registered player in (or out again), before play starts."""
    _require_state(registration.tournament, *_OPEN, action=_("Checking in"))
    if registration.withdrawn_at is not None:
        raise ValidationError(
            _("%(player)s has withdrawn; register him again first."),
            code="withdrawn",
            params={"player": registration.player.name},
        )
    registration.checked_in_at = timezone.now() if present else None
    registration.save(update_fields=["checked_in_at"])
    return registration


def registration_withdraw_check(*, registration: Registration) -> None:
    """Why the player cannot be withdrawn now, raised; nothing when he can.

    :raises ValidationError: play has started, or he has withdrawn already.
    """
    _require_state(registration.tournament, *_OPEN, action=_("Withdrawing"))
    if registration.withdrawn_at is not None:
        raise ValidationError(
            _("%(player)s is withdrawn already."),
            code="withdrawn",
            params={"player": registration.player.name},
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


# The draw


def tournament_draw_check(*, tournament: Tournament) -> None:
    """Why the tables cannot be drawn now, raised; nothing when they can.

    :raises ValidationError: play has started, or the players present cannot be seated.
    """
    _require_state(tournament, *_OPEN, action=_("Drawing the tables"))
    summary = selectors.present_summary(tournament=tournament)
    if not summary.seatable:
        params = {"players": summary.players, "fewer": summary.fewer, "more": summary.more}
        raise ValidationError(selectors.UNSEATABLE_MESSAGE, code="unseatable", params=params)


def tournament_draw(*, tournament: Tournament, seed: int | None = None) -> Tournament:
    """Draw the tables for the checked-in players (again, if drawn before), from a new seed.

    :raises ValidationError: play has started, or the count cannot be seated.
    """
    tournament_draw_check(tournament=tournament)
    with transaction.atomic():
        # Two clicks on "draw" at once: the second waits, then draws anew from its own seed.
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _require_state(locked, *_OPEN, action=_("Drawing the tables"))
        ids = selectors.checked_in_registration_ids(tournament=tournament)
        seed = secrets.randbits(63) if seed is None else seed
        try:
            drawn = draw_tables(
                seed=seed,
                registration_ids=ids,
                deals_at_four=tournament.deals_at_four,
                deals_at_three=tournament.deals_at_three,
            )
        except SeatingError as error:
            raise ValidationError(
                selectors.UNSEATABLE_MESSAGE, code="unseatable", params=dict(error.params)
            ) from None
        Table.objects.filter(tournament=tournament).delete()
        SeatSwap.objects.filter(tournament=tournament).delete()
        for table in drawn:
            row = Table.objects.create(
                tournament=tournament,
                number=table.number,
                deals=table.deals,
                first_dealer=table.first_dealer,
                token=_new_token(),
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
    _require_state(tournament, Tournament.State.DRAWN, action=_("Swapping players"))
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


def table_token_reissue_check(*, table: Table) -> None:
    """:raises ValidationError: the tournament is finished."""
    if table.tournament.is_locked:
        raise ValidationError(_("The tournament is finished."), code="locked")


def table_token_reissue(*, table: Table, user: User | None = None) -> Table:
    """Revoke a table's link: the old link stops working at once; print the new card.

    :raises ValidationError: the tournament is finished.
    """
    table_token_reissue_check(table=table)
    with transaction.atomic():
        table.token = _new_token()
        table.save(update_fields=["token"])
        if table.tournament.state == Tournament.State.PLAYING:  # before play it is no event
            event_record(
                tournament=table.tournament,
                kind=TournamentEvent.Kind.LINK_RENEWED,
                user=user,
                table=table,
            )
    return table


def _require_can_leave(table: Table, seats: list[Seat], seat: Seat) -> None:
    _require_state(table.tournament, Tournament.State.PLAYING, action=_("Leaving"))
    if seat.left_after_deal is not None:
        raise ValidationError(_("This player has already left."), code="already_left")
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
    seats = selectors.seats_of(table=seat.table)
    _require_can_leave(seat.table, seats, next(s for s in seats if s.pk == seat.pk))


def seat_leave(*, seat: Seat, after_deal: int) -> Seat:
    """A player leaves during play: he keeps the points of the deals before; a table of four
    plays on as a table of three from the next deal. A table of three cannot lose a player.

    :raises ValidationError: not during play, the table would fall below three, or he left.
    """
    with transaction.atomic():
        # The table's lock, as a deal entry takes it: no deal is saved with the seats as they
        # were before this one left.
        table, seats = selectors.table_with_seats_locked(table_id=seat.table_id)
        seat = next(s for s in seats if s.pk == seat.pk)
        _require_can_leave(table, seats, seat)
        if not 0 <= after_deal <= table.deals:
            raise ValidationError(
                _("Deal %(deal)s is not a deal of this table."),
                code="deal_range",
                params={"deal": after_deal},
            )
        seat.left_after_deal = after_deal
        seat.save(update_fields=["left_after_deal"])
    return seat


def _new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 bits: not guessable, short enough for a QR code


# The player directory: CSV import


@dataclass(frozen=True)
class PlayersImported:
    players: list[Player]
    #: Rows whose player (same name and club, folded) is in the directory already: left out.
    skipped: list[CsvRow]

    @property
    def count(self) -> int:
        return len(self.players)


def players_import_csv(*, data: bytes) -> PlayersImported:
    """Add the players of a CSV file to the directory: all the new ones, or none.

    The file: UTF-8 (with or without BOM) or Windows-1252, fields separated by ";", "," or tab,
    a header naming the columns (Name, Verein/Club, Kontakt/Contact; any order and case).
    A player already in the directory (the same name and club, folded) is skipped: a list
    exported last year and imported again adds the new players only. A row is bad when its
    name is missing, a field is too long, or the same name with the same club is on an earlier
    line of the file.

    :raises ValidationError: the file cannot be read (one error), or it has bad rows: then one
        error per problem, each with ``params["line"]``, in the order of the lines.
    """
    content = players_csv_read(data)
    errors = list(content.errors)
    with transaction.atomic():
        known = {
            (name_key, player_name_key(club))
            for name_key, club in Player.objects.values_list("name_key", "club")
        }
        first_lines: dict[tuple[str, str], int] = {}
        players = []
        skipped: list[CsvRow] = []
        for row in content.rows:
            player = Player(name=row.name, club=row.club, contact=row.contact)
            player.name_key = player_name_key(row.name)
            same = (player.name_key, player_name_key(row.club))
            params = {"line": row.line, "name": row.name, "club": row.club}
            if same in known:
                skipped.append(row)
            elif same in first_lines:
                errors.append(
                    ValidationError(
                        _("Line %(line)s: %(name)s is on line %(first)s already."),
                        code="repeated",
                        params={**params, "first": first_lines[same]},
                    )
                )
            else:
                first_lines[same] = row.line
                try:
                    player.full_clean()
                except ValidationError as error:
                    errors.extend(
                        ValidationError(
                            _("Line %(line)s: %(problem)s"),
                            code="invalid",
                            params={"line": row.line, "problem": problem},
                        )
                        for problem in error.messages
                    )
                players.append(player)
        if errors:
            errors.sort(key=lambda error: error.params["line"] if error.params else 0)
            raise ValidationError(errors)
        return PlayersImported(players=Player.objects.bulk_create(players), skipped=skipped)


# Generated files (PDF jobs): the record, the job that fills it, the clean-up

logger = logging.getLogger(__name__)

#: How long a generated file can be downloaded.
FILE_LIFETIME = timedelta(hours=24)

#: What the organiser reads when a job failed for a reason he cannot fix (the log has it).
FILE_ERROR_UNKNOWN = selectors.FILE_ERROR_UNKNOWN


def file_request(
    *, tournament: Tournament, kind: str, options: Mapping[str, str] | None = None
) -> GeneratedFile:
    """Create the record of a file to make and send the job that makes it (at commit).

    ``options`` are strings for the renderer, since a worker has no request (the table cards
    take ``base_url``); ``language`` defaults to the active one, so the PDF speaks the
    organiser's language. Expired files are removed on the way.

    The job is sent once the record is committed, with ``apply_async`` rather than ``delay``
    because the record keeps the task id (for the progress), and only ``apply_async`` takes one.
    When the broker cannot be reached the record is deleted again (no status page that waits
    for nothing) and a ValidationError says so, raised when the transaction commits.

    :raises ValidationError: no renderer makes files of this kind; the broker is unreachable.
    """
    renderer = file_jobs.renderer_for(kind)
    options = {"language": translation.get_language() or settings.LANGUAGE_CODE, **(options or {})}
    name = f"{renderer.label} {tournament.name} {tournament.date.isoformat()}"
    file = GeneratedFile(
        tournament=tournament,
        kind=kind,
        filename=f"{get_valid_filename(name)[:190]}.{renderer.extension}",
        task_id=str(uuid.uuid4()),
        expires_at=timezone.now() + FILE_LIFETIME,
    )
    file.full_clean()
    from tournaments.tasks import generate_file  # late: the task module imports this one

    def send() -> None:
        try:
            generate_file.apply_async(
                args=(str(file.pk),), kwargs={"options": options}, task_id=file.task_id
            )
        except Exception:  # redis, kombu and Celery each have their own connection errors
            logger.exception("The job for the file %s could not be sent.", file.pk)
            GeneratedFile.objects.filter(pk=file.pk).delete()
            raise ValidationError(BROKER_UNREACHABLE, code="broker_unreachable") from None

    with transaction.atomic():
        files_remove_expired()
        file.save()
        transaction.on_commit(send)
    return file


BROKER_UNREACHABLE = _(
    "The background service cannot be reached, so no file can be made now. Check that "
    "Preisfipsen was started with “make run” (it starts the service too), then try again."
)


def file_generate(
    *,
    file_id: str,
    options: Mapping[str, str],
    progress: file_jobs.Progress | None = None,
) -> GeneratedFile | None:
    """The job: render the file of record ``file_id`` and store it, or store why it failed.

    A renderer's ValidationError or FipsenError is the organiser's to fix: its message (in the
    request's language) is kept in ``error``. Anything else is logged, and ``error`` says only
    that something went wrong. Returns None when the record is gone (expired meanwhile).
    """
    file = GeneratedFile.objects.select_related("tournament").filter(pk=file_id).first()
    if file is None:
        logger.warning("The file %s to generate is gone (expired or deleted).", file_id)
        return None
    if file.file or file.error:
        return file  # made already: the same message delivered twice
    with translation.override(options.get("language") or settings.LANGUAGE_CODE):
        try:
            renderer = file_jobs.renderer_for(file.kind)
            job = file_jobs.FileJob(file, options, progress or file_jobs.no_progress)
            content = renderer.render(job)
        except (ValidationError, FipsenError) as error:
            return _file_failed(file, _error_message(error) or str(FILE_ERROR_UNKNOWN))
        except Exception:
            logger.exception("Generating the file %s (%s) failed.", file.pk, file.kind)
            return _file_failed(file, str(FILE_ERROR_UNKNOWN))
    file.file.save(f"{file.pk}.{renderer.extension}", ContentFile(content), save=False)
    file.save(update_fields=["file"])
    return file


def _file_failed(file: GeneratedFile, message: str) -> GeneratedFile:
    file.error = message[: GeneratedFile._meta.get_field("error").max_length]
    file.save(update_fields=["error"])
    return file


def _error_message(error: ValidationError | FipsenError) -> str:
    if isinstance(error, FipsenError):
        return " ".join(
            format_message(translation.gettext(MESSAGES[violation.code]), violation.params)
            for violation in error.violations
        )
    return " ".join(error.messages)


def files_remove_expired(*, now: datetime | None = None) -> int:
    """Delete the records whose time is up, and their files (once the deletion commits)."""
    expired = GeneratedFile.objects.filter(expires_at__lte=now or timezone.now())
    names = [name for name in expired.values_list("file", flat=True) if name]
    count = expired.delete()[0]
    storage = GeneratedFile._meta.get_field("file").storage

    def delete_files() -> None:
        for name in names:
            storage.delete(name)

    transaction.on_commit(delete_files)
    return count
