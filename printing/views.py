"""The file jobs' pages: a file requested, its progress, its download (organisers only).

After pretix: the POST creates the file record and sends the job, the status page polls
itself (htmx; without JavaScript a reload link does the same) until the download is there.
The files live under MEDIA_ROOT, which is never served: the download view is the only way.

The request comes through the owner's page (``tournaments:file_request``, which knows the
tournament) and is handled here by :func:`request_file`; what the status page shows of the
owner (its navigation, "try again", "back") comes from ``printing.owners``.
"""

from collections.abc import Mapping
from urllib.parse import urlsplit
from uuid import UUID

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from printing import kinds, selectors, services
from printing.models import GeneratedFile
from printing.owners import Owner, owner_of
from sitewide.access import organiser_required, same_site_path

#: Where "back" leads from a file that belongs to nobody (or to an owner that is gone).
START_PAGE = "/"


def request_file(
    request: HttpRequest,
    *,
    owner: str,
    kind: str,
    title: str,
    origin: str,
    options: Mapping[str, str],
    subject: object = None,
) -> HttpResponse:
    """Make a file of ``kind`` with the options of its form (``request.POST``) and show its
    status page; a refusal goes back to ``next`` (the page the button was on), else ``origin``.
    A kind ``subject`` cannot have (a race's night has no scored scoresheets) is refused on a
    page of its own, whose one way on is ``origin``: trying again could never work.
    """
    home = origin
    origin = same_site_path(request, request.POST.get("next", "")) or origin
    try:
        found = kinds.kind_named(kind)
        refusal = found.refusal_for(subject) if subject is not None else None
        if refusal is not None:
            return _refused(request, found, refusal, owner=owner_of(owner), back_url=home)
        form = found.form(request.POST)
        if not form.is_valid():
            raise ValidationError([error for errors in form.errors.values() for error in errors])
        options = {**options, **form.options()}
        file = services.file_request(owner=owner, kind=kind, title=title, options=options)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect(origin)
    status_url = reverse("printing:file_status", kwargs={"file_id": file.pk})
    return redirect(f"{status_url}?{urlencode({'next': origin})}")


def _refused(
    request: HttpRequest, kind: kinds.Kind, refusal: object, *, owner: Owner | None, back_url: str
) -> HttpResponse:
    """The page that says why the file cannot be made, with the way back (no "try again")."""
    context = {
        "title": str(kind.label),
        "owner": owner,
        "refusal": refusal,
        "back_url": back_url,
        "back_label": _back_label(back_url, owner),
        **(owner.context if owner is not None else {}),
    }
    return render(request, "printing/refused.html", context, status=400)


def _back_label(url: str, owner: Owner | None) -> str:
    """The words of the button that goes back to ``url``."""
    try:
        name = resolve(urlsplit(url).path).view_name
    except Resolver404:
        return _("Back")
    labels = owner.back_labels if owner is not None else {}
    return str(labels.get(name, _("Back")))


def _file_or_404(file_id: UUID) -> GeneratedFile:
    file = selectors.generated_file(file_id=file_id)
    if file is None:
        raise Http404("No such file.")
    return file


def _kind_or_none(file: GeneratedFile) -> kinds.Kind | None:
    try:
        return kinds.kind_named(file.kind)
    except ValidationError:
        return None  # a kind no app makes any more: its record can still be shown


@organiser_required
@require_GET
def file_status(request: HttpRequest, file_id: UUID) -> HttpResponse:
    """The job's progress; htmx asks for the status part alone, every second until done."""
    file = _file_or_404(file_id)
    owner = owner_of(file.owner)
    home = owner.home_url if owner is not None else START_PAGE
    back_url = same_site_path(request, request.GET.get("next", "")) or home
    status_url = reverse("printing:file_status", kwargs={"file_id": file.pk})
    kind = _kind_or_none(file)
    status = selectors.file_status(file=file)
    # The page watches its job: one whose worker died is sent to the next (a watchdog on the
    # poll, as nothing else runs while the organiser waits; only one poll sends it).
    if status.stalled and services.file_hand_on(file=file):
        status = selectors.FileStatus(file, selectors.FileStatus.WAITING, handed_on=True)
    context = {
        "status": status,
        "file": file,
        "owner": owner,
        "title": str(kind.label) if kind is not None else file.filename,
        # The polls carry the origin along: the "try again" button in the part keeps it.
        "status_url": f"{status_url}?{urlencode({'next': back_url})}",
        "retry_url": owner.request_url(file.kind) if owner is not None else "",
        "back_url": back_url,
    }
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "printing/_status.html", context)
    context["back_label"] = _back_label(back_url, owner)
    if owner is not None:
        context.update(owner.context)
    if kind is not None and kind.status_note is not None:
        note = kind.status_note
        context.update(note.context(request), status_note=note.template)
    return render(request, "printing/status.html", context)


@organiser_required
@require_GET
def file_download(request: HttpRequest, file_id: UUID) -> FileResponse:
    """The finished file, under its own name; gone once it expired."""
    file = _file_or_404(file_id)
    if not file.file or file.expires_at <= timezone.now():
        raise Http404("The file is not ready, or expired.")
    kind = _kind_or_none(file)
    content_type = kind.content_type if kind is not None else "application/octet-stream"
    return FileResponse(
        file.file.open("rb"), as_attachment=True, filename=file.filename, content_type=content_type
    )
