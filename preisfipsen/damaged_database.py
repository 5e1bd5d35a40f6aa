"""A damaged SQLite database, said alike wherever it is met: on every page (the 503 of
``error_views.server_error``) and in the terminal, by ``make prepare`` and ``make run``
(issue 30): which backup to put back, and the command that does it. Never a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from preisfipsen import rolling_backup


@dataclass(frozen=True)
class RestoreAdvice:
    #: The newest rolling backup, as typed in the project's folder ("" where there is none).
    backup: str
    #: Its time, "14:05" ("" where there is none).
    backup_time: str
    #: The rolling backups' folder, as typed.
    backups: str

    @property
    def command(self) -> str:
        return f".venv/bin/python manage.py restore {self.backup} --force"


def restore_advice() -> RestoreAdvice:
    """Which backup puts the night back: the newest one `make run` wrote, if any."""
    folder = Path(settings.VAR_DIR) / "backups"
    newest = rolling_backup.newest(folder)
    return RestoreAdvice(
        backup=_as_typed(newest) if newest else "",
        backup_time=_stamp_of(newest) if newest else "",
        backups=_as_typed(folder),
    )


def terminal_lines() -> list[str]:
    """The damaged page's way back, for the terminal of `make run` (Preisfipsen is stopped)."""
    advice = restore_advice()
    lines = [
        _("The database is damaged"),
        _("Preisfipsen does not start until the last backup is put back."),
    ]
    if advice.backup:
        lines.append(
            _(
                "Type this command here: it puts back the backup of %(time)s (the damaged file "
                "is kept beside it)."
            )
            % {"time": advice.backup_time}
        )
        lines.append("  " + advice.command)
    else:
        lines.append(
            strip_tags(
                _(
                    "There is no backup in %(folder)s. Take the last file that “Download a "
                    "backup” saved, and type: <code>.venv/bin/python manage.py restore FILE "
                    "--force</code> (the damaged file is kept beside it)."
                )
                % {"folder": advice.backups}
            )
        )
    lines.append(_("Start it again: make run."))
    lines.append(
        _(
            "Deals entered after the backup are missing: the tables enter them again from "
            "their scoresheets."
        )
    )
    return lines


def _as_typed(path: Path) -> str:
    """The path as the organiser types it in the project's folder (where make run runs)."""
    return (
        str(path.relative_to(settings.BASE_DIR))
        if path.is_relative_to(settings.BASE_DIR)
        else str(path)
    )


def _stamp_of(path: Path) -> str:
    """ "14:05" of "db-2026-11-27-140512.sqlite3" (the rolling backups' names)."""
    stamp = path.stem.removeprefix(rolling_backup.PREFIX)
    return f"{stamp[-6:-4]}:{stamp[-4:-2]}" if stamp[-6:].isdecimal() else ""
