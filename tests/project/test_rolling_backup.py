"""`make run`'s rolling backup (preisfipsen/rolling_backup.py): driven by a fake clock, the
files counted; no waiting, no timing."""

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from django.db import connection

from preisfipsen import rolling_backup, serve
from preisfipsen.rolling_backup import RollingBackup
from sitewide import backup
from tournaments.models import Player


class FakeClock:
    """The wall clock for the files' names, one second on per call."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 21, 19, 0)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def written(path: Path) -> None:
    path.write_text("backup")


def test_a_backup_at_once_then_one_each_interval_and_the_newest_kept(tmp_path: Path) -> None:
    backups = RollingBackup(tmp_path, written, every=300, keep=3, now=FakeClock())
    made = [backups.tick(second) for second in range(0, 3001, 60)]  # 50 minutes, a tick a minute
    assert sum(path is not None for path in made) == 11  # at 0, 5, 10, … 50 minutes
    kept = backups.files()
    assert len(kept) == 3
    assert kept == [path for path in made if path is not None][-3:]
    assert not list(tmp_path.glob(".*.part"))


def test_a_failed_backup_is_told_once_and_the_next_one_is_tried(tmp_path: Path) -> None:
    class Out:
        lines: list[str] = []

        def write(self, text: str) -> None:
            self.lines.append(text)

        def flush(self) -> None:
            pass

    def broken(path: Path) -> None:
        raise OSError(28, "No space left on device")

    backups = RollingBackup(tmp_path, broken, every=60, keep=3, now=FakeClock())
    out = Out()
    supervisor = serve.Supervisor(None, None, {}, out, backups)  # type: ignore[arg-type]
    for second in range(0, 301, 60):
        supervisor.back_up(second, str)
    assert sum("could not be written" in line for line in out.lines) == 1
    assert backups.files() == []


@pytest.mark.parametrize(
    ("environment", "every", "keep"),
    [
        ({}, 300, 12),
        ({"PREISFIPSEN_BACKUP_MINUTES": "1", "PREISFIPSEN_BACKUP_KEEP": "5"}, 60, 5),
        ({"PREISFIPSEN_BACKUP_MINUTES": "fünf"}, 300, 12),
    ],
)
def test_the_interval_and_the_number_kept_come_from_the_environment(
    tmp_path: Path, environment: dict[str, str], every: float, keep: int
) -> None:
    backups = rolling_backup.from_environment(environment, tmp_path, written)
    assert backups is not None
    assert (backups.every, backups.keep) == (every, keep)


def test_zero_minutes_turns_it_off(tmp_path: Path) -> None:
    assert (
        rolling_backup.from_environment({"PREISFIPSEN_BACKUP_MINUTES": "0"}, tmp_path, written)
        is None
    )


def test_the_start_up_note_says_where_the_backups_go(tmp_path: Path) -> None:
    backups = RollingBackup(tmp_path / "backups", written)
    found = serve.Addresses(local="http://127.0.0.1:8000/", phones=None)
    lines = serve.start_up_note(found, [], tmp_path / "log", str, backups=backups)
    assert any(str(tmp_path / "backups") in line and "5 minutes" in line for line in lines)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="make run backs up SQLite only")
@pytest.mark.django_db(transaction=True)
def test_make_runs_backup_is_a_sqlite_file_with_the_night(tmp_path: Path) -> None:
    Player.objects.create(name="Anna", name_key="anna")
    backups = serve.rolling_backup({}, tmp_path)
    assert backups is not None
    path = backups.tick(0.0)
    assert path is not None
    assert path.read_bytes().startswith(backup.SQLITE_MAGIC)
    with sqlite3.connect(path) as copy:
        assert copy.execute("SELECT name FROM tournaments_player").fetchall() == [("Anna",)]
