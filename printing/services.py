"""Everything of printing that changes state: a file requested, the expired ones removed.

The job itself is ``generation.file_generate``, run by the task (tasks.py).
"""

import logging
import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone, translation
from django.utils.text import get_valid_filename
from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.models import GeneratedFile
from printing.tasks import generate_file

logger = logging.getLogger(__name__)

#: How long a generated file can be downloaded.
FILE_LIFETIME = timedelta(hours=24)

BROKER_UNREACHABLE = _(
    "The background service cannot be reached, so no file can be made now. Check that "
    "Preisfipsen was started with “make run” (it starts the service too), then try again."
)


def file_request(
    *, owner: str, kind: str, title: str, options: Mapping[str, str] | None = None
) -> GeneratedFile:
    """Create the record of a file to make and send the job that makes it (at commit).

    ``owner`` is the owner's key (printing.owners), ``title`` ends the file's name (the
    tournament's name and date). ``options`` are strings for the renderer, since a worker has
    no request (the table cards take ``base_url``); ``language`` defaults to the active one,
    so the PDF speaks the organiser's language. Expired files are removed on the way.

    The job is sent once the record is committed, with ``apply_async`` rather than ``delay``
    because the record keeps the task id (for the progress), and only ``apply_async`` takes one.
    When the broker cannot be reached the record is deleted again (no status page that waits
    for nothing) and a ValidationError says so, raised when the transaction commits.

    :raises ValidationError: no renderer makes files of this kind; the broker is unreachable.
    """
    found = kinds.kind_named(kind)
    options = {"language": translation.get_language() or settings.LANGUAGE_CODE, **(options or {})}
    name = f"{found.label} {title}"
    file = GeneratedFile(
        owner=owner,
        kind=kind,
        filename=f"{get_valid_filename(name)[:190]}.{found.extension}",
        task_id=str(uuid.uuid4()),
        options=options,
        expires_at=timezone.now() + FILE_LIFETIME,
    )
    file.full_clean()

    def send() -> None:
        try:
            _send(file)
        except Exception:  # redis, kombu and Celery each have their own connection errors
            logger.exception("The job for the file %s could not be sent.", file.pk)
            GeneratedFile.objects.filter(pk=file.pk).delete()
            raise ValidationError(BROKER_UNREACHABLE, code="broker_unreachable") from None

    with transaction.atomic():
        files_remove_expired()
        file.save()
        transaction.on_commit(send)
    return file


def _send(file: GeneratedFile) -> None:
    generate_file.apply_async(
        args=(str(file.pk),), kwargs={"options": file.options}, task_id=file.task_id
    )


#: How often a job whose worker died is sent again before its page says it failed.
HAND_ON_AT_MOST = 2


def file_hand_on(*, file: GeneratedFile) -> bool:
    """Send the job of ``file`` again, under a new task id, because its worker died mid-job
    (its progress stopped: selectors.FileStatus.stalled). The filesystem queue deleted the
    message when the dead worker took it, and Redis gives it back only after its visibility
    timeout: here the next worker takes it at once. Should the old job still run after all,
    the file is made once (generation.file_generate does nothing for a file made already).

    Only one of several pages polling at once sends it (the record's task id is the guard).
    False, and nothing sent, once the job was handed on HAND_ON_AT_MOST times or the broker
    cannot be reached: then its page says it failed.
    """
    if file.handed_on >= HAND_ON_AT_MOST or file.file or file.error:
        return False
    new_id = str(uuid.uuid4())
    with transaction.atomic():
        taken = GeneratedFile.objects.filter(pk=file.pk, task_id=file.task_id).update(
            task_id=new_id, handed_on=F("handed_on") + 1
        )
        if not taken:
            file.refresh_from_db()
            return True  # another page handed it on a moment ago
        file.task_id, file.handed_on = new_id, file.handed_on + 1
        try:
            _send(file)
        except Exception:  # as file_request: each broker has its own connection errors
            logger.exception("The job for the file %s could not be handed on.", file.pk)
            transaction.set_rollback(True)
            return False
    return True


def files_remove_expired(*, now: datetime | None = None) -> int:
    """Delete the records whose time is up, and their files (once the deletion commits)."""
    return _files_remove(GeneratedFile.objects.filter(expires_at__lte=now or timezone.now()))


def files_remove_of(owner: str) -> int:
    """Delete the records and files of ``owner``, whose owner is deleted (before they expire)."""
    return _files_remove(GeneratedFile.objects.filter(owner=owner))


def _files_remove(records: QuerySet[GeneratedFile]) -> int:
    names = [name for name in records.values_list("file", flat=True) if name]
    count = records.delete()[0]
    storage = GeneratedFile._meta.get_field("file").storage

    def delete_files() -> None:
        for name in names:
            storage.delete(name)

    transaction.on_commit(delete_files)
    return count
