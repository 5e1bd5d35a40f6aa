"""The PDF jobs: request a file, watch its progress, download it (organisers only).

After pretix: the POST creates the file record and sends the job, the status page polls
itself (htmx; without JavaScript a reload link does the same) until the download is there.
The files live under MEDIA_ROOT, which is never served: the download view is the only way.
"""

from urllib.parse import urlsplit
from uuid import UUID

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import file_jobs, selectors, services
from tournaments.links import is_unreachable_from_phones, public_base_url
from tournaments.models import GeneratedFile, Tournament
from tournaments.views.access import organiser_required, same_site_path

#: The kinds whose PDF prints links for phones: their status page warns of a local address.
KINDS_WITH_LINKS = {GeneratedFile.Kind.TABLE_CARDS}


@organiser_required
@require_POST
def file_request(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Start making a file of ``kind`` for the tournament, then show its status page."""
    tournament = get_object_or_404(Tournament, pk=pk)
    # The page the button was on (the tables or the print page): a refusal and the status
    # page's "back" lead there.
    origin = _origin(request, request.POST.get("next", ""), tournament=tournament)
    options = {"base_url": public_base_url(request)}
    if "tables_chosen" in request.POST:  # a form with a box per table (the blank scoresheets)
        chosen = request.POST.getlist("table")
        if not chosen or not all(
            number.isascii() and number.isdecimal() and len(number) <= 4 for number in chosen
        ):
            messages.error(request, _("Tick at least one table."))
            return redirect(origin)
        options["tables"] = ",".join(chosen)
    try:
        file = services.file_request(tournament=tournament, kind=kind, options=options)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect(origin)
    status_url = reverse("tournaments:file_status", kwargs={"file_id": file.pk})
    return redirect(f"{status_url}?{urlencode({'next': origin})}")


def _origin(request: HttpRequest, url: str, *, tournament: Tournament | None) -> str:
    """Where the organiser started: ``url`` if it is a path of this site, else the print page
    of the tournament (or the start page for a file without one)."""
    if same_site_path(request, url):
        return url
    if tournament is None:
        return reverse("tournaments:home")
    return reverse("night:print", args=[tournament.pk])


def _back_label(url: str) -> str:
    """The words of the button that goes back to ``url``."""
    try:
        name = resolve(urlsplit(url).path).view_name
    except Resolver404:
        return _("Back")
    return {
        "tournaments:tables": _("Back to the tables"),
        "night:print": _("Back to printing"),
    }.get(name, _("Back"))


def _file_or_404(file_id: UUID) -> GeneratedFile:
    file = selectors.generated_file(file_id=file_id)
    if file is None:
        raise Http404("No such file.")
    return file


@organiser_required
@require_GET
def file_status(request: HttpRequest, file_id: UUID) -> HttpResponse:
    """The job's progress; htmx asks for the status part alone, every second until done."""
    file = _file_or_404(file_id)
    status = selectors.file_status(file=file)
    back_url = _origin(request, request.GET.get("next", ""), tournament=file.tournament)
    status_url = reverse("tournaments:file_status", kwargs={"file_id": file.pk})
    context = {
        "status": status,
        "file": file,
        "tournament": file.tournament,
        "title": _title(file),
        # The polls carry the origin along: the "try again" button in the part keeps it.
        "status_url": f"{status_url}?{urlencode({'next': back_url})}",
        "back_url": back_url,
        "back_label": _back_label(back_url),
    }
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "tournaments/files/_status.html", context)
    base_url = public_base_url(request)
    context["unreachable_address"] = (
        base_url if file.kind in KINDS_WITH_LINKS and is_unreachable_from_phones(base_url) else ""
    )
    return render(request, "tournaments/files/status.html", context)


@organiser_required
@require_GET
def file_download(request: HttpRequest, file_id: UUID) -> FileResponse:
    """The finished file, under its own name; gone once it expired."""
    file = _file_or_404(file_id)
    if not file.file or file.expires_at <= timezone.now():
        raise Http404("The file is not ready, or expired.")
    content_type = _renderer_content_type(file.kind)
    return FileResponse(
        file.file.open("rb"), as_attachment=True, filename=file.filename, content_type=content_type
    )


def _title(file: GeneratedFile) -> str:
    try:
        return str(file_jobs.renderer_for(file.kind).label)
    except ValidationError:
        return file.filename


def _renderer_content_type(kind: str) -> str:
    try:
        return file_jobs.renderer_for(kind).content_type
    except ValidationError:
        return "application/octet-stream"
