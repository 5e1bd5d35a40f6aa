"""`make prepare` collects the static files only when they changed, and says what it is doing.

The Makefile runs in a folder of its own with a stand-in for the virtualenv's Python that only
writes down how it was called: what is counted is how often collectstatic ran, not how long.
"""

import os
import shutil
import subprocess
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
