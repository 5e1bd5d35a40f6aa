"""What the apps' URL lists share."""

from collections.abc import Callable

from django.http import HttpResponse
from django.urls import URLPattern, path


def named_by_view(prefix: str, pages: dict[str, Callable[..., HttpResponse]]) -> list[URLPattern]:
    """Each page under ``prefix``, its URL named as its view is."""
    return [path(prefix + route, view, name=view.__name__) for route, view in pages.items()]
