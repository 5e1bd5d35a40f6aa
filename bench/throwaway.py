"""A throwaway installation for a bench, made before Django reads its settings: a var/ folder
of its own in a temporary folder (the SQLite database, the files), a secret key of its own, no
DATABASE_URL, whatever the environment says. The project's root goes on the import path: some
benches use the tests' factories (tests/scoring/helpers.py).

A bench calls ``django_setup`` before it imports anything of the project, and removes the
folder at the end (``cleanup()``).
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def django_setup(name: str, **environment: str) -> tempfile.TemporaryDirectory[str]:
    """Django set up on a throwaway var/ folder (``bench-<name>-…``), which is returned;
    ``environment``: more variables for the settings (DJANGO_ALLOWED_HOSTS, …)."""
    var = tempfile.TemporaryDirectory(prefix=f"bench-{name}-")
    os.environ.pop("DATABASE_URL", None)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "preisfipsen.settings",
            "PREISFIPSEN_VAR_DIR": var.name,
            "DJANGO_SECRET_KEY": "bench-only-" + uuid.uuid4().hex,
            **environment,
        }
    )
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    return var


def yardstick_urlconf(name: str) -> str:
    """The name of a URLconf (made now, as module ``name``) with the yardstick view, which
    answers "ok" at ``bench/ok/``, beside the project's URLs: for ``override_settings``."""
    import types

    from django.conf import settings
    from django.http import HttpRequest, HttpResponse
    from django.urls import include, path

    def trivial(request: HttpRequest) -> HttpResponse:
        return HttpResponse("ok")

    urls = types.ModuleType(name)
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("bench/ok/", trivial),
        path("", include(settings.ROOT_URLCONF)),
    ]
    sys.modules[name] = urls
    return name
