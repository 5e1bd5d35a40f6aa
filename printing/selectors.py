"""Reading the file jobs for their pages: a record, its job's state, whether one was asked for."""

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from uuid import UUID

from celery import current_app as celery_app
from django.utils import timezone
from django.utils.translation import gettext_lazy

from printing.models import GeneratedFile

logger = logging.getLogger(__name__)


def generated_file(*, file_id: UUID | str) -> GeneratedFile | None:
    """The file record, or None."""
    return GeneratedFile.objects.filter(pk=file_id).first()


def file_requested(*, owner: str, kind: str, since: datetime | None = None) -> bool:
    """Was a file of ``kind`` asked for, for ``owner`` (since ``since``)? One query."""
    files = GeneratedFile.objects.filter(owner=owner, kind=kind)
    if since is not None:
        files = files.filter(created_at__gte=since)
    return files.exists()


#: A job that has not started after this long probably has no worker to run it.
WORKER_SLOW_AFTER = timedelta(seconds=20)
#: A job that has not reported for this long has lost its worker (killed, restarted mid-job):
#: a running job reports every tasks.HEARTBEAT_SECONDS, whatever its renderer does. Its page
#: then hands it on (services.file_hand_on), and says it failed once that no longer helps.
JOB_STALLED_AFTER = timedelta(seconds=30)

#: Shown when the job itself broke (not the renderer): the worker's log has the reason.
FILE_ERROR_UNKNOWN = gettext_lazy("Something went wrong; please try again.")
#: Shown when the job stopped moving: its worker was stopped or restarted meanwhile.
FILE_ERROR_STALLED = gettext_lazy(
    "The file was not finished: the background worker stopped meanwhile. Please try again."
)


@dataclass(frozen=True)
class FileStatus:
    """How far a file's job is: waiting, running (done of total), ready, failed or expired."""

    WAITING = "waiting"
    RUNNING = "running"
    READY = "ready"
    FAILED = "failed"
    EXPIRED = "expired"

    file: GeneratedFile
    state: str
    done: int = 0
    total: int = 0
    #: Still waiting for a worker after WORKER_SLOW_AFTER.
    slow: bool = False
    #: Failed because it stopped moving (JOB_STALLED_AFTER), not because of its file.
    stalled: bool = False
    #: Sent again because its worker died (services.file_hand_on): waits for the next one.
    handed_on: bool = False

    @property
    def is_ready(self) -> bool:
        return self.state == self.READY

    @property
    def has_failed(self) -> bool:
        return self.state == self.FAILED

    @property
    def is_expired(self) -> bool:
        return self.state == self.EXPIRED

    @property
    def is_running(self) -> bool:
        """A worker has it (rather than waiting for one)."""
        return self.state == self.RUNNING

    @property
    def finished(self) -> bool:
        return self.is_ready or self.has_failed or self.is_expired

    @property
    def error(self) -> str:
        if self.has_failed and self.stalled:
            return str(FILE_ERROR_STALLED)
        if self.has_failed:
            return self.file.error or str(FILE_ERROR_UNKNOWN)
        return ""


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
        return FileStatus(file, FileStatus.EXPIRED)
    if file.error:
        return FileStatus(file, FileStatus.FAILED)
    if file.file:
        return FileStatus(file, FileStatus.READY)
    state, info = _job_state(file.task_id)
    if state == "PENDING" and file.handed_on:
        return FileStatus(file, FileStatus.WAITING, handed_on=True)
    if state == "FAILURE":
        return FileStatus(file, FileStatus.FAILED)
    if state == "PROGRESS" and isinstance(info, dict):
        return _progress_status(file, info, now)
    if state == "STARTED" and now - file.created_at > JOB_STALLED_AFTER:
        # a job reports progress at its start
        return FileStatus(file, FileStatus.FAILED, stalled=True)
    if state in ("STARTED", "SUCCESS", "PROGRESS"):
        return FileStatus(file, FileStatus.RUNNING)
    return FileStatus(file, FileStatus.WAITING, slow=now - file.created_at > WORKER_SLOW_AFTER)


def _progress_status(file: GeneratedFile, info: dict[str, object], now: datetime) -> FileStatus:
    """A running job's status from its last progress report (failed once it stopped moving)."""
    done, total, at = info.get("done", 0), info.get("total", 0), info.get("at")
    if not (isinstance(done, int) and isinstance(total, int)):
        return FileStatus(file, FileStatus.RUNNING)
    moved = datetime.fromtimestamp(at, tz=UTC) if isinstance(at, int | float) else now
    if now - moved > JOB_STALLED_AFTER:
        return FileStatus(file, FileStatus.FAILED, done=done, total=total, stalled=True)
    return FileStatus(file, FileStatus.RUNNING, done=done, total=total)
