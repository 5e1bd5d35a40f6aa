"""What the apps' URL lists share."""

from collections.abc import Callable

from django.http import HttpResponse
from django.urls import URLPattern, path, reverse


def named_by_view(prefix: str, pages: dict[str, Callable[..., HttpResponse]]) -> list[URLPattern]:
    """Each page under ``prefix``, its URL named as its view is."""
    return [path(prefix + route, view, name=view.__name__) for route, view in pages.items()]


#: An id no row has, reversed in its place and then replaced (:func:`reverse_each`).
_PLACEHOLDER = "987654321987654321"


def reverse_each(name: str, *args: object) -> Callable[[object], str]:
    """``reverse(name, args=[*args, last])`` for the many rows of a page, reversed once: the
    desk's 800 rows reversing each of their links took a tenth of the page's time."""
    url = reverse(name, args=[*args, _PLACEHOLDER])
    return lambda last: url.replace(_PLACEHOLDER, str(last))
