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
from django.db.models import QuerySet
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
        expires_at=timezone.now() + FILE_LIFETIME,
    )
    file.full_clean()

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
