"""Generated files (PDF jobs) and what they print."""

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from uuid import UUID

from django.utils import timezone
from django.utils.translation import gettext_lazy

from preisfipsen.celery import app as celery_app
from tournaments.models import GeneratedFile, Seat, Tournament
from tournaments.names import player_name_key

logger = logging.getLogger(__name__)


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


def table_cards_printed(*, tournament: Tournament) -> bool:
    """Were table cards asked for since the last draw? (One query.)"""
    cards = GeneratedFile.objects.filter(tournament=tournament, kind=GeneratedFile.Kind.TABLE_CARDS)
    if tournament.drawn_at is not None:
        cards = cards.filter(created_at__gte=tournament.drawn_at)
    return cards.exists()
