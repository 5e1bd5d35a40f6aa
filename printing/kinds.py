"""The kinds of file the organiser can print, registered by the apps that make them.

Each app registers its kinds explicitly, from its ``AppConfig.ready()`` (``tournaments`` and
``scoring`` call ``register`` in their ``printing_kinds.py``); printing knows none of them. A
kind names its renderer by dotted path, found on first use like a ``MIDDLEWARE`` entry, so
the web process loads WeasyPrint only when it makes a PDF.

A renderer is a function that receives a :class:`FileJob` and returns the file's bytes. It
raises :class:`django.core.exceptions.ValidationError` (or an error registered with
:func:`register_user_error`) for what the organiser can fix ("draw the tables first"): its
message is shown. Anything else is a bug: the organiser sees a plain "something went wrong"
and the log has the traceback.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, cast

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from sitewide.registry import Registry

if TYPE_CHECKING:
    from printing.models import GeneratedFile

#: progress(done, total): how far the job is, e.g. (3, 10) for the third of ten tables.
Progress = Callable[[int, int], None]


def no_progress(done: int, total: int) -> None:
    """The progress callback when nobody listens (a job run directly, a benchmark)."""


@dataclass(frozen=True)
class FileJob:
    """What a renderer gets: the file record (its ``owner`` says whose) and the job's options."""

    file: "GeneratedFile"
    #: Strings the request passed on, since a worker has no request (e.g. ``base_url``).
    options: Mapping[str, str] = field(default_factory=dict)
    progress: Progress = no_progress


Render = Callable[[FileJob], bytes]


class NoOptions(forms.Form):
    """The options form of a kind that takes none; a kind's own form overrides ``options``."""

    def options(self) -> dict[str, str]:
        """The job's options, as strings (a worker gets them in the task's message)."""
        return {}


@dataclass(frozen=True)
class Offer:
    """Where a kind offers itself (``{% kinds_offered place %}``, in the order the kinds were
    registered) and how: a plain button with ``button`` as its words, or a form of its own."""

    place: str
    button: str | Promise
    #: A template of the kind's own form instead of the plain button (e.g. a box a table).
    template: str = ""


@dataclass(frozen=True)
class StatusNote:
    """A template shown on the kind's status page, with its context from the request: e.g. a
    warning that the links the file prints cannot be reached from the phones."""

    template: str
    context: Callable[[HttpRequest], Mapping[str, object]]


@dataclass(frozen=True)
class Kind:
    """A kind of file: its renderer, its name for the user, its options and its button."""

    name: str
    #: The renderer, or its dotted path (imported on first use).
    render: str | Render
    #: Names the file: the start of the download's file name and the status page's title.
    label: str | Promise
    #: Turns the request's form data into the job's options (refusing what is not valid).
    form: type[NoOptions] = NoOptions
    offer: Offer | None = None
    status_note: StatusNote | None = None
    extension: str = "pdf"
    content_type: str = "application/pdf"
    #: Why the file's subject (e.g. a tournament of a rule set) cannot have a file of this
    #: kind, or None when it can: such a kind is not offered, and a request is refused.
    refusal: Callable[[Any], str | Promise | None] | None = None

    def renderer(self) -> Render:
        if callable(self.render):
            return self.render
        return cast(Render, import_string(self.render))

    def refusal_for(self, subject: object) -> str | Promise | None:
        """Why ``subject`` cannot have this kind of file (None: it can)."""
        return self.refusal(subject) if self.refusal is not None else None


_kinds = Registry[str, Kind]("the kinds of file")


def register(kind: Kind) -> Kind:
    """Make ``kind`` known (once per name; the same kind again is harmless).

    :raises ValueError: another kind has its name.
    """
    return _kinds.register(kind.name, kind)


def kind_named(name: str) -> Kind:
    """The kind called ``name``.

    :raises ValidationError: no app makes files of that kind.
    """
    try:
        return _kinds[name]
    except KeyError:
        raise ValidationError(
            _("There is no file of the kind %(kind)s."), code="unknown_kind", params={"kind": name}
        ) from None


def registered_kinds() -> list[str]:
    return sorted(_kinds)


def kinds_offered_in(place: str, subject: object = None) -> list[Kind]:
    """The kinds that offer themselves in ``place``, in the order they were registered; with
    a ``subject``, only those it can have (no button that can only refuse)."""
    return [
        kind
        for kind in _kinds.values()
        if kind.offer is not None
        and kind.offer.place == place
        and (subject is None or kind.refusal_for(subject) is None)
    ]


#: Errors besides ValidationError whose message the organiser reads: type -> its message.
_user_errors = Registry[type[Exception], Callable[[Any], str]]("the organiser's errors")

UserError = TypeVar("UserError", bound=Exception)


def register_user_error(error: type[UserError], message: Callable[[UserError], str]) -> None:
    """Show ``message(error)`` for a renderer's ``error`` (e.g. a rules error), as for a
    ValidationError: it is the organiser's to fix.

    :raises ValueError: ``error`` has another message already.
    """
    _user_errors.register(error, message)


def user_message(error: Exception) -> str | None:
    """What the organiser reads about ``error``, or None when it is a bug (to be logged)."""
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    for kind, message in _user_errors.items():
        if isinstance(error, kind):
            return message(error)
    return None
