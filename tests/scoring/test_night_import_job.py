"""The organiser's import of a night as a background job (scoring/night_file/jobs.py,
scoring/tasks.py, scoring/night_file/views.py): the upload is stored and the job sent at
commit, a real worker imports it, the page shows how far it is and then the tournament; a bad
file shows why in German and saves nothing."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from preisfipsen.celery import app as celery_app
from scoring import tasks
from scoring.demo import demo_night_play
from scoring.models import Deal, NightImport
from scoring.night_file import jobs as transfer_jobs
from scoring.night_file import stage as transfer_stage
from scoring.night_file import transfer as night_transfer
from tests.night_file_helpers import night_scaled
from tests.waiting import wait_until
from tests.workers import worker_database_url, worker_process
from tournaments.models import Player, Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]

WORKER_TIMEOUT = 90


def night_file(name: str, copies: int = 1) -> bytes:
    """A played night of 2 × ``copies`` tables as its file, under ``name``."""
    night = demo_night_play(players=8, seed=3, deals=12, name="Vorlage")
    data = night_scaled(night_transfer.night_export(tournament=night.tournament), copies)
    data["tournament"]["name"] = name
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


def upload(organiser: Client, content: bytes) -> str:
    """Post the file as the import page does; the status page's address."""
    file = SimpleUploadedFile("nacht.json", content, "application/json")
    response = organiser.post("/tournaments/import/", {"file": file})
    assert response.status_code == 302, response.content.decode()[-2000:]
    return str(response["Location"])


def test_a_real_worker_imports_the_night_and_the_page_leads_to_it(
    worker: Path, settings: Settings, organiser: Client
) -> None:
    settings.MEDIA_ROOT = worker
    status_url = upload(organiser, night_file("Großer Abend", copies=3))
    record = NightImport.objects.get()
    assert status_url == f"/tournaments/import/{record.pk}/"
    page = organiser.get(status_url).content.decode()
    assert 'hx-trigger="every 1s"' in page
    assert "nacht.json" in page

    seen = [""]

    def imported() -> Tournament | None:
        seen[0] = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
        return (
            Tournament.objects.filter(name="Großer Abend").first()
            if "Zum Turnier" in seen[0]
            else None
        )

    tournament = wait_until(
        imported, lambda: f"the tournament; the page said: {seen[0]}", timeout=WORKER_TIMEOUT
    )

    assert "Das Turnier „Großer Abend“ ist importiert." in seen[0]
    assert f'href="/tournaments/{tournament.pk}/home/"' in seen[0]
    assert "hx-trigger" not in seen[0], "a finished import stops asking"
    assert tournament.tables.count() == 6
    assert (
        Deal.objects.filter(table__tournament=tournament).count()
        == 3 * Deal.objects.filter(table__tournament__name="Vorlage").count()
    )
    record.refresh_from_db()
    assert record.tournament == tournament
    assert record.error == ""
    assert not record.file
    assert not list((worker / "imports").rglob("*.json")), "upload deleted"


