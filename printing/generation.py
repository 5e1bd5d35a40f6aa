"""The job's work: render the file of a record and store it, or store why it failed.

Apart from ``services`` (which sends the job), so that the task (tasks.py) and the services
do not import each other: services → tasks → generation.
"""

import logging
from collections.abc import Mapping

from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import translation

from printing import kinds, selectors
from printing.models import GeneratedFile

logger = logging.getLogger(__name__)


def file_generate(
    *,
    file_id: str,
    options: Mapping[str, str],
    progress: kinds.Progress | None = None,
) -> GeneratedFile | None:
    """Render the file of record ``file_id`` and store it, or store why it failed.

    A renderer's ValidationError (or an error of ``kinds.register_user_error``) is the
    organiser's to fix: its message (in the request's language) is kept in ``error``. Anything
    else is logged, and ``error`` says only that something went wrong. Returns None when the
    record is gone (expired meanwhile).
    """
    file = GeneratedFile.objects.filter(pk=file_id).first()
    if file is None:
        logger.warning("The file %s to generate is gone (expired or deleted).", file_id)
        return None
    if file.file or file.error:
        return file  # made already: the same message delivered twice
    with translation.override(options.get("language") or settings.LANGUAGE_CODE):
        try:
            kind = kinds.kind_named(file.kind)
            job = kinds.FileJob(file, options, progress or kinds.no_progress)
            content = kind.renderer()(job)
        except Exception as error:
            message = kinds.user_message(error)
            if message is None:
                logger.exception("Generating the file %s (%s) failed.", file.pk, file.kind)
            return _file_failed(file, message or str(selectors.FILE_ERROR_UNKNOWN))
    file.file.save(f"{file.pk}.{kind.extension}", ContentFile(content), save=False)
    file.save(update_fields=["file"])
    return file


def _file_failed(file: GeneratedFile, message: str) -> GeneratedFile:
    file.error = message[: GeneratedFile._meta.get_field("error").max_length]
    file.save(update_fields=["error"])
    return file
