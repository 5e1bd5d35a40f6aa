"""The Django project Preisfipsen: settings, URLs, the Celery app, WSGI/ASGI entry points."""

# Load the Celery app whenever Django starts, so that @shared_task binds to it.
from preisfipsen.celery import app as celery_app

__all__ = ["celery_app"]
