"""ASGI entry point, for an ASGI server should one ever be wanted."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")

application = get_asgi_application()
