"""`make prepare` collects the static files only when they changed, and says what it is doing;
a database it cannot migrate after a crash is said in German, with the way back.

The Makefile runs in a folder of its own with a stand-in for the virtualenv's Python that only
writes down how it was called: what is counted is how often collectstatic ran, not how long.
"""

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STAMP = "staticfiles/.collected"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    for name in ("static/css/app.css", "public/favicon.ico", "preisfipsen/settings.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    (tmp_path / "pyproject.toml").write_text("")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "$*" >> "$(dirname "$0")/../calls"\n')
    python.chmod(0o755)
    (tmp_path / ".venv" / ".installed").write_text("")
    _age(tmp_path, seconds=100)
    _age(tmp_path / ".venv" / ".installed", seconds=50)
    return tmp_path


def _age(path: Path, *, seconds: int) -> None:
    """Every file under path made as old as ``seconds`` ago (make compares modification times)."""
    when = time.time() - seconds
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    for file in files:
        os.utime(file, (when, when))


def _change(file: Path) -> None:
    """A file written anew, dated clearly after the stamp."""
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("changed")
    later = time.time() + 10
    os.utime(file, (later, later))


def _collect(project: Path) -> str:
    done = subprocess.run(
        ["make", "--no-print-directory", STAMP],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _collectstatic_calls(project: Path) -> int:
    calls = project / ".venv" / "calls"
    lines = calls.read_text().splitlines() if calls.exists() else []
    return sum("collectstatic" in line for line in lines)


def test_collectstatic_runs_once_then_only_when_a_static_file_changes(project: Path) -> None:
    first = _collect(project)
    assert _collectstatic_calls(project) == 1
    assert "Bilder und Stildateien werden gesammelt" in first
    assert "Collecting static files" in first

    second = _collect(project)
    assert _collectstatic_calls(project) == 1
    assert "collectstatic" not in second

    _change(project / "static" / "css" / "app.css")
    _collect(project)
    assert _collectstatic_calls(project) == 2


@pytest.mark.parametrize(
    "changed", ["public/favicon.ico", ".venv/.installed", "preisfipsen/settings.py"]
)
def test_collectstatic_runs_again_after_the_packages_or_public_files_change(
    project: Path, changed: str
) -> None:
    _collect(project)
    _change(project / changed)
    _collect(project)
    assert _collectstatic_calls(project) == 2


def test_a_new_static_file_is_collected(project: Path) -> None:
    _collect(project)
    _change(project / "static" / "js" / "new.js")
    _collect(project)
    assert _collectstatic_calls(project) == 2


# After a crash (issue 30): a damaged database is said in German, with the restore command


#: A process that sets Django up, on a busy machine.
TIMEOUT = 120


def _damaged_var(tmp_path: Path, *, backup: bool) -> Path:
    """A var/ whose SQLite file has 200 kB of its middle overwritten, as a crash of the laptop
    (or a dying disk) leaves it; with a rolling backup of 14:05, or none."""
    var = tmp_path / "var"
    var.mkdir()
    database = var / "db.sqlite3"
    with sqlite3.connect(database) as made:
        made.execute("CREATE TABLE filler (data BLOB)")
        made.executemany("INSERT INTO filler VALUES (?)", [(os.urandom(1000),) for _ in range(600)])
    made.close()
    with database.open("r+b") as file:
        file.seek(200_000)
        file.write(os.urandom(200_000))
    if backup:
        (var / "backups").mkdir()
        for stamp in ("2026-11-27-134012", "2026-11-27-140512"):
            (var / "backups" / f"db-{stamp}.sqlite3").write_bytes(b"")
    return var


def _run(var: Path, *command: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PREISFIPSEN_VAR_DIR": str(var), "HOST": "127.0.0.1", "PORT": "0"}
    environ.pop("DATABASE_URL", None)
    environ.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, *command],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_make_prepare_migrates_through_the_step_that_says_a_damaged_database(
    project: Path,
) -> None:
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "prepare"],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
    )
    assert ".venv/bin/python -m preisfipsen.serve.prepare" in done.stdout


@pytest.mark.parametrize("backup", [True, False], ids=["with backups", "none"])
@pytest.mark.parametrize(
    "step", [("-m", "preisfipsen.serve.prepare"), ("-m", "preisfipsen.serve")], ids=str
)
def test_a_damaged_database_at_start_says_what_to_do_without_a_traceback(
    tmp_path: Path, backup: bool, step: tuple[str, ...]
) -> None:
    """It ended in ~60 lines of traceback ("database disk image is malformed")."""
    var = _damaged_var(tmp_path, backup=backup)

    done = _run(var, *step)

    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "Traceback" not in said
    assert "Die Datenbank ist beschädigt" in said
    assert "Wieder starten: make run." in said
    if backup:
        newest = var / "backups" / "db-2026-11-27-140512.sqlite3"
        assert f".venv/bin/python manage.py restore {newest} --force" in said
        assert "die Sicherung von 14:05 Uhr zurück" in said
    else:
        assert "liegt keine Sicherung" in said
        assert ".venv/bin/python manage.py restore DATEI --force" in said


def test_a_sound_database_is_migrated(tmp_path: Path) -> None:
    var = tmp_path / "var"
    var.mkdir()

    done = _run(var, "-m", "preisfipsen.serve.prepare")

    assert done.returncode == 0, done.stdout + done.stderr
    with sqlite3.connect(var / "db.sqlite3") as made:
        assert made.execute("SELECT COUNT(*) FROM django_migrations").fetchone()[0] > 0
    made.close()
