"""Tasks for the Celery tests; a test worker loads them with `--include`."""

import time
from pathlib import Path

from preisfipsen.celery import app


@app.task
def echo(value: str) -> str:
    return value


@app.task(bind=True)
def wait_for_file(self, path: str, timeout: float = 60) -> str:
    """Report PROGRESS, then wait until the test creates ``path``, then finish.

    The pause lets the test see the PROGRESS state before the result replaces it.
    """
    self.update_state(state="PROGRESS", meta={"waiting_for": Path(path).name})
    deadline = time.monotonic() + timeout
    while not Path(path).exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} did not appear within {timeout} s")
        time.sleep(0.05)
    return f"found {Path(path).name}"
