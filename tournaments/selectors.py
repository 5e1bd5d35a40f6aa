"""Reading for pages and commands (see DESIGN.md): nothing here changes state."""

import difflib
import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from uuid import UUID

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone
from django.utils.translation import gettext_lazy

from fipsen_rules import MESSAGES, Code, SeatingError, table_split
from preisfipsen.celery import app as celery_app
from tournaments.draw import draw_tables
from tournaments.models import (
    GeneratedFile,
    OrganiserProfile,
    Player,
    Registration,
    Seat,
    SeatSwap,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.names import player_name_key


def organiser_exists(*, username: str) -> bool:
    """Is there an organiser account already: an active superuser, or a user of that name?

    A superuser made with `createsuperuser` counts, so the app does not add a second account.
    """
    users = get_user_model().objects
    return users.filter(Q(is_superuser=True, is_active=True) | Q(username=username)).exists()


def user_must_change_password(*, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Does this account still have its one-time password? (One query.)"""
    if user.pk is None:  # anonymous: no account, so no profile (what the query found)
        return False
    return OrganiserProfile.objects.filter(user_id=user.pk, must_change_password=True).exists()


# The tournament night


#: "13 players cannot be seated …": the rules module's message, translated where it is shown.
UNSEATABLE_MESSAGE = gettext_lazy(MESSAGES[Code.TABLES_UNSEATABLE])


@dataclass(frozen=True)
class SplitSummary:
    """What the checked-in count gives: the tables, or why it cannot be seated."""

    players: int
    fours: int = 0
    threes: int = 0
    #: When it cannot be seated: the nearest counts that can, below and above.
    fewer: int | None = None
    more: int | None = None

    @property
    def seatable(self) -> bool:
        return self.fours + self.threes > 0


def split_summary(*, players: int) -> SplitSummary:
    """The table split for a number of players (the deal counts do not matter here)."""
    try:
        split = table_split(players)
    except SeatingError as error:
        fewer, more = error.params.get("fewer"), error.params.get("more")
        return SplitSummary(
            players,
            fewer=fewer if isinstance(fewer, int) else None,
            more=more if isinstance(more, int) else None,
        )
    fours = sum(1 for table in split if table.size == 4)
    return SplitSummary(players, fours, len(split) - fours)


def present_summary(*, tournament: Tournament) -> SplitSummary:
    """The tables the players checked in now would give."""
    return split_summary(players=len(checked_in_registration_ids(tournament=tournament)))


def checked_in_registration_ids(*, tournament: Tournament) -> list[int]:
    """The players to seat, sorted by id: the input of the draw."""
    return list(
        Registration.objects.filter(
            tournament=tournament, checked_in_at__isnull=False, withdrawn_at__isnull=True
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def registrations(*, tournament: Tournament) -> QuerySet[Registration]:
    """Every registration with its player, by name; withdrawn ones last."""
    return (
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by(F("withdrawn_at").asc(nulls_first=True), "player__name", "pk")
    )


def draw_is_stale(*, tournament: Tournament) -> bool:
    """Do the seats differ from the players checked in now (a late arrival, a withdrawal)?"""
    seated = set(
        Seat.objects.filter(table__tournament=tournament).values_list("registration_id", flat=True)
    )
    return seated != set(checked_in_registration_ids(tournament=tournament))


def registrations_of_players(
    *, tournament: Tournament, players: list[Player]
) -> dict[int, Registration]:
    """The tournament's registrations (not withdrawn) of these players, by player id."""
    found = Registration.objects.filter(
        tournament=tournament, player__in=players, withdrawn_at__isnull=True
    )
    return {registration.player_id: registration for registration in found}


def seats_with_players() -> QuerySet[Seat]:
    """Seats by position, each with its registration and player."""
    return Seat.objects.select_related("registration__player").order_by("position")


def seats_of(*, table: Table) -> list[Seat]:
    """The table's seats by position, with their players."""
    return list(seats_with_players().filter(table=table))


def tables_with_seats(*, tournament: Tournament) -> QuerySet[Table]:
    """The tables in order, each with its seats and players (two queries in all)."""
    return (
        Table.objects.filter(tournament=tournament)
        .prefetch_related(Prefetch("seats", queryset=seats_with_players()))
        .order_by("number")
    )


def table_ids_of_size(*, tournament: Tournament, size: int) -> list[int]:
    return list(
        Table.objects.filter(tournament=tournament)
        .annotate(size=Count("seats"))
        .filter(size=size)
        .values_list("pk", flat=True)
    )


logger = logging.getLogger(__name__)

#: What a table's token looks like: secrets.token_urlsafe's alphabet, within the column's size.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def table_for_token(*, token: str, retired: bool = False) -> tuple[Table, list[Seat]] | None:
    """The table a captain's link opens, with its tournament and seats, or None for an
    unknown or revoked link. One query: a drawn table always has its seats.

    ``retired``: look the token up among the links of finished tournaments instead (the
    printed cards, which show the final totals until the tournament is reopened).
    """
    if not _TOKEN.fullmatch(token):
        return None  # not a token at all (a NUL would even break PostgreSQL's query)
    column = "table__retired_token" if retired else "table__token"
    seats = list(
        Seat.objects.filter(**{column: token})
        .select_related("table__tournament", "registration__player")
        .order_by("position")
    )
    if not seats:
        return None
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one Table object for all, as if fetched on its own
    return table, seats


_TABLE_ID_OF_TOKEN = "SELECT id FROM tournaments_table WHERE token = %s"  # noqa: S105 (SQL)


def table_with_seats_locked(
    *, table_id: int | None = None, token: str | None = None
) -> tuple[Table, list[Seat]]:
    """The table, its tournament and its seats, for a service inside a transaction: the rows
    of the table and of its tournament stay locked until the transaction ends, so entries at
    a table queue up, and so do an entry and the tournament's finish (PostgreSQL; on SQLite
    the IMMEDIATE transaction already lets one writer in at a time).

    Two statements on purpose: on PostgreSQL a statement that waited for a lock still sees the
    rows it did not lock as they were when it started, so the seats (a player may have left
    meanwhile) are read after the lock is held.

    By ``table_id``, or by a captain's link ``token`` (as :func:`table_for_token` reads it).

    :raises Table.DoesNotExist: no such table, or a link that opens none.
    """
    tables = Table.objects.select_for_update().select_related("tournament")
    if token is None:
        if table_id is None:  # what get(pk=None) raised: no table has no id
            raise Table.DoesNotExist
        table = tables.get(pk=table_id)
    elif _TOKEN.fullmatch(token):
        # By the id the link had when the statement began (PostgreSQL keeps a subquery's
        # value when it re-reads a row it waited for): finishing the tournament renews the
        # links, and an entry that waited for the finish must say that it is finished, not
        # that the link is not valid. In SQL: a Subquery() doubled the cost of this read.
        table = tables.get(pk=RawSQL(_TABLE_ID_OF_TOKEN, [token]))  # noqa: S611 (a parameter)
    else:
        raise Table.DoesNotExist  # not a token at all (a NUL would even break PostgreSQL)
    seats = seats_of(table=table)
    if token is not None and not seats:
        raise Table.DoesNotExist  # not drawn: its link opens nothing (table_for_token)
    for seat in seats:
        seat.table = table
    return table, seats


@dataclass(frozen=True)
class DrawCheck:
    seed: int
    swaps: int
    #: The seats are what the seed gives, after the recorded swaps.
    matches: bool


def draw_check(*, tournament: Tournament) -> DrawCheck | None:
    """Repeat the draw from its seed and the seated players, replay the swaps, and compare."""
    if tournament.draw_seed is None:
        return None
    seats = list(
        Seat.objects.filter(table__tournament=tournament).values_list(
            "table__number", "position", "registration_id", "table__first_dealer"
        )
    )
    drawn = draw_tables(
        seed=tournament.draw_seed,
        registration_ids=[registration for _, _, registration, _ in seats],
        deals_at_four=tournament.deals_at_four,
        deals_at_three=tournament.deals_at_three,
    )
    expected = {
        (table.number, position): registration
        for table in drawn
        for position, registration in enumerate(table.seats)
    }
    swaps = list(SeatSwap.objects.filter(tournament=tournament).values_list("first", "second"))
    where = {registration: place for place, registration in expected.items()}
    for first, second in swaps:
        where[first], where[second] = where[second], where[first]
    expected = {place: registration for registration, place in where.items()}
    dealers = {table.number: table.first_dealer for table in drawn}
    matches = all(
        expected.get((number, position)) == registration and dealers.get(number) == dealer
        for number, position, registration, dealer in seats
    ) and len(seats) == len(expected)
    return DrawCheck(seed=tournament.draw_seed, swaps=len(swaps), matches=matches)


def tournament_history(*, tournament: Tournament) -> QuerySet[TournamentEvent]:
    """The tournament's history (finished, reopened, tables ended early, new links), the newest
    first, with who did it (one query)."""
    return (
        TournamentEvent.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("-created_at", "-pk")
    )


def tournament_list() -> QuerySet[Tournament]:
    """Every tournament, the latest first, with its count of checked-in players."""
    present = Q(
        registrations__checked_in_at__isnull=False, registrations__withdrawn_at__isnull=True
    )
    return Tournament.objects.annotate(present=Count("registrations", filter=present)).order_by(
        "-date", "-pk"
    )


def tournaments_on_board_today() -> QuerySet[Tournament]:
    """Tonight's tournaments in play (or finished today and keeping the final ranking) whose
    board in the hall is on: the start page shows players the way to it."""
    return Tournament.objects.filter(
        Q(state=Tournament.State.PLAYING)
        | Q(state=Tournament.State.FINISHED, board_after_finish=True),
        date=timezone.localdate(),
        board_enabled=True,
    ).order_by("name", "pk")


#: Players the night page lists to tap through; a longer directory is narrowed by typing.
DESK_LIST_SIZE = 40


def players_to_register(
    *, tournament: Tournament, query: str = "", limit: int = DESK_LIST_SIZE
) -> list[Player]:
    """Directory players not registered for the tournament (or withdrawn), by name, at most
    ``limit``; with a query, those whose name or club contains every word, folded as in the
    directory ("mueller" finds "Müller"). One query, two with a query (the clubs)."""
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    players = player_directory(query=query).exclude(pk__in=registered.values("player_id"))
    return list(players[:limit])


@dataclass(frozen=True)
class PreviousNight:
    """ "Die Spieler vom letzten Mal": the tournament before, and those of its players who
    played (checked in) and are not registered for this one yet."""

    tournament: Tournament
    players: list[Player]


def previous_night(*, tournament: Tournament) -> PreviousNight | None:
    """The latest earlier tournament that had players checked in, with those of them to
    register now; None when there is none or all of them are registered (two queries)."""
    played = Registration.objects.filter(checked_in_at__isnull=False, withdrawn_at__isnull=True)
    earlier = (
        Tournament.objects.filter(
            Q(date__lt=tournament.date) | Q(date=tournament.date, pk__lt=tournament.pk)
        )
        .filter(Exists(played.filter(tournament=OuterRef("pk"))))
        .order_by("-date", "-pk")
        .first()
    )
    if earlier is None:
        return None
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    players = list(
        Player.objects.filter(pk__in=played.filter(tournament=earlier).values("player_id"))
        .exclude(pk__in=registered.values("player_id"))
        .order_by("name", "club", "pk")
    )
    return PreviousNight(earlier, players) if players else None


# The player directory


#: Names at least this similar (difflib's ratio of the folded names) are likely the same person.
DUPLICATE_RATIO = 0.85


def player_directory(*, query: str = "") -> QuerySet[Player]:
    """The directory by name; with a query, the players whose name or club contains every word.

    Names are compared folded (``name_key``), so "mueller" finds "Müller" and "hans mueller"
    finds "Müller, Hans". Clubs are folded the same way: the few distinct clubs are read once
    (one query) and matched here, since the database has no folded copy of them.
    """
    players = Player.objects.order_by("name", "club", "pk")
    words = query.replace(",", " ").split()
    if not words:
        return players
    clubs = {
        club: player_name_key(club)
        for club in Player.objects.exclude(club="").values_list("club", flat=True).distinct()
    }
    for word in words:
        key = player_name_key(word)
        players = players.filter(
            Q(name_key__contains=key) | Q(club__in=[c for c, k in clubs.items() if key in k])
        )
    return players


def player_likely_duplicates(*, name: str, exclude_pk: int | None = None) -> list[Player]:
    """Players whose name is likely the same as ``name``, the most similar first (one query).

    Likely the same: equal when folded ("Mueller" = "Müller"), the same words in another order
    ("Müller, Hans" = "Hans Müller"), or a difflib ratio of at least ``DUPLICATE_RATIO`` between
    the folded names, as they stand or with their words sorted ("Hans Müler", "Müler, Hans").
    """
    key = player_name_key(name)
    if not key:
        return []
    sorted_key = " ".join(sorted(key.split()))
    candidates = Player.objects.order_by("name", "club", "pk")
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    # SequenceMatcher caches what it knows about its second sequence: the name asked about.
    as_written = difflib.SequenceMatcher(b=key, autojunk=False)
    word_sorted = difflib.SequenceMatcher(b=sorted_key, autojunk=False)
    found: list[tuple[float, Player]] = []
    for player in candidates:
        other_sorted = " ".join(sorted(player.name_key.split()))
        if player.name_key == key or other_sorted == sorted_key:
            found.append((1.0, player))
            continue
        as_written.set_seq1(player.name_key)
        word_sorted.set_seq1(other_sorted)
        ratio = max(_ratio(as_written), _ratio(word_sorted))
        if ratio >= DUPLICATE_RATIO:
            found.append((ratio, player))
    found.sort(key=lambda item: -item[0])  # stable: equally similar ones stay by name
    return [player for _, player in found]


def _ratio(matcher: difflib.SequenceMatcher[str]) -> float:
    """The matcher's ratio, skipping the full comparison when its upper bounds are too low."""
    if matcher.real_quick_ratio() < DUPLICATE_RATIO or matcher.quick_ratio() < DUPLICATE_RATIO:
        return 0.0
    return matcher.ratio()


# Generated files (PDF jobs) and what they print


@dataclass(frozen=True)
class SeatingRow:
    """A line of the seating list."""

    name: str
    club: str
    table: int
    seat: int  # 1 to 4, as printed; the model counts from 0


def seating_list(*, tournament: Tournament) -> list[SeatingRow]:
    """Every seated player, sorted by name the way Germans look names up (one query).

    Case and umlauts do not count ("Müller" = "mueller", as in a phone book).
    """
    seats = Seat.objects.filter(table__tournament=tournament).values_list(
        "registration__player__name", "registration__player__club", "table__number", "position"
    )
    rows = [SeatingRow(name, club, table, position + 1) for name, club, table, position in seats]
    return sorted(rows, key=lambda row: (player_name_key(row.name), row.name, row.table, row.seat))


def generated_file(*, file_id: UUID | str) -> GeneratedFile | None:
    """The file record with its tournament, or None."""
    return GeneratedFile.objects.select_related("tournament").filter(pk=file_id).first()


#: A job that has not started after this long probably has no worker to run it.
WORKER_SLOW_AFTER = timedelta(seconds=20)
#: A job whose progress has not moved for this long has lost its worker (killed, restarted
#: mid-job): its page says it failed and offers to try again. Every renderer reports progress
#: at least per table, which takes a second or two.
JOB_STALLED_AFTER = timedelta(minutes=3)


@dataclass(frozen=True)
class FileStatus:
    """How far a file's job is: waiting, running (done of total), ready, failed or expired."""

    file: GeneratedFile
    state: str
    done: int = 0
    total: int = 0
    #: Still waiting for a worker after WORKER_SLOW_AFTER.
    slow: bool = False
    #: Failed because it stopped moving (JOB_STALLED_AFTER), not because of its file.
    stalled: bool = False

    @property
    def finished(self) -> bool:
        return self.state in ("ready", "failed", "expired")

    @property
    def error(self) -> str:
        if self.state == "failed" and self.stalled:
            return str(FILE_ERROR_STALLED)
        if self.state == "failed":
            return self.file.error or str(FILE_ERROR_UNKNOWN)
        return ""


#: Shown when the job itself broke (not the renderer): the worker's log has the reason.
FILE_ERROR_UNKNOWN = gettext_lazy("Something went wrong; please try again.")
#: Shown when the job stopped moving: its worker was stopped or restarted meanwhile.
FILE_ERROR_STALLED = gettext_lazy(
    "The file was not finished: the background worker stopped meanwhile. Please try again."
)


def _job_state(task_id: str) -> tuple[str, object]:
    """The job's state and its progress, read once: reading ``state`` and then ``info`` asks
    the result backend twice, and a job that finishes in between has no progress any more.
    A result backend that cannot be read (down, a file half written) reads as still waiting.
    """
    if not task_id:
        return "PENDING", None
    try:
        meta = celery_app.backend.get_task_meta(task_id)
    except Exception:  # the backend's own connection or decoding errors
        logger.warning("The state of the job %s could not be read.", task_id, exc_info=True)
        return "PENDING", None
    return str(meta.get("status", "PENDING")), meta.get("result")


def file_status(*, file: GeneratedFile, now: datetime | None = None) -> FileStatus:
    """The state of a file's job, from the record and else from Celery's result backend."""
    now = now or timezone.now()
    if file.expires_at <= now:
        return FileStatus(file, "expired")
    if file.error:
        return FileStatus(file, "failed")
    if file.file:
        return FileStatus(file, "ready")
    state, info = _job_state(file.task_id)
    if state == "FAILURE":
        return FileStatus(file, "failed")
    if state == "PROGRESS" and isinstance(info, dict):
        done, total, at = info.get("done", 0), info.get("total", 0), info.get("at")
        if not (isinstance(done, int) and isinstance(total, int)):
            return FileStatus(file, "running")
        moved = datetime.fromtimestamp(at, tz=UTC) if isinstance(at, int | float) else now
        if now - moved > JOB_STALLED_AFTER:
            return FileStatus(file, "failed", done=done, total=total, stalled=True)
        return FileStatus(file, "running", done=done, total=total)
    if state == "STARTED" and now - file.created_at > JOB_STALLED_AFTER:
        return FileStatus(file, "failed", stalled=True)  # a job reports progress at its start
    if state in ("STARTED", "SUCCESS", "PROGRESS"):
        return FileStatus(file, "running")
    return FileStatus(file, "waiting", slow=now - file.created_at > WORKER_SLOW_AFTER)


# The tournament's home


@dataclass(frozen=True)
class CheckInCount:
    registered: int
    present: int


def check_in_count(*, tournament: Tournament) -> CheckInCount:
    """Players registered (not withdrawn) and checked in: one query."""
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    counts = registered.aggregate(
        registered=Count("pk"), present=Count("pk", filter=Q(checked_in_at__isnull=False))
    )
    return CheckInCount(counts["registered"], counts["present"])


def table_cards_printed(*, tournament: Tournament) -> bool:
    """Were table cards asked for since the last draw? (One query.)"""
    cards = GeneratedFile.objects.filter(tournament=tournament, kind=GeneratedFile.Kind.TABLE_CARDS)
    if tournament.drawn_at is not None:
        cards = cards.filter(created_at__gte=tournament.drawn_at)
    return cards.exists()


def tournaments_current_first() -> list[Tournament]:
    """Every tournament for the start page: the one in play first, else the latest not
    finished; then the rest, latest first (one query)."""
    tournaments = list(tournament_list())
    current = next((t for t in tournaments if t.state == Tournament.State.PLAYING), None)
    if current is None:
        current = next((t for t in tournaments if t.state != Tournament.State.FINISHED), None)
    if current is None:
        return tournaments
    return [current, *(t for t in tournaments if t.pk != current.pk)]


def seat_swaps(*, tournament: Tournament) -> QuerySet[SeatSwap]:
    """The organiser's swaps after the draw, the newest first (one query)."""
    return (
        SeatSwap.objects.filter(tournament=tournament)
        .select_related("first__player", "second__player")
        .order_by("-created_at", "-pk")
    )
