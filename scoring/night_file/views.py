"""One night as a file (scoring/night_file/transfer.py): "Export the tournament" on its print page,
"Import a tournament" from the start page. The export is streamed as it is written; the import
runs as a background job (scoring/night_file/jobs.py) whose page shows how far it is."""

from uuid import UUID

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import get_valid_filename
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from scoring.models import NightImport
from scoring.night_file import jobs as transfer_jobs
from scoring.night_file import transfer as night_transfer
from tournaments.models import Tournament
from tournaments.views.access import organiser_required


class NightImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("The tournament's file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> UploadedFile:
        """The upload, if it is not too large and starts as a night's file (a file of another
        kind is refused at once, not after a wait for the job)."""
        file: UploadedFile = self.cleaned_data["file"]
        if (file.size or 0) > night_transfer.MAX_BYTES:
            raise forms.ValidationError(
                _("The file is too large: at most %(limit)s MB.")
                % {"limit": night_transfer.MAX_BYTES // 1_000_000},
                code="too_large",
            )
        try:
            night_transfer.night_file_checked(file)
        except night_transfer.NightFileError as error:
            raise forms.ValidationError(str(error), code="not_a_night") from error
        return file


@organiser_required
@require_GET
def night_export(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """The night's file, sent as it is written (a night of 200 tables never whole in memory)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    name = get_valid_filename(f"{tournament.name} {tournament.date.isoformat()}")[:150]
    response = StreamingHttpResponse(
        night_transfer.night_export_chunks(tournament=tournament),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@organiser_required
def night_import(request: HttpRequest) -> HttpResponse:
    data = (request.POST, request.FILES) if request.method == "POST" else (None, None)
    form = NightImportForm(*data)
    if request.method == "POST" and form.is_valid():
        try:
            record = transfer_jobs.night_import_request(upload=form.cleaned_data["file"])
        except ValidationError as error:
            form.add_error("file", error)
        else:
            return redirect("night:import_status", import_id=record.pk)
    return render(request, "night/import.html", {"form": form})


@organiser_required
@require_GET
def night_import_status(request: HttpRequest, import_id: UUID) -> HttpResponse:
    """How far the import is; htmx asks for the status part alone, every second until done."""
    try:
        status = transfer_jobs.night_import_status(import_id=import_id)
    except NightImport.DoesNotExist:
        raise Http404("No such import.") from None
    context = {
        "status": status,
        "status_url": reverse("night:import_status", kwargs={"import_id": import_id}),
    }
    part = request.htmx  # type: ignore[attr-defined]
    return render(
        request, "night/_import_status.html" if part else "night/import_status.html", context
    )
