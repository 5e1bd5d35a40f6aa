"""The organiser's import of a night's file as a background job: a night of 200 tables takes
longer than a web request should wait (and than a proxy lets it).

The upload is stored with a :class:`scoring.models.NightImport` record and the job
(``scoring.tasks.import_night``, id-based) is sent when the record commits; the job reads the
file a table at a time (:func:`scoring.night_file.transfer.night_import_file`, all or nothing, in
short steps: :mod:`scoring.night_file.stage`), reports how far it is after each step (bytes of
the file done, tables done) to Celery's results as printing's jobs do, and writes the end into
the record: the tournament, or why the file was refused. Its page
(``scoring/night_file/views.py``) polls :func:`night_import_status` every second.

``manage.py import_night`` imports in its own process (:func:`night_import_here`) with a
record as well, which process and which staged tournament: a command killed half-way
(``kill -9``) leaves its hidden tournament to the next import, by command or job, to undo
(:func:`night_imports_stopped_undo`), as a job whose worker died does.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import IO, Any

from celery import current_app as celery_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone, translation
from django.utils.text import get_valid_filename
from django.utils.translation import gettext_lazy

from scoring import tasks
from scoring.models import NightImport
from scoring.night_file.stage import Stage, stage_undo
from scoring.night_file.transfer import NightFileError, Progress, night_import_file
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

#: A job that has not reported for this long has lost its worker (it reports after every
#: step: a table, a few hundred players or registrations, a table's totals).
STALLED_AFTER = timedelta(seconds=60)
#: A job that has not started after this long probably has no worker to run it.
SLOW_AFTER = timedelta(seconds=20)
#: How long the records of finished imports are kept.
KEPT = timedelta(days=1)

BROKER_UNREACHABLE = gettext_lazy(
    "The background service cannot be reached, so the file cannot be imported now. Check "
    "that Preisfipsen was started with “make run” (it starts the service too), then try again."
)
#: The job broke on something other than the file: the worker's log has it.
IMPORT_BROKE = gettext_lazy("Something went wrong; nothing is imported. Please try again.")
IMPORT_STALLED = gettext_lazy(
    "The import stopped: the background worker stopped meanwhile. Nothing is imported. "
    "Please try again."
)


def night_import_request(*, upload: UploadedFile) -> NightImport:
    """Store ``upload`` and send the job that imports it, once the record is committed.

    :raises ValidationError: the broker cannot be reached (raised at commit; the record and
        the upload are deleted again).
    """
    name = os.path.basename(upload.name or "") or "night.json"
    record = NightImport(
        filename=name[:200],
        task_id=str(uuid.uuid4()),
        language=translation.get_language() or settings.LANGUAGE_CODE,
    )

    def send() -> None:
        try:
            tasks.import_night.apply_async(args=(str(record.pk),), task_id=record.task_id)
        except Exception:  # redis, kombu and Celery each have their own connection errors
            logger.exception("The job for the import %s could not be sent.", record.pk)
            _forget(record)
            raise ValidationError(BROKER_UNREACHABLE, code="broker_unreachable") from None

    with transaction.atomic():
        # Not one whose process died half-way: its staged tournament is still to be undone.
        old = NightImport.objects.filter(created_at__lt=timezone.now() - KEPT)
        old.exclude(staged__importing=True).delete()
        record.file.save(get_valid_filename(name)[:100] or "night.json", upload, save=False)
        record.save()
        transaction.on_commit(send)
    return record


def _forget(record: NightImport) -> None:
    """Delete the upload (the job is done with it) and, where ``record`` was never sent, it."""
    if record.file:
        record.file.delete(save=False)
    NightImport.objects.filter(pk=record.pk).delete()


def night_import_run(*, import_id: str, progress: Progress | None = None) -> None:
    """The job's work: import the file of the record ``import_id`` and write the end into it.
    Does nothing for a record gone or done (a job sent twice imports once). A job handed out
    again after its worker died (acks_late: at once on the filesystem queue, after the
    visibility timeout on Redis) does not start over in silence: it undoes what the first
    one saved, and the page says the import stopped."""
    record = NightImport.objects.filter(pk=import_id).first()
    if record is None or record.tournament_id is not None or record.error or not record.file:
        return
    taken = NightImport.objects.filter(pk=record.pk, started_at=None)
    if not taken.update(started_at=timezone.now(), started_by=_this_process()):
        if not _still_running(record):
            logger.warning("The import %s was handed out again: its worker died.", record.pk)
            _stopped(record)
        return
    night_imports_stopped_undo(other_than=record)
    kept = NightImport.objects.filter(pk=record.pk)
    stage = Stage(on_staged=lambda staged: kept.update(staged=staged))
    with translation.override(record.language):
        try:
            with record.file.open("rb") as file:
                tournament = night_import_file(file, progress=progress, stage=stage)
        except NightFileError as error:
            result: dict[str, Any] = {"error": str(error)[:1000]}
        except Exception:
            logger.exception("The import %s broke.", import_id)
            result = {"error": str(IMPORT_BROKE)}
        else:
            result = {"tournament": tournament}
    NightImport.objects.filter(pk=record.pk).update(file="", **result)
    record.file.delete(save=False)


def _this_process() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _still_running(record: NightImport) -> bool:
    """Is the first run of ``record``'s job still going? Its process is alive (on this
    computer, as under `make run`), or, on another, it still reports."""
    host, _, pid = record.started_by.rpartition(":")
    if host != socket.gethostname() or not pid.isdecimal():
        return not night_import_status(import_id=record.pk).stalled
    if int(pid) == os.getpid():  # this process ran it, and is free again: that run is over
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's: not a worker of this one
        return False
    return True


def night_imports_stopped_undo(*, other_than: NightImport | None = None) -> list[NightImport]:
    """Undo the imports whose process died with them, before a new one: a job whose whole
    worker died (the filesystem queue hands it to nobody again; its page says it stalled) and
    ``manage.py import_night`` killed half-way (its process is gone). What they saved is
    removed, their records say they stopped; they are returned."""
    running = NightImport.objects.filter(started_at__isnull=False, tournament=None, error="")
    if other_than is not None:
        running = running.exclude(pk=other_than.pk)
    stopped = [other for other in running if _process_gone(other)]
    for other in stopped:
        logger.warning("The import %s stopped half-way: its process is gone.", other.pk)
        _stopped(other)
    return stopped


def _process_gone(record: NightImport) -> bool:
    if record.task_id:  # a job: on any computer, it stopped reporting
        return night_import_status(import_id=record.pk).stalled
    return not _still_running(record)  # the command's: it reports to no one


def _stopped(record: NightImport) -> None:
    """``record``'s import ran before and its process died: undo what it saved, and say so."""
    if record.staged_id is not None:
        stage_undo(tournament_id=record.staged_id)
    with translation.override(record.language):
        error = str(IMPORT_STALLED)
    NightImport.objects.filter(pk=record.pk).update(file="", error=error)
    record.file.delete(save=False)


