"""The Celery app: `celery -A preisfipsen worker` (which `make run` starts beside the web server).

Its configuration is read from Django's settings (names starting with CELERY_), so the broker is
the filesystem queue in var/ unless CELERY_BROKER_URL says otherwise; tasks are found in each
app's tasks.py.

Every task is a DjangoTask: send jobs with ``task.delay_on_commit(...)`` (or
``apply_async_on_commit``), which waits for the surrounding transaction to commit, so the worker
sees the rows the job is about, and which sends nothing when the transaction rolls back.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")

app = Celery("preisfipsen", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
