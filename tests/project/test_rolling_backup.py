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


class TickClock:
    """The wall clock at the supervisor's tick: 19:00 plus the monotonic seconds."""

    def __init__(self) -> None:
        self.second = 0

    def __call__(self) -> datetime:
        return datetime(2026, 11, 21, 19, 0) + timedelta(seconds=self.second)


def run(backups: RollingBackup, clock: TickClock, seconds: range) -> list[Path]:
    made = []
    for second in seconds:
        clock.second = second
        path = backups.tick(second)
        if path is not None:
            made.append(path)
    return made


def test_a_backup_at_once_then_one_each_interval_and_the_newest_kept(tmp_path: Path) -> None:
    clock = TickClock()
    backups = RollingBackup(tmp_path, written, every=60, keep=3, now=clock)
    made = run(backups, clock, range(0, 301, 20))  # 5 minutes, a tick each 20 seconds
    assert len(made) == 6  # at 0, 1, 2, … 5 minutes
    assert backups.files()[-3:] == made[-3:]
    assert not list(tmp_path.glob(".*.part"))


def test_older_copies_thin_out_to_one_a_quarter_hour_for_four_hours(tmp_path: Path) -> None:
    """A minute's deals at most are lost, and a fault noticed late (the database damaged an hour
    ago) still finds a copy from before it, without keeping 300 files of a night."""
    clock = TickClock()
    backups = RollingBackup(tmp_path, written, every=60, keep=15, now=clock)
    made = run(backups, clock, range(0, 5 * 3600 + 1, 60))  # five hours, one a minute
    kept = backups.files()
    assert kept[-15:] == made[-15:], "the last quarter hour, minute by minute"
    older = [rolling_backup._time_of(path) for path in kept[:-15]]
    assert older == [
        datetime(2026, 11, 21, 20, 0) + timedelta(minutes=15 * n) for n in range(16)
    ], "one per quarter hour, for the four hours before the newest"
    assert len(kept) == 31


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
        ({}, 60, 15),
        ({"PREISFIPSEN_BACKUP_MINUTES": "5", "PREISFIPSEN_BACKUP_KEEP": "5"}, 300, 5),
        ({"PREISFIPSEN_BACKUP_MINUTES": "fünf"}, 60, 15),
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
    assert any(str(tmp_path / "backups") in line and "every minute" in line for line in lines)


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


def _damaged_copy(path: Path) -> None:
    """What the online backup copies out of a damaged database: a damaged file."""
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE filler (data BLOB)")
        made.executemany("INSERT INTO filler VALUES (?)", [(bytes(1000),) for _ in range(300)])
    made.close()
    with path.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * 100_000)


def test_a_damaged_copy_is_refused_and_the_sound_ones_stay(tmp_path: Path) -> None:
    """Issue 18: copies of a damaged database would have pushed the last sound ones out."""
    clock = TickClock()
    sound = RollingBackup(tmp_path, written, every=60, keep=3, now=clock)
    before = run(sound, clock, range(0, 121, 60))

    def write(path: Path) -> None:
        _damaged_copy(path)
        backup.require_sound(path)

    damaged = RollingBackup(tmp_path, write, every=60, keep=3, now=clock)
    clock.second = 180
    with pytest.raises(backup.DamagedCopy, match="Die Datenbank ist beschädigt"):
        damaged.tick(180.0)
    assert damaged.files() == before
    assert not list(tmp_path.glob(".*.part"))
    assert isinstance(backup.DamagedCopy(), rolling_backup.FAILURES), "make run reports it once"