def night_import_here(*, file: IO[bytes], filename: str) -> Tournament:
    """``manage.py import_night``: import ``file`` in this process, with a record of it (this
    process, the staged tournament) that the next import reads should this one be killed.
    Call :func:`night_imports_stopped_undo` before.

    :raises NightFileError: as :func:`scoring.night_file.transfer.night_import_file`.
    """
    record = NightImport.objects.create(
        filename=filename[:200],
        language=translation.get_language() or settings.LANGUAGE_CODE,
        started_at=timezone.now(),
        started_by=_this_process(),
    )
    kept = NightImport.objects.filter(pk=record.pk)
    stage = Stage(on_staged=lambda staged: kept.update(staged=staged))
    end: dict[str, Any] = {"error": str(IMPORT_BROKE)}  # Ctrl-C: undone by the import itself
    try:
        tournament = night_import_file(file, stage=stage)
        end = {"tournament": tournament}
    except NightFileError as error:
        end = {"error": str(error)[:1000]}
        raise
    finally:
        kept.update(**end)
    return tournament


@dataclass(frozen=True)
class ImportStatus:
    """How far an import is: waiting for a worker, running, imported or refused."""

    record: NightImport
    tables: int = 0
    #: Bytes of the file read of all of them (0 of 0 before the job reports).
    done: int = 0
    total: int = 0
    #: Still waiting for a worker after SLOW_AFTER.
    slow: bool = False
    #: The job stopped moving (its worker died): nothing was imported.
    stalled: bool = False

    @property
    def is_imported(self) -> bool:
        return self.record.tournament_id is not None

    @property
    def error(self) -> str:
        return self.record.error or (str(IMPORT_STALLED) if self.stalled else "")

    @property
    def finished(self) -> bool:
        return self.is_imported or bool(self.error)

    @property
    def is_running(self) -> bool:
        return self.total > 0 and not self.finished

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0


def night_import_status(*, import_id: uuid.UUID, now: datetime | None = None) -> ImportStatus:
    """The import's state: from its record once done, else from the job's last report (one
    query and one read of Celery's results).

    :raises NightImport.DoesNotExist: no such import (or no longer kept).
    """
    record = NightImport.objects.select_related("tournament").get(pk=import_id)
    now = now or timezone.now()
    if record.tournament_id is not None or record.error:
        return ImportStatus(record)
    info = _reported(record.task_id)
    if info is None:
        return ImportStatus(record, slow=now - record.created_at > SLOW_AFTER)
    moved = datetime.fromtimestamp(info["at"], tz=UTC)
    return ImportStatus(
        record,
        tables=info["tables"],
        done=info["done"],
        total=info["total"],
        stalled=now - moved > STALLED_AFTER,
    )


def _reported(task_id: str) -> dict[str, Any] | None:
    """The job's last report of its progress, or None (not started, or unreadable)."""
    try:
        meta = celery_app.backend.get_task_meta(task_id)
    except Exception:  # the backend's own connection or decoding errors
        logger.warning("The state of the job %s could not be read.", task_id, exc_info=True)
        return None
    info = meta.get("result")
    if meta.get("status") != "PROGRESS" or not isinstance(info, dict):
        return None
    if not all(isinstance(info.get(k), int | float) for k in ("tables", "done", "total", "at")):
        return None
    return info
