"""The season's organiser pages: the list, create and edit, its nights, its standings and their
downloads (CSV, XLSX; the PDF is a kind of printing's: seasons/printing_kinds.py)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from printing.views import request_file
from seasons import exports, selectors, services
from seasons.forms import SeasonForm
from seasons.models import Season
from seasons.printing_kinds import owner_of_season
from sitewide.access import organiser_required
from tournaments.models import Tournament


@organiser_required
def season_list(request: HttpRequest) -> HttpResponse:
    return render(request, "seasons/list.html", {"seasons": selectors.seasons_listed()})


def _form_page(request: HttpRequest, season: Season | None) -> HttpResponse:
    fixed = season is not None and services.rules_fixed(season)
    form = SeasonForm(request.POST or None, instance=season, fixed=fixed)
    if request.method == "POST" and form.is_valid():
        try:
            if season is None:
                season = services.season_create(**form.values())
            else:
                season = services.season_update(season, **form.values())
        except ValidationError as error:
            form.add_error(None, error)  # a field's error beside its field
        else:
            messages.success(request, _("The season is saved."))
            return redirect("seasons:nights" if request.POST.get("next") else "seasons:standings",
                            season.pk)  # fmt: skip
    return render(request, "seasons/form.html", {"form": form, "season": season, "fixed": fixed})


@organiser_required
def season_create(request: HttpRequest) -> HttpResponse:
    return _form_page(request, None)


@organiser_required
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _form_page(request, get_object_or_404(Season, pk=pk))


@organiser_required
def season_nights(request: HttpRequest, pk: int) -> HttpResponse:
    """The nights in the season (each to take out) and the nights outside any (to take in)."""
    season = get_object_or_404(Season, pk=pk)
    context = {
        "season": season,
        "nights": Tournament.objects.filter(season_night__season=season).order_by("date", "pk"),
        "others": selectors.nights_outside_seasons(),
    }
    return render(request, "seasons/nights.html", context)


@organiser_required
@require_POST
def season_night_add(request: HttpRequest, pk: int, tournament_pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    try:
        services.season_night_add(season, tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(night)s is in the season.") % {"night": tournament})
    return redirect("seasons:nights", season.pk)


@organiser_required
@require_POST
def season_night_remove(request: HttpRequest, pk: int, tournament_pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    tournament = get_object_or_404(Tournament, pk=tournament_pk)
    services.season_night_remove(season, tournament)
    messages.success(
        request,
        _("%(night)s is out of the season (take it in again at any time).") % {"night": tournament},
    )
    return redirect("seasons:nights", season.pk)


@organiser_required
def season_standings(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    template = "seasons/_standings.html" if htmx else "seasons/standings.html"
    return render(request, template, {"table": selectors.season_table(season)})


@organiser_required
def season_export(request: HttpRequest, pk: int, file_format: str) -> HttpResponse:
    """The standings as CSV (for German Excel) or XLSX."""
    season = get_object_or_404(Season, pk=pk)
    return exports.standings_download(selectors.season_table(season), file_format)


@organiser_required
@require_POST
def file_request(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Start making the season's file of ``kind``, then show its status page."""
    season = get_object_or_404(Season, pk=pk)
    return request_file(
        request,
        owner=owner_of_season(season),
        kind=kind,
        title=season.name,
        origin=reverse("seasons:standings", args=[season.pk]),
        options={},
        subject=season,
    )
