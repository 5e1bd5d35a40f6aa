"""Finding 7: a worker killed mid-job (then started again) leaves no job page waiting for ever.

A real `celery worker` on the test session's filesystem queue (a temporary folder, never
Redis) takes the job, reports 3 of 15, and is killed by its pid (SIGKILL: no goodbye). The
filesystem queue deleted the message on receipt, so the next worker cannot take the job over;
the page then says, once the job has not moved for selectors.JOB_STALLED_AFTER, that it
failed, and its "try again" makes the file with the new worker.
"""

import os
import signal
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from preisfipsen.celery import app as celery_app
from printing import selectors
from printing.models import GeneratedFile
from tests.factories import UserFactory
from tests.printing import slow_renderer
from tests.tournaments.pdf_helpers import drawn_night, file_request
from tests.waiting import wait_until
from tests.workers import worker_database_url, worker_process

#: Generous: the machine is shared, and a worker starting under load takes a while.
TIMEOUT = 180


@pytest.fixture
def var_dir(celery_var_dir: Path, settings: Settings) -> Path:
    """The session's own filesystem queue (a temporary folder, never Redis), emptied: the
    test process sends there and reads the results there, and so do its workers."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.fail("the SQLite test database must be a file (tests/conftest.py) for a worker")
    for message in (celery_var_dir / "celery" / "queue").glob("*.msg"):
        message.unlink()  # jobs other tests sent, for records long gone
    settings.MEDIA_ROOT = celery_var_dir / "media"
    return celery_var_dir


def _worker(var_dir: Path, log: Path, name: str):
    env = {"PREISFIPSEN_VAR_DIR": str(var_dir), "DATABASE_URL": worker_database_url()}
    args = [f"--hostname={name}-{os.getpid()}@%h", "--include=tests.printing.slow_renderer"]
    return worker_process(env=env, log=log, args=args)


def _status(file: GeneratedFile, later: timedelta = timedelta(0)) -> selectors.FileStatus:
    file.refresh_from_db()
    return selectors.file_status(file=file, now=timezone.now() + later)


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_worker_is_killed_fails_visibly_and_is_made_on_retry(
    var_dir: Path, tmp_path: Path, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = drawn_night()
    gate = tmp_path / "gate"
    file = file_request(tournament=tournament, kind=slow_renderer.KIND, options={"gate": str(gate)})
    client.force_login(UserFactory(is_staff=True))
    page_url = reverse("printing:file_status", args=[file.pk])

    with _worker(var_dir, tmp_path / "first.log", "first") as first:
        wait_until(
            lambda: _status(file).done == slow_renderer.WAITS_AT,
            "the job at 3 of 15",
            timeout=TIMEOUT,
        )
        assert (_status(file).state, _status(file).total) == ("running", 15)
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=TIMEOUT)

    with _worker(var_dir, tmp_path / "second.log", "second"):
        # Time for the new worker to take the job over, if the queue still had it.
        wait_until(
            lambda: "ready" in (tmp_path / "second.log").read_text(),
            "the second worker",
            timeout=TIMEOUT,
        )
        time.sleep(2)
        assert _status(file).state == "running", "nothing moved, and not yet long enough"
        assert "3/15" in client.get(page_url).content.decode()

        stalled = _status(file, later=selectors.JOB_STALLED_AFTER + timedelta(seconds=1))
        assert (stalled.state, stalled.error) == (
            "failed",
            "Die Datei wurde nicht fertig: Der Hintergrunddienst wurde zwischendurch beendet. "
            "Bitte versuchen Sie es noch einmal.",
        )
        # The page, once that long has passed (shortened here; the test sets no clock).
        monkeypatch.setattr(selectors, "JOB_STALLED_AFTER", timedelta(seconds=1))
        time.sleep(1.5)
        part = client.get(page_url, headers={"hx-request": "true"}).content.decode()
        assert "Der Hintergrunddienst wurde zwischendurch beendet" in part
        assert "hx-trigger" not in part, "the page stops polling"
        retry = reverse("tournaments:file_request", args=[tournament.pk, slow_renderer.KIND])
        assert f'action="{retry}"' in part
        assert "Noch einmal versuchen" in part

        monkeypatch.setattr(selectors, "JOB_STALLED_AFTER", timedelta(minutes=3))
        response = client.post(retry)
        again = GeneratedFile.objects.exclude(pk=file.pk).get()
        status_page = reverse("printing:file_status", args=[again.pk])
        assert response["Location"].partition("?")[0] == status_page  # ?next= leads back
        wait_until(
            lambda: _status(again).state == "ready", "the file made on retry", timeout=TIMEOUT
        )
        download = reverse("printing:file_download", args=[again.pk])
        assert download in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("state", "meta", "minutes", "shown"),
    [
        ("PROGRESS", {"done": 3, "total": 15}, 1, "running"),
        ("PROGRESS", {"done": 3, "total": 15}, 4, "failed"),
        ("STARTED", {"pid": 1}, 1, "running"),
        ("STARTED", {"pid": 1}, 4, "failed"),
    ],
)
def test_a_job_that_stopped_moving_is_shown_failed(
    state: str, meta: dict[str, int], minutes: int, shown: str
) -> None:
    file = file_request(tournament=drawn_night(), kind="seating_list")
    moved = timezone.now()
    celery_app.backend.store_result(file.task_id, {**meta, "at": moved.timestamp()}, state)
    later = timezone.now() + timedelta(minutes=minutes)
    status = selectors.file_status(file=file, now=later)
    assert status.state == shown
    assert status.stalled is (shown == "failed")
