"""One night as a file (scoring/night_transfer.py): "Export the tournament" on its print page,
"Import a tournament" from the start page. Both direct: a night's file is some 1.5 MB and made
in about a second."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import get_valid_filename
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from scoring import night_transfer
from tournaments.models import Tournament
from tournaments.views.access import organiser_required


class NightImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("The tournament's file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> bytes:
        file = self.cleaned_data["file"]
        if (file.size or 0) > night_transfer.MAX_BYTES:
            raise forms.ValidationError(
                _("The file is too large: at most %(limit)s MB.")
                % {"limit": night_transfer.MAX_BYTES // 1_000_000},
                code="too_large",
            )
        content: bytes = file.read()
        return content


@organiser_required
@require_GET
def night_export(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    name = get_valid_filename(f"{tournament.name} {tournament.date.isoformat()}")[:150]
    try:
        content = night_transfer.night_export_bytes(tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("night:print", pk=tournament.pk)
    response = HttpResponse(content, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@organiser_required
def night_import(request: HttpRequest) -> HttpResponse:
    data = (request.POST, request.FILES) if request.method == "POST" else (None, None)
    form = NightImportForm(*data)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = night_transfer.night_import_bytes(form.cleaned_data["file"])
        except night_transfer.NightFileError as error:
            form.add_error("file", str(error))
        else:
            messages.success(
                request, _("The tournament “%(name)s” is imported.") % {"name": tournament.name}
            )
            return redirect("night:home", pk=tournament.pk)
    return render(request, "night/import.html", {"form": form})
