"""`make run` keeps a rolling backup of the SQLite database while the night is played.

Every ``every`` seconds (default a minute) the launcher (preisfipsen/serve/) writes a
consistent copy (SQLite's online backup, sitewide/backup.py) into ``var/backups/`` and keeps
the newest ``keep`` (default 15), and of the older ones one per quarter hour for four hours;
one more when it stops. A laptop that dies, or a database file that is damaged, in the middle
of the evening loses at most the last minute, not the night: ``manage.py restore`` puts the
newest copy back. A copy is written under a temporary name, checked, and renamed when complete
and sound, so the newest file is never half a file, and a damaged database never pushes the
sound copies out (a copy of ~20,000 deals takes a fraction of a second: docs/running.md).

PostgreSQL has its own tools (``pg_dump``, replication); there ``make run`` keeps none and the
organiser uses the "Download a backup" button or ``manage.py backup``.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

#: Defaults, overridden by PREISFIPSEN_BACKUP_MINUTES (0 turns it off) and PREISFIPSEN_BACKUP_KEEP.
EVERY_MINUTES = 1
KEEP = 15
#: Older than the newest ``keep``: one copy per THINNED_EVERY is kept, for THINNED_FOR, so that
#: a fault noticed late still finds a copy from before it.
THINNED_EVERY = timedelta(minutes=15)
THINNED_FOR = timedelta(hours=4)
STAMP = "%Y-%m-%d-%H%M%S"
PREFIX = "db-"
SUFFIX = ".sqlite3"


@dataclass
class RollingBackup:
    """Writes a backup when one is due, and removes all but the newest ``keep``."""

    folder: Path
    #: write(path): the consistent copy of the database, into ``path``.
    write: Callable[[Path], object]
    every: float = EVERY_MINUTES * 60.0
    keep: int = KEEP
    #: The wall clock, for the files' names (the schedule runs on the monotonic clock).
    now: Callable[[], datetime] = datetime.now
    next_at: float | None = None
    #: The last failure's message, so that the terminal hears of a failure once, not every tick.
    failed: str = ""

    def tick(self, monotonic: float) -> Path | None:
        """The backup written now if one was due (the first at once), else None.

        :raises OSError, sqlite3.Error: it could not be written (the schedule moves on).
        """
        if self.next_at is not None and monotonic < self.next_at:
            return None
        self.next_at = monotonic + self.every
        return self.write_now()

    def write_now(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = self.now().strftime(STAMP)
        path = self.folder / f"{PREFIX}{stamp}{SUFFIX}"
        partial = self.folder / f".{path.name}.part"
        partial.unlink(missing_ok=True)
        try:
            self.write(partial)
        except BaseException:
            partial.unlink(missing_ok=True)  # a copy refused (damaged) or cut short
            raise
        os.replace(partial, path)
        self.prune()
        return path

    def files(self) -> list[Path]:
        """The backups, oldest first (the names sort by time)."""
        return sorted(self.folder.glob(f"{PREFIX}*{SUFFIX}"))  # as newest() reads them

    def prune(self) -> None:
        """Keep the newest ``keep``; of the older ones, the first of each THINNED_EVERY within
        THINNED_FOR of the newest. A file whose name carries no time is left alone."""
        files = self.files()
        if len(files) <= self.keep:
            return
        newest = _time_of(files[-1])
        slots: set[int] = set()
        for old in files[: -self.keep]:
            made = _time_of(old)
            if made is None or newest is None:
                continue
            slot = int(made.timestamp() // THINNED_EVERY.total_seconds())
            if newest - made <= THINNED_FOR and slot not in slots:
                slots.add(slot)
                continue
            old.unlink(missing_ok=True)


def _time_of(path: Path) -> datetime | None:
    try:
        return datetime.strptime(path.stem.removeprefix(PREFIX), STAMP)
    except ValueError:
        return None


def newest(folder: Path) -> Path | None:
    """The newest rolling backup in ``folder`` (``var/backups/``), if there is one."""
    found = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    return found[-1] if found else None


def from_environment(
    environ: Mapping[str, str], folder: Path, write: Callable[[Path], object]
) -> RollingBackup | None:
    """The rolling backup `make run` keeps, or None when turned off (0 minutes)."""
    try:
        minutes = float(environ.get("PREISFIPSEN_BACKUP_MINUTES") or EVERY_MINUTES)
        keep = int(environ.get("PREISFIPSEN_BACKUP_KEEP") or KEEP)
    except ValueError:  # a typo in a variable does not cost the night its backups
        minutes, keep = EVERY_MINUTES, KEEP
    if minutes <= 0 or keep < 1:
        return None
    return RollingBackup(folder=folder, write=write, every=minutes * 60, keep=keep)


#: What a failed backup may raise; anything else is a bug and stops make run loudly.
FAILURES = (OSError, sqlite3.Error)
