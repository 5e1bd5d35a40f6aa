"""`manage.py import_night` killed half-way (`kill -9`) left its hidden, staged tournament
(scoring/night_file/stage.py), and the same night imported again was refused as "here already".
The command now keeps a record of its import as the background job does, and the next import
undoes what a killed one left (the job path's clean-up, scoring/night_file/jobs.py), says so in
German and imports the night."""

import os
import signal
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from scoring.models import Deal, NightImport
from tests.scoring.test_night_import_job import night_file
from tests.waiting import wait_until
from tests.workers import worker_database_url
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]

NAME = "Abgewürgt"


def command_process(path: Path, var_dir: Path, log: Path) -> subprocess.Popen[bytes]:
    """`manage.py import_night path` in a process of its own, on the test database."""
    env = {**os.environ, "DATABASE_URL": worker_database_url(), "PREISFIPSEN_VAR_DIR": str(var_dir)}
    for name in ("CACHE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        env.pop(name, None)
    with log.open("w") as log_file:
        return subprocess.Popen(
            [sys.executable, "manage.py", "import_night", str(path)],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )


def test_an_import_killed_half_way_is_undone_by_the_next_one(
    tmp_path: Path, celery_var_dir: Path
) -> None:
    path = tmp_path / "nacht.json"
    path.write_bytes(night_file(NAME, copies=10))  # 20 tables: a few seconds' import
    tables_in_file = 20
    deals_in_file = 10 * Deal.objects.filter(table__tournament__name="Vorlage").count()
    log = tmp_path / "command.log"
    process = command_process(path, celery_var_dir, log)
    try:

        def half_way() -> bool:
            staged = Table.objects.filter(tournament__name=NAME, tournament__importing=True)
            return staged.exists() or process.poll() is not None

        wait_until(half_way, "the staged tournament's first table")
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL, log.read_text()
    left = Tournament.objects.filter(name=NAME)
    assert [t.importing for t in left] == [True], "killed half-way, its tournament left hidden"

    out = StringIO()
    call_command("import_night", str(path), stdout=out)

    said = out.getvalue()
    assert "Ein Import von „nacht.json“ war mittendrin abgebrochen" in said, said
    assert f"Das Turnier „{NAME}“ ist importiert." in said, said
    imported = Tournament.objects.get(name=NAME)
    assert imported.importing is False
    assert not Tournament.objects.filter(importing=True).exists(), "no hidden leftover"
    assert imported.tables.count() == tables_in_file
    assert Deal.objects.filter(table__tournament=imported).count() == deals_in_file
    assert NightImport.objects.get(tournament=imported).error == ""
    killed = NightImport.objects.exclude(tournament=imported).get()
    assert (killed.staged, bool(killed.error)) == (None, True)