def test_the_page_shows_how_far_the_job_is(
    organiser: Client, media_root: Path, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    with django_capture_on_commit_callbacks(execute=False):  # no job sent: no worker here
        status_url = upload(organiser, night_file("Halb"))
    record = NightImport.objects.get()
    waiting = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
    assert "Wartet auf den Hintergrunddienst" in waiting
    assert 'hx-trigger="every 1s"' in waiting

    players = {"tables": 0, "done": 150, "total": 1000, "at": time.time()}
    celery_app.backend.store_result(record.task_id, players, "PROGRESS")
    part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
    assert "Wird importiert … zuerst die Spieler und Anmeldungen." in part
    assert 'max="100" value="15"' in part

    report = {"tables": 3, "done": 400, "total": 1000, "at": time.time()}
    celery_app.backend.store_result(record.task_id, report, "PROGRESS")
    part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()

    assert "Wird importiert … 3 Tische fertig." in part
    assert 'max="100" value="40"' in part
    assert 'hx-trigger="every 1s"' in part

    stalled = {**report, "at": time.time() - 600}
    celery_app.backend.store_result(record.task_id, stalled, "PROGRESS")
    part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
    assert "Der Import ist stehen geblieben" in part
    assert "hx-trigger" not in part


def test_a_bad_file_shows_why_in_german_and_saves_nothing(
    organiser: Client, media_root: Path, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    data = json.loads(night_file("Kaputt", copies=2))
    deal = next(d for d in data["tables"][3]["deals_played"] if d["number"] == 5)
    deal["score"] += 1
    before = {model: model.objects.count() for model in (Tournament, Player, Deal)}
    with django_capture_on_commit_callbacks(execute=False):
        status_url = upload(organiser, json.dumps(data).encode())
    record = NightImport.objects.get()

    tasks.import_night(str(record.pk))  # as the worker runs it

    part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
    assert 'role="alert"' in part
    assert "hx-trigger" not in part
    assert "nichts wird importiert" in part, part
    assert f"Tisch {data['tables'][3]['number']}, Spiel 5" in part, part
    assert {model: model.objects.count() for model in (Tournament, Player, Deal)} == before
    record.refresh_from_db()
    assert record.tournament is None
    assert not record.file
    assert 'href="/tournaments/import/"' in part  # another file


def test_a_file_of_another_kind_is_refused_before_any_job(organiser: Client) -> None:
    file = SimpleUploadedFile("nacht.json", b'{"name": "Liste"}', "application/json")
    page = organiser.post("/tournaments/import/", {"file": file})
    assert page.status_code == 200
    assert "kein von Preisfipsen exportiertes Turnier" in page.content.decode()
    assert not NightImport.objects.exists()


def test_an_unknown_import_is_not_found(organiser: Client) -> None:
    missing = "/tournaments/import/5b0cbd2e-0000-4000-8000-000000000000/"
    assert organiser.get(missing).status_code == 404


class WorkerKilled(BaseException):
    """The worker's process ends here (kill -9): nothing after it runs, no undo either."""


def _half_imported(
    organiser: Client,
    content: bytes,
    monkeypatch: pytest.MonkeyPatch,
    capture: Callable[..., Any],
) -> tuple[NightImport, str]:
    """An import whose worker was killed after its second table: committed, hidden, left."""
    with capture(execute=False):
        status_url = upload(organiser, content)
    record = NightImport.objects.get(started_at=None)

    def killed(tables: int, done: int, total: int) -> None:
        if tables == 2:
            raise WorkerKilled

    with monkeypatch.context() as patched:
        patched.setattr(transfer_stage.Stage, "undo", lambda self: None)
        with pytest.raises(WorkerKilled):
            transfer_jobs.night_import_run(import_id=str(record.pk), progress=killed)
    assert Tournament.objects.filter(importing=True).count() == 1
    return record, status_url


def _counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (Tournament, Player, Deal)}


def test_a_job_handed_out_again_after_its_worker_died_undoes_it_and_says_so(
    organiser: Client,
    media_root: Path,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """Issue 30: after kill -9 of the worker's child the job was handed out again at once and
    imported the file again from the start, holding the database as long once more."""
    content = night_file("Abgebrochen", copies=2)
    before = _counts()
    record, status_url = _half_imported(
        organiser, content, monkeypatch, django_capture_on_commit_callbacks
    )
    assert "Abgebrochen" not in organiser.get("/").content.decode(), "hidden from the lists"

    tasks.import_night(str(record.pk))  # as the worker runs the job handed out again

    part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
    assert "Der Import ist stehen geblieben" in part
    assert "Nichts wurde importiert" in part
    assert "hx-trigger" not in part
    assert _counts() == before
    record.refresh_from_db()
    assert (record.tournament, record.staged, bool(record.file)) == (None, None, False)


def test_an_import_whose_whole_worker_died_is_undone_by_the_next_job(
    organiser: Client,
    media_root: Path,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """The filesystem queue hands a job whose whole worker died to nobody: the page says it
    stalled, and the next import undoes what it left."""
    content, following_content = night_file("Liegengeblieben", copies=2), night_file("Nächster")
    before = _counts()
    record, _status_url = _half_imported(
        organiser, content, monkeypatch, django_capture_on_commit_callbacks
    )
    stalled = time.time() - 2 * transfer_jobs.STALLED_AFTER.total_seconds()
    report = {"tables": 2, "done": 400, "total": 1000, "at": stalled}
    celery_app.backend.store_result(record.task_id, report, "PROGRESS")
    with django_capture_on_commit_callbacks(execute=False):
        upload(organiser, following_content)
    following = NightImport.objects.get(started_at=None)

    tasks.import_night(str(following.pk))

    assert not Tournament.objects.filter(name="Liegengeblieben").exists()
    assert Tournament.objects.get(name="Nächster").importing is False
    record.refresh_from_db()
    assert record.error
    assert _counts()["Tournament"] == before["Tournament"] + 1
    assert (
        _counts()["Deal"]
        == before["Deal"] + Deal.objects.filter(table__tournament__name="Nächster").count()
    )


def test_a_job_handed_out_again_while_its_first_run_goes_on_leaves_it_alone(
    organiser: Client,
    media_root: Path,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """On Redis a job running longer than the visibility timeout is handed out again: the
    first run is alive (its process is), so the second one leaves it; once that process is
    gone, a job handed out again undoes and reports."""
    with django_capture_on_commit_callbacks(execute=False):
        upload(organiser, night_file("Lang"))
    record = NightImport.objects.get()
    first_run = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        NightImport.objects.filter(pk=record.pk).update(
            started_at=timezone.now(), started_by=f"{socket.gethostname()}:{first_run.pid}"
        )

        tasks.import_night(str(record.pk))

        record.refresh_from_db()
        assert (record.error, bool(record.file)) == ("", True), "left to the first run"
    finally:
        first_run.kill()
        first_run.wait()

    tasks.import_night(str(record.pk))

    record.refresh_from_db()
    assert "Nichts wurde importiert" in record.error
    assert not Tournament.objects.filter(name="Lang").exists()


@pytest.mark.django_db(transaction=True)
def test_a_pool_child_killed_mid_import_leaves_nothing_and_the_page_says_so(
    celery_var_dir: Path, settings: Settings, organiser: Client, tmp_path: Path
) -> None:
    """Issue 30, as it happened: `kill -9` of the worker's child (the pool `make run` starts);
    its worker handed the job out again at once, on the filesystem queue too, and the import
    began again from the start. Now the job handed out again finds its first run's process
    dead: it undoes the half import and the page says it stopped."""
    for message in (celery_var_dir / "celery" / "queue").glob("*.msg"):
        message.unlink()  # jobs other tests sent, for records long gone
    settings.MEDIA_ROOT = celery_var_dir / "media"
    content = night_file("Abgeschossen", copies=10)
    before = _counts()
    env = {"PREISFIPSEN_VAR_DIR": str(celery_var_dir), "DATABASE_URL": worker_database_url()}
    args = [f"--hostname=test-kill-{os.getpid()}@%h", "--pool=prefork", "--concurrency=1"]
    with worker_process(env=env, log=tmp_path / "worker.log", args=args):
        status_url = upload(organiser, content)
        record = NightImport.objects.get()

        def child_half_way() -> str:
            taken = NightImport.objects.filter(pk=record.pk).values("started_by", "staged")
            started = taken.get()
            tables = Table.objects.filter(
                tournament=started["staged"], tournament__importing=True
            ).count()
            return str(started["started_by"]) if started["staged"] and tables else ""

        child = wait_until(child_half_way, "the import half way", timeout=WORKER_TIMEOUT)
        os.kill(int(child.rpartition(":")[2]), signal.SIGKILL)

        def ended() -> str:
            part = organiser.get(status_url, headers={"hx-request": "true"}).content.decode()
            return part if "hx-trigger" not in part else ""

        part = wait_until(ended, "the page's end", timeout=WORKER_TIMEOUT)

    assert "Der Import ist stehen geblieben" in part
    assert _counts() == before
    record.refresh_from_db()
    assert record.error
    assert "was handed out again" in (tmp_path / "worker.log").read_text(), "at once, not lost"
