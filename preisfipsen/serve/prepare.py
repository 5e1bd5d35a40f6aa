"""`make prepare`'s last step, so `make run`'s first: the database migrated. Where it cannot
be (after a crash: a damaged SQLite file, a lock held by a server left over), the organiser
reads in German what to do, with the restore command, not ~60 lines of traceback (issue 30);
the traceback goes to ``var/log/prepare.log``. ``python -m preisfipsen.serve.prepare``."""

from __future__ import annotations

import logging
import os
import sys
from typing import IO

logger = logging.getLogger(__name__)


def main(out: IO[str] = sys.stdout) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import DatabaseError

    if database_trouble(out):
        return 1
    try:
        call_command("migrate", interactive=False)
    except DatabaseError as error:
        _log_to_file(error)
        if not database_trouble(out):
            out.write(_cannot_open(error) + "\n")
        return 1
    return 0


def database_trouble(out: IO[str]) -> bool:
    """Say the way back if the database is a damaged SQLite file (and so nothing can start)."""
    from preisfipsen import damaged_database
    from sitewide import backup

    if not backup.is_damaged():
        return False
    out.write("\n".join(damaged_database.terminal_lines()) + "\n")
    return True


def _cannot_open(error: Exception) -> str:
    from django.conf import settings
    from django.utils.translation import gettext as _

    return _(
        "The database cannot be opened (%(error)s). Is Preisfipsen still running, in another "
        "window? Stop it there (Ctrl+C), then type make run again. Details: %(log)s"
    ) % {"error": error, "log": settings.VAR_DIR / "log" / "prepare.log"}


def _log_to_file(error: Exception) -> None:
    from django.conf import settings

    folder = settings.VAR_DIR / "log"
    folder.mkdir(exist_ok=True)
    handler = logging.FileHandler(folder / "prepare.log", encoding="utf-8")
    logger.addHandler(handler)
    logger.propagate = False  # the console would show the traceback after all
    try:
        logger.error("The migrations failed.", exc_info=error)
    finally:
        logger.removeHandler(handler)
        handler.close()


if __name__ == "__main__":
    sys.exit(main())
