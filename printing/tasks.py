"""Background jobs of printing: thin, id-based, sent when the transaction commits."""

import time
from typing import Any

from celery import Task, shared_task

from printing import generation


# acks_late: the message leaves the queue when the job is done, not when a worker takes it, so
# a worker killed mid-job (or its pool's child) leaves it to the next worker (Redis: at once
# for a lost child, else after the visibility timeout). Running it twice is harmless:
# generation.file_generate does nothing for a file already made or failed. A job that is lost
# all the same (the filesystem queue deletes a message on receipt) stops reporting progress,
# and its page says so after selectors.JOB_STALLED_AFTER, with a button to try again.
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True)
def generate_file(
    self: Task[Any, Any], file_id: str, options: dict[str, str] | None = None
) -> None:
    """Make the file of the GeneratedFile ``file_id`` (see generation.file_generate).

    Sent by services.file_request with ``apply_async`` at commit, with the record's task id.
    Reports ``PROGRESS`` with ``{"done": n, "total": m, "at": unix time}`` when run by a
    worker, from its start on; run directly (a test, a shell) it only does the work.
    """

    def progress(done: int, total: int) -> None:
        meta = {"done": done, "total": total, "at": time.time()}
        self.update_state(state="PROGRESS", meta=meta)

    if not self.request.called_directly:
        progress(0, 0)
    generation.file_generate(
        file_id=file_id,
        options=options or {},
        progress=None if self.request.called_directly else progress,
    )
