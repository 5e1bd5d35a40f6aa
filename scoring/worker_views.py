"""The service worker of the table's pages, served at the site's root (``/sw.js``) so that its
scope covers every table's link (``/t/<token>/``); a worker's scope is at most the folder of
its script, and the static files' folder is not the root."""

from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script (templates/site/sw.js). ``no-cache``: the browser asks every time
    whether it changed (the HTTP cache would otherwise keep an old worker up to a day)."""
    context = {
        # The folder, not static(""): the manifest storage of `make run` knows files only, and
        # raised for "" (every /sw.js a 500, so the worker never installed).
        "static_prefix": urlsplit(settings.STATIC_URL).path,
        "table_prefix": "/" + settings.TABLE_ENTRY_PATH.split("{token}", 1)[0].lstrip("/"),
        # The page shown when neither the laptop nor a copy of the page can be had (here, as
        # makemessages reads no .js file).
        "offline_title": _("No connection to the organisers’ laptop"),
        "offline_text": _(
            "This page has not been opened on this phone with a connection yet. Open it again "
            "once the phone has the Wi-Fi back."
        ),
    }
    response = render(request, "site/sw.js", context, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
