"""Finding 7 and issue 18: a worker killed mid-job (then started again) leaves no job page
waiting for ever, and the job is handed on.

A real `celery worker` on the test session's filesystem queue (a temporary folder, never
Redis) takes the job, reports 3 of 15, and is killed by its pid (SIGKILL: no goodbye). The
filesystem queue deleted the message on receipt, so the next worker cannot take the job over
by itself: once the job has not reported for selectors.JOB_STALLED_AFTER (a running job reports
every tasks.HEARTBEAT_SECONDS), its page sends it again (services.file_hand_on) and says so,
and the new worker makes the file, with no tap of the organiser's.
"""

import logging
import os
import signal
import threading
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from preisfipsen.celery import app as celery_app
from printing import selectors, services, tasks
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
def test_a_job_whose_worker_is_killed_is_handed_on_and_made(
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
        wait_until(
            lambda: "ready" in (tmp_path / "second.log").read_text(),
            "the second worker",
            timeout=TIMEOUT,
        )
        assert _status(file).state == "running", "its last report is recent: not yet stalled"
        assert "3/15" in client.get(page_url).content.decode()

        # Shortened here (30 s at the club), but longer than the heartbeat, which a job that
        # still runs sends every HEARTBEAT_SECONDS.
        monkeypatch.setattr(selectors, "JOB_STALLED_AFTER", timedelta(seconds=12))
        handed_on = "Der Hintergrunddienst wurde mitten in dieser Datei beendet"

        def poll() -> str:
            return client.get(page_url, headers={"hx-request": "true"}).content.decode()

        wait_until(lambda: handed_on in poll(), "the page hands the job on", timeout=TIMEOUT)
        part = poll()
        assert "hx-trigger" in part, "the page goes on polling"
        assert "Noch einmal versuchen" not in part
        file.refresh_from_db()
        assert file.handed_on == 1
        gate.touch()  # the job sent again has the same options: let it through step 3

        wait_until(lambda: _status(file).state == "ready", "the file made", timeout=TIMEOUT)
        assert GeneratedFile.objects.count() == 1, "made from the same record, no new request"
        download = reverse("printing:file_download", args=[file.pk])
        assert download in client.get(page_url).content.decode()


def test_a_running_job_reports_while_one_long_step_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer busy in one long step (a large WeasyPrint layout) is not taken for dead."""
    monkeypatch.setattr(tasks, "HEARTBEAT_SECONDS", 0.05)
    reports: list[dict[str, float]] = []

    def update_state(task_id: str, state: str, meta: dict[str, float]) -> None:
        assert task_id == "the-job"
        reports.append(meta)

    task = SimpleNamespace(request=SimpleNamespace(id="the-job"), update_state=update_state)
    with tasks._Reporter(task) as reporter:  # type: ignore[arg-type]
        reporter.progress(3, 15)
        time.sleep(0.5)  # one long step, with no progress of its own
    assert len(reports) >= 5
    assert all((r["done"], r["total"]) == (3, 15) for r in reports[1:])
    assert reports[-1]["at"] > reports[1]["at"], "each report says when"
    count = len(reports)
    time.sleep(0.2)
    assert len(reports) == count, "no report once the job ended"


@pytest.mark.django_db
def test_a_job_run_as_the_worker_runs_it_beats_under_its_id_and_logs_no_error(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    settings: Settings,
    tmp_path: Path,
) -> None:
    """Issue 29, finding 8: the worker logged "task_id must not be empty" (printing/tasks.py)
    for each ranking PDF. Celery keeps the running task's request per thread, and the
    heartbeat's thread has none: its update_state found no task id once a file took longer
    than a beat. Here the job runs as in the worker (``apply``, with the record's task id),
    the heartbeat shortened so that it beats while the file is made."""
    settings.MEDIA_ROOT = tmp_path / "media"
    file = file_request(tournament=drawn_night(), kind="seating_list")
    monkeypatch.setattr(tasks, "HEARTBEAT_SECONDS", 0.01)
    # The worker logs a thread's uncaught error (its stderr goes to the logger): so here.
    logger = logging.getLogger("celery.redirected")
    monkeypatch.setattr(
        threading,
        "excepthook",
        lambda hook: logger.error("%s", hook.exc_value, exc_info=hook.exc_value),
    )
    beats: list[str | None] = []
    update_state = tasks.generate_file.update_state

    def reported(*args: Any, **kwargs: Any) -> None:
        if threading.current_thread().name == "file-job-heartbeat":
            beats.append(kwargs.get("task_id"))
        update_state(*args, **kwargs)

    monkeypatch.setattr(tasks.generate_file, "update_state", reported)
    file_generate = tasks.generation.file_generate

    def made_over_some_beats(**kwargs: Any) -> None:
        file_generate(**kwargs)
        # Three beats, or the heartbeat's thread died of its first.
        wait_until(lambda: len(beats) >= 3 or caplog.records, "three heartbeats", timeout=TIMEOUT)

    monkeypatch.setattr(tasks.generation, "file_generate", made_over_some_beats)

    with caplog.at_level(logging.WARNING):
        tasks.generate_file.apply(
            args=(str(file.pk),), kwargs={"options": file.options}, task_id=file.task_id
        )

    assert [record.getMessage() for record in caplog.records] == []
    assert set(beats) == {file.task_id}
    assert celery_app.backend.get_task_meta(file.task_id)["status"] == "PROGRESS"
    file.refresh_from_db()
    assert file.file


@pytest.mark.django_db
def test_a_stalled_job_is_handed_on_twice_then_shown_failed(client: Client) -> None:
    file = file_request(tournament=drawn_night(), kind="seating_list")
    client.force_login(UserFactory(is_staff=True))
    page_url = reverse("printing:file_status", args=[file.pk])
    stalled_at = (timezone.now() - selectors.JOB_STALLED_AFTER * 2).timestamp()
    sent: list[str] = []
    for attempt in range(services.HAND_ON_AT_MOST + 1):
        file.refresh_from_db()
        sent.append(file.task_id)
        meta = {"done": 3, "total": 15, "at": stalled_at}
        celery_app.backend.store_result(file.task_id, meta, "PROGRESS")
        part = client.get(page_url, headers={"hx-request": "true"}).content.decode()
        if attempt < services.HAND_ON_AT_MOST:
            assert "noch einmal erstellt" in part
            assert "hx-trigger" in part
        else:
            assert "Der Hintergrunddienst wurde zwischendurch beendet" in part
            assert "Noch einmal versuchen" in part
            assert "hx-trigger" not in part
    file.refresh_from_db()
    assert file.handed_on == services.HAND_ON_AT_MOST
    assert len(set(sent)) == services.HAND_ON_AT_MOST + 1, "each time under a new task id"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("state", "meta", "seconds", "shown"),
    [
        ("PROGRESS", {"done": 3, "total": 15}, 10, "running"),
        ("PROGRESS", {"done": 3, "total": 15}, 40, "failed"),
        ("STARTED", {"pid": 1}, 10, "running"),
        ("STARTED", {"pid": 1}, 40, "failed"),
    ],
)
def test_a_job_that_stopped_moving_is_seen_within_30_seconds(
    state: str, meta: dict[str, int], seconds: int, shown: str
) -> None:
    file = file_request(tournament=drawn_night(), kind="seating_list")
    moved = timezone.now()
    celery_app.backend.store_result(file.task_id, {**meta, "at": moved.timestamp()}, state)
    later = timezone.now() + timedelta(seconds=seconds)
    status = selectors.file_status(file=file, now=later)
    assert status.state == shown
    assert status.stalled is (shown == "failed")
