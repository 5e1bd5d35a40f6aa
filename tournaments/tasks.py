"""Background jobs of the tournaments app: thin, id-based, sent when the transaction commits."""

from celery import Task, shared_task

from tournaments import services


@shared_task(bind=True)
def generate_file(self: Task, file_id: str, options: dict[str, str] | None = None) -> None:
    """Make the file of the GeneratedFile ``file_id`` (see services.file_generate).

    Sent by services.file_request with ``apply_async_on_commit``, with the record's task id.
    Reports ``PROGRESS`` with ``{"done": n, "total": m}`` when run by a worker; run directly
    (a test, a shell) it only does the work.
    """

    def progress(done: int, total: int) -> None:
        self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    services.file_generate(
        file_id=file_id,
        options=options or {},
        progress=None if self.request.called_directly else progress,
    )
