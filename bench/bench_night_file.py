"""What moving a large night as one file costs in memory and time (issue 22.5).

Run: ``make bench`` or ``.venv/bin/python bench/bench_night_file.py [TABLES] [DEALS]``
(default 200 tables of 40 deals each). In a throwaway SQLite database: a night of two tables
played by the demo (every deal entered and checked), its file made TABLES / 2 times as large
(tests/night_file_helpers.py: each table again with its own players), then in a fresh process
each, as an organiser runs them: ``manage.py import_night`` of that file and ``manage.py
export_night`` of the night imported. Printed: each process's peak resident memory (the
kernel's, of the whole process) against a process that only starts Django
(``manage.py check``), and its time.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import throwaway

_VAR = throwaway.django_setup("night-file")

from django.core.management import call_command  # noqa: E402

from scoring.demo import demo_night_play  # noqa: E402
from scoring.night_file import transfer as night_transfer  # noqa: E402
from tests.night_file_helpers import night_scaled  # noqa: E402
from tournaments.models import Tournament  # noqa: E402

#: Runs manage.py and then writes the process's peak resident memory (VmHWM, of this
#: program alone: ru_maxrss would count the bench's memory from before the exec too).
_MEASURED = """
import runpy, sys
try:
    runpy.run_path("manage.py", run_name="__main__")
finally:
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stderr.write("peak_kb=" + line.split()[1] + "\\n")
"""


def run(*args: str) -> tuple[float, float]:
    """``manage.py ARGS`` in a process of its own: its peak memory (MB) and its seconds."""
    start = time.perf_counter()
    done = subprocess.run(  # noqa: S603 (our own manage.py, our own arguments)
        [sys.executable, "-c", _MEASURED, *args, "--verbosity=0"],
        cwd=throwaway.ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    peaks = [line for line in done.stderr.splitlines() if line.startswith("peak_kb=")]
    if done.returncode != 0 or not peaks:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
    return int(peaks[-1].removeprefix("peak_kb=")) / 1024, seconds


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    try:
        call_command("migrate", verbosity=0)
        night = demo_night_play(players=8, seed=1, deals=deals, name="Vorlage")
        data = night_scaled(night_transfer.night_export(tournament=night.tournament), tables // 2)
        data["tournament"]["name"] = "Großer Abend"
        path = Path(_VAR.name) / "night.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        played = sum(len(table["deals_played"]) for table in data["tables"])
        size = path.stat().st_size / 1e6
        print(f"A night of {len(data['tables'])} tables, {played} deals: {size:.1f} MB")

        django_only, _seconds = run("check")
        memory, seconds = run("import_night", str(path))
        print(
            f"import_night: peak {memory:.0f} MB ({memory - django_only:.0f} MB over Django's"
            f" {django_only:.0f} MB), {seconds:.1f} s"
        )
        imported = Tournament.objects.get(name="Großer Abend")
        out = Path(_VAR.name) / "out.json"
        memory, seconds = run("export_night", str(imported.pk), "--output", str(out))
        print(
            f"export_night: peak {memory:.0f} MB ({memory - django_only:.0f} MB over Django's"
            f" {django_only:.0f} MB), {seconds:.1f} s"
        )
    finally:
        _VAR.cleanup()


if __name__ == "__main__":
    main()
