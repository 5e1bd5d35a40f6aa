"""The page's own stylesheet, inlined in <head>: ``{% load site_assets %}``.

Why inline: the captain's page is usually the first page of the site a phone opens (from the
table card's QR code), often over mobile data. A linked stylesheet holds the first paint back by
a whole round trip; inlined, the page paints as soon as its HTML has arrived. The stylesheet is
small (a few KiB compressed) and the pages are compressed (GZipMiddleware).
"""

import base64
import functools
import hashlib
import re
from urllib.parse import urljoin

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: ``url(...)`` in the stylesheet, and CSS comments.
_CSS_URL = re.compile(r"""url\(\s*(?P<quote>["']?)(?P<target>[^"')]+)(?P=quote)\s*\)""")
_CSS_COMMENT = re.compile(r"/\*.*?\*/\s*", re.DOTALL)


@register.simple_tag
def inline_stylesheet(path: str) -> SafeString:
    """The stylesheet at ``path`` (a static file, e.g. ``css/site.css``) for a <style> element.

    Its relative ``url()``s are made absolute (the page's own address is elsewhere), to the same
    addresses ``{% static %}`` gives, so that a font the page preloads is the one the CSS uses.
    """
    return mark_safe(_stylesheet(path))  # noqa: S308 (our own stylesheet; no user input)


def inline_stylesheet_source(path: str) -> str:
    """The Content-Security-Policy's source for the stylesheet that :func:`inline_stylesheet`
    inlines (``'sha256-…'``): the page's one inline style, allowed by its hash alone."""
    return _source_of(_stylesheet(path))


@functools.lru_cache(maxsize=4)
def _source_of(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _stylesheet(path: str) -> str:
    if settings.DEBUG or not hasattr(staticfiles_storage, "stored_name"):
        return _read(path)
    return _read_collected(staticfiles_storage.stored_name(path), staticfiles_storage.url(path))


def _read(path: str) -> str:
    """From the source folders (DEBUG, and tests: edits show at once, names unhashed)."""
    found = finders.find(path)
    if not found:
        raise template.TemplateSyntaxError(f"No static file {path!r}.")
    with open(found, encoding="utf-8") as stylesheet:
        return _absolute(stylesheet.read(), staticfiles_storage.url(path))


@functools.cache
def _read_collected(stored_name: str, url: str) -> str:
    """From the collected files, as served; read once per process (the hashed name changes
    with the content)."""
    with staticfiles_storage.open(stored_name) as stylesheet:
        text = stylesheet.read().decode("utf-8")
    return _absolute(text, url)


def _absolute(text: str, url: str) -> str:
    text = _CSS_COMMENT.sub("", text)
    return _CSS_URL.sub(lambda match: f'url("{urljoin(url, match["target"])}")', text)
