"""Background jobs of printing: thin, id-based, sent when the transaction commits."""

import threading
import time
from typing import Any

from celery import Task, shared_task

from printing import generation

#: While a job runs, it says so this often (seconds), even inside one long step of its
#: renderer: a job silent for selectors.JOB_STALLED_AFTER has lost its worker.
HEARTBEAT_SECONDS = 5.0


# acks_late: the message leaves the queue when the job is done, not when a worker takes it. A
# pool's child killed mid-job: its worker puts the job back at once (reject_on_worker_lost),
# on the filesystem queue as on Redis, and a child takes it again. A whole worker killed: on
# Redis after the visibility timeout; the filesystem queue held it in that worker alone, so
# the job stops reporting and its page hands it on (services.file_hand_on) within
# selectors.JOB_STALLED_AFTER. Running it again is harmless: a file job holds no lock, and
# generation.file_generate does nothing for a file already made or failed.
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True)
def generate_file(
    self: Task[Any, Any], file_id: str, options: dict[str, str] | None = None
) -> None:
    """Make the file of the GeneratedFile ``file_id`` (see generation.file_generate).

    Sent by services.file_request with ``apply_async`` at commit, with the record's task id.
    Reports ``PROGRESS`` with ``{"done": n, "total": m, "at": unix time}`` when run by a
    worker, from its start on and every HEARTBEAT_SECONDS until it ends; run directly (a test,
    a shell) it only does the work.
    """
    if self.request.called_directly:
        generation.file_generate(file_id=file_id, options=options or {})
        return
    with _Reporter(self) as reporter:
        generation.file_generate(file_id=file_id, options=options or {}, progress=reporter.progress)


class _Reporter:
    """Reports a job's progress, and the last one again every HEARTBEAT_SECONDS from a thread
    of its own, so that a job busy in one long step does not look like a dead one.

    Each report names the job's id: Celery keeps the running task's request per thread, so
    ``update_state`` in the heartbeat's thread would find no id of its own (and raise
    "task_id must not be empty" there, once for every file that takes longer than a beat)."""

    def __init__(self, task: "Task[Any, Any]") -> None:
        self._task = task
        self._task_id = task.request.id
        self._last = (0, 0)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._beating = threading.Thread(target=self._beat, name="file-job-heartbeat", daemon=True)

    def __enter__(self) -> "_Reporter":
        self.progress(0, 0)
        self._beating.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._beating.join()

    def progress(self, done: int, total: int) -> None:
        with self._lock:
            self._last = (done, total)
            meta = {"done": done, "total": total, "at": time.time()}
            self._task.update_state(task_id=self._task_id, state="PROGRESS", meta=meta)

    def _beat(self) -> None:
        while not self._stop.wait(HEARTBEAT_SECONDS):
            done, total = self._last
            self.progress(done, total)
