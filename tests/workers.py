"""A real `celery -A preisfipsen worker` process, for the tests of background jobs."""

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection


def worker_database_url() -> str:
    """The test database as a DATABASE_URL, for a worker process to use."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    user = database["USER"] + (f":{database['PASSWORD']}" if database["PASSWORD"] else "")
    return f"postgres://{user}@{database['HOST']}:{database['PORT']}/{database['NAME']}"


@contextmanager
def worker_process(
    *, env: Mapping[str, str], log: Path, args: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """Run a worker with the project's settings and ``env`` on top (the broker comes from
    CELERY_BROKER_URL as under `make run`, or is the filesystem queue); stop it afterwards and
    print its log, which pytest shows when the test failed. Yields the process (a test may
    kill it by its pid)."""
    environment = {**os.environ}
    environment.pop("CELERY_BROKER_URL", None)
    environment.pop("CELERY_RESULT_BACKEND", None)
    environment.update(env)
    command = [
        sys.executable, "-m", "celery", "-A", "preisfipsen", "worker", "--pool=solo",
        "--without-mingle", "--without-gossip", "--without-heartbeat", "--loglevel=INFO", *args,
    ]  # fmt: skip
    with log.open("w") as log_file:
        process = subprocess.Popen(
            command,
            cwd=settings.BASE_DIR,
            env=environment,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        yield process
    finally:
        # Killed, not asked to stop: the test is over, and an idle worker's warm shutdown took
        # 4-5 s (its loop notices the signal after about 3 s, then 2 s to exit) after each of
        # some 20 tests a pass. A job cut short is one no test looks at any more; the next
        # worker's test empties the queue of what is left.
        process.kill()
        process.wait()
        sys.stdout.write(f"--- worker log ---\n{log.read_text()}")
