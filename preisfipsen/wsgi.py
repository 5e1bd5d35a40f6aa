"""WSGI entry point (`make run` serves it with gunicorn)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")

application = get_wsgi_application()
