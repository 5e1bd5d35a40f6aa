"""Generated files (PDF jobs): the record, the job that fills it, the clean-up."""

import logging
import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone, translation
from django.utils.text import get_valid_filename
from django.utils.translation import gettext_lazy as _

from fipsen_rules import MESSAGES, FipsenError
from fipsen_rules.messages import format_message
from tournaments import file_jobs, selectors
from tournaments.models import GeneratedFile, Tournament

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
