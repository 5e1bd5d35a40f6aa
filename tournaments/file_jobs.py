"""Which renderer makes which kind of file (the PDFs the organiser downloads).

A renderer is a function that receives a :class:`FileJob` and returns the file's bytes. Apps
register theirs in a module named ``renderers`` (``tournaments/renderers.py``, later
``scoring/renderers.py``), found the first time a kind is looked up, the way the admin finds
``admin.py``: so a new kind needs no change here or in the task.

    @register_renderer("scoresheet", label=gettext_lazy("Scoresheets"))
    def render_scoresheets(job: FileJob) -> bytes:
        ...

A renderer raises :class:`django.core.exceptions.ValidationError` (or a
:class:`fipsen_rules.FipsenError`) for what the organiser can fix ("draw the tables first"):
its message is shown. Anything else is a bug: the organiser sees a plain "something went
wrong" and the log has the traceback.
"""

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from tournaments.models import GeneratedFile

#: progress(done, total): how far the job is, e.g. (3, 10) for the third of ten tables.
Progress = Callable[[int, int], None]


def no_progress(done: int, total: int) -> None:
    """The progress callback when nobody listens (a job run directly, a benchmark)."""


@dataclass(frozen=True)
class FileJob:
    """What a renderer gets: the file record (with its tournament) and the job's options."""

    file: "GeneratedFile"
    #: Strings the request passed on, since a worker has no request (e.g. ``base_url``).
    options: Mapping[str, str] = field(default_factory=dict)
    progress: Progress = no_progress


@dataclass(frozen=True)
class Renderer:
    kind: str
    render: Callable[[FileJob], bytes]
    #: Names the file: the start of the download's file name and the status page's title.
    label: str | Promise
    extension: str = "pdf"
    content_type: str = "application/pdf"


_renderers: dict[str, Renderer] = {}


def register_renderer(
    kind: str,
    *,
    label: str | Promise,
    extension: str = "pdf",
    content_type: str = "application/pdf",
) -> Callable[[Callable[[FileJob], bytes]], Callable[[FileJob], bytes]]:
    """Register the decorated function as the renderer of ``kind`` (once per kind)."""

    def register(render: Callable[[FileJob], bytes]) -> Callable[[FileJob], bytes]:
        known = _renderers.get(kind)
        if known is not None and known.render is not render:
            raise ValueError(f"the file kind {kind!r} already has a renderer: {known.render}")
        _renderers[kind] = Renderer(kind, render, label, extension, content_type)
        return render

    return register


@functools.cache
def _discover() -> None:
    """Import every app's ``renderers`` module, once."""
    autodiscover_modules("renderers")


def renderer_for(kind: str) -> Renderer:
    """The renderer of ``kind``.

    :raises ValidationError: no app makes files of that kind.
    """
    _discover()
    try:
        return _renderers[kind]
    except KeyError:
        raise ValidationError(
            _("There is no file of the kind %(kind)s."), code="unknown_kind", params={"kind": kind}
        ) from None


def registered_kinds() -> list[str]:
    _discover()
    return sorted(_renderers)
