"""Scoring's background jobs: thin, id-based, sent when the transaction commits."""

import time
from typing import Any

from celery import Task, shared_task

from scoring.night_file import jobs as transfer_jobs

#: A job reports its progress at most this often (seconds), and after its last table.
REPORT_EVERY = 0.25


# acks_late with reject_on_worker_lost: a job whose worker process dies goes back to the queue
# (a pool's child killed: at once, on the filesystem queue as on Redis; a whole worker killed:
# on Redis after the visibility timeout, on the filesystem queue never, and its page says it
# stalled). transfer_jobs.night_import_run, handed a job it started before, undoes what the
# first run saved and reports the import stopped: it never runs it twice in silence.
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True)
def import_night(self: Task[Any, Any], import_id: str) -> None:
    """Import the night's file of the NightImport ``import_id``
    (transfer_jobs.night_import_run). Reports ``PROGRESS`` with ``{"tables": n, "done": bytes
    read, "total": bytes, "at": unix time}`` when run by a worker; run directly (a test, a
    shell) it only does the work."""
    if self.request.called_directly:
        transfer_jobs.night_import_run(import_id=import_id)
        return
    last = [0.0]

    def progress(tables: int, done: int, total: int) -> None:
        now = time.time()
        if now - last[0] >= REPORT_EVERY or done >= total:
            last[0] = now
            meta = {"tables": tables, "done": done, "total": total, "at": now}
            self.update_state(state="PROGRESS", meta=meta)

    progress(0, 0, 1)
    transfer_jobs.night_import_run(import_id=import_id, progress=progress)
