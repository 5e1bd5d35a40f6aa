"""The Celery setup: jobs wait for the commit, and a real worker runs them on both brokers."""

import json
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from celery import Celery
from django.db import transaction

from preisfipsen.config import celery_config
from tests.project import celery_tasks
from tests.waiting import wait_until
from tests.workers import worker_process

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
# A database of its own, so that the tests never meet a developer's jobs.
REDIS_URL = f"redis://{REDIS_HOST}:{REDIS_PORT}/15"
WORKER_TIMEOUT = 60


@pytest.fixture
def queue_folder(celery_var_dir: Path) -> Path:
    """The session's filesystem queue, emptied: each test sees only what it sent."""
    folder = celery_var_dir / "celery" / "queue"
    for message in folder.glob("*.msg"):
        message.unlink()
    return folder


def queued_tasks(folder: Path) -> list[str]:
    """The task names of the messages waiting in a filesystem queue."""
    return [json.loads(path.read_text())["headers"]["task"] for path in folder.glob("*.msg")]


@pytest.mark.django_db(transaction=True)
def test_job_sent_in_a_transaction_is_sent_at_commit(queue_folder: Path) -> None:
    with transaction.atomic():
        celery_tasks.echo.delay_on_commit("Grand")
        assert queued_tasks(queue_folder) == []
    assert queued_tasks(queue_folder) == [celery_tasks.echo.name]


@pytest.mark.django_db(transaction=True)
def test_job_sent_in_a_rolled_back_transaction_is_never_sent(queue_folder: Path) -> None:
    def send_then_fail() -> None:
        with transaction.atomic():
            celery_tasks.echo.delay_on_commit("Grand")
            raise RuntimeError("roll back")

    with pytest.raises(RuntimeError, match="roll back"):
        send_then_fail()
    assert queued_tasks(queue_folder) == []


@pytest.fixture(params=["filesystem", "redis"])
def worker(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    require_service: Callable[[str, int, str], None],
) -> Iterator[Celery]:
    """A real `celery -A preisfipsen worker` process; yields a client app that talks to it.

    The worker reads its broker from the project's settings, as under `make run`: the embedded
    filesystem queue in PREISFIPSEN_VAR_DIR, or Redis through CELERY_BROKER_URL.
    """
    env = {"PREISFIPSEN_VAR_DIR": str(tmp_path)}
    if request.param == "redis":
        require_service(REDIS_HOST, REDIS_PORT, "Redis")
        env["CELERY_BROKER_URL"] = REDIS_URL
    queue = f"test-{uuid.uuid4().hex}"

    client = Celery("test-client", set_as_current=False)
    client.conf.update(
        celery_config(
            broker_url=env.get("CELERY_BROKER_URL"), result_backend=None, var_dir=tmp_path
        )
    )
    client.conf.task_default_queue = queue
    args = [f"--queues={queue}", "--include=tests.project.celery_tasks"]
    with worker_process(env=env, log=tmp_path / "worker.log", args=args):
        yield client
    client.close()


def test_worker_runs_a_job_and_reports_its_progress(worker: Celery, tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    result = worker.send_task(celery_tasks.wait_for_file.name, args=[str(gate)])

    wait_until(
        lambda: result.state == "PROGRESS", "the job to report progress", timeout=WORKER_TIMEOUT
    )
    assert result.info == {"waiting_for": "gate"}

    gate.touch()
    assert result.get(timeout=WORKER_TIMEOUT) == "found gate"
    assert result.state == "SUCCESS"
