"""The table links printed on the table cards, and where phones reach the app."""

import functools
import ipaddress
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import Http404, HttpRequest
from django.utils.safestring import SafeString, mark_safe


class TableLinkNotValid(Http404):
    """A table link that opens nothing (mistyped, old, or renewed): the 404 page says so and
    what to do."""


def is_table_link_path(path: str) -> bool:
    """Is ``path`` under the table links' prefix, so that a page missing there is a table link
    that is not valid?

    >>> is_table_link_path("/t/Kx7/deals/")
    True
    >>> is_table_link_path("/tournaments/1/")
    False
    """
    prefix = "/" + settings.TABLE_ENTRY_PATH.split("{token}", 1)[0].lstrip("/")
    return prefix != "/" and path.startswith(prefix)


def public_base_url(request: HttpRequest) -> str:
    """Where phones reach the app: settings.PUBLIC_URL, else the address of this request.

    >>> from django.test import RequestFactory, override_settings
    >>> with override_settings(PUBLIC_URL=""):
    ...     public_base_url(RequestFactory().get("/", HTTP_HOST="localhost:8000"))
    'http://localhost:8000'
    """
    return settings.PUBLIC_URL or f"{request.scheme}://{request.get_host()}"


def table_entry_url(*, base_url: str, token: str) -> str:
    """A table's private link for the captain's phone: ``<base>/t/<token>/``.

    The path is settings.TABLE_ENTRY_PATH, which the scoring app's route for the captain's
    page matches (tests/project/test_layering.py checks it): the night's cards need no part
    of scoring (issue 11).

    >>> table_entry_url(base_url="http://192.168.1.20:8000/", token="Kx7")
    'http://192.168.1.20:8000/t/Kx7/'
    """
    path = settings.TABLE_ENTRY_PATH.format(token=token)
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def is_unreachable_from_phones(base_url: str) -> bool:
    """Does the address name this computer only (localhost, 127.0.0.1, ::1)?

    >>> is_unreachable_from_phones("http://127.0.0.1:8000")
    True
    >>> is_unreachable_from_phones("http://192.168.1.20:8000")
    False
    """
    host = urlsplit(base_url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as inline SVG, sized by CSS (class ``qr``): on
    the table cards, and on the organiser's tables page for the captain to scan.

    Cached by URL (about 20 ms each, and the tables page shows every table's code on each
    visit; a table's link changes only when renewed).

    segno writes only the modules' geometry (no title, no text of the URL), so the markup is
    safe to embed as it is.
    """
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, omitsize=True, svgclass="qr", lineclass=None)
    return mark_safe(svg)  # noqa: S308 (segno's own markup: numbers and a path, no user text)
