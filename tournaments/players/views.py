"""The player directory: the list with its search, adding and editing a player, the CSV import."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.desk.night_views import players_offer
from tournaments.models import Player, Tournament
from tournaments.players import services as players_services
from tournaments.players.csv_import import CsvRow
from tournaments.players.forms import PlayerForm, PlayersImportForm
from tournaments.players.selectors import (
    player_directory,
    player_likely_duplicates,
    player_merges,
    players_named,
)
from tournaments.players.services import player_update, players_import_csv
from tournaments.views.access import id_or_404, organiser_required, same_site_path, search_query

#: Players on one page of the directory.
PAGE_SIZE = 50


@organiser_required
def player_list(request: HttpRequest) -> HttpResponse:
    """The directory, searchable; the retired players apart below (with "Wieder aufnehmen");
    an htmx request (the live search) gets only the results."""
    query = search_query(request.GET)
    page = Paginator(player_directory(query=query), PAGE_SIZE).get_page(request.GET.get("page"))
    retired = list(player_directory(query=query, retired=True)[:PAGE_SIZE])
    context = {"query": query, "page": page, "retired": retired}
    if getattr(request, "htmx", False):
        return render(request, "tournaments/players/_results.html", context)
    return render(request, "tournaments/players/list.html", context)


@organiser_required
def player_create(request: HttpRequest) -> HttpResponse:
    # "Add as a new player" on an empty search brings the name along.
    form = PlayerForm(request.POST or None, initial={"name": request.GET.get("name", "")})
    if request.method == "POST" and form.is_valid():
        try:
            player = players_services.player_create(**form.cleaned_data)
        except ValidationError as error:
            _add_errors(form, error)
        else:
            messages.success(request, _("%(name)s is added.") % {"name": player.name})
            return redirect(_next_url(request))
    return render(request, "tournaments/players/form.html", {"form": form, "next": _next(request)})


@organiser_required
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    form = PlayerForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        try:
            player_update(player=player, **form.cleaned_data)
        except ValidationError as error:
            _add_errors(form, error)
        else:
            messages.success(request, _("%(name)s is saved.") % {"name": player.name})
            return redirect(_next_url(request))
    context = {
        "form": form,
        "player": player,
        "next": _next(request),
        # The directory's housekeeping: the entries likely his to merge, his merges so far.
        "same_person": player_likely_duplicates(name=player.name, exclude_pk=player.pk),
        "merges": player_merges(player=player),
    }
    return render(request, "tournaments/players/form.html", context)


@organiser_required
def players_import(request: HttpRequest) -> HttpResponse:
    data = (request.POST, request.FILES) if request.method == "POST" else (None, None)
    form = PlayersImportForm(*data)
    tournament = _import_for(request)
    failed = False
    if request.method == "POST" and form.is_valid():
        try:
            imported = players_import_csv(data=form.csv_data())
        except ValidationError as error:
            form.add_error(form.source, error)
            failed = True
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s player is added to the directory.",
                    "%(count)s players are added to the directory.",
                    imported.count,
                )
                % {"count": imported.count},
            )
            if imported.skipped:
                messages.info(request, _skipped_note(imported.skipped))
            if tournament is not None:  # back to it, the imported players offered to register
                skipped = [(row.name, row.club) for row in imported.skipped]
                players = imported.players + players_named(names=skipped)
                _retired_note(request, skipped)
                return redirect(players_offer(request, tournament, players))
            return redirect("tournaments:player_list")
    context = {"form": form, "import_failed": failed, "tournament": tournament}
    return render(request, "tournaments/players/import.html", context)


def _import_for(request: HttpRequest) -> Tournament | None:
    """The tournament the import was started from (``?tournament=``), still registering."""
    value = request.GET.get("tournament", "")
    if not value:
        return None
    tournament = get_object_or_404(Tournament, pk=id_or_404(value))
    return tournament if tournament.is_registration_open else None


def _retired_note(request: HttpRequest, skipped: list[tuple[str, str]]) -> None:
    """The players of the list who are retired: not offered to register, and said so."""
    retired = players_named(names=skipped, retired=True)
    if retired:
        names = ", ".join(player.name for player in retired)
        messages.info(
            request,
            _(
                "Retired, so not offered: %(names)s. “Take back into the directory” on a "
                "player's page brings him back."
            )
            % {"names": names},
        )


def _skipped_note(rows: list[CsvRow]) -> str:
    """Which players of the file were in the directory already, named, for checking."""
    names = ", ".join(
        _("%(name)s (%(club)s)") % {"name": row.name, "club": row.club} if row.club else row.name
        for row in rows
    )
    return ngettext(
        "%(count)s already in the directory, skipped: %(names)s.",
        "%(count)s already in the directory, skipped: %(names)s.",
        len(rows),
    ) % {"count": len(rows), "names": names}


def _add_errors(form: PlayerForm, error: ValidationError) -> None:
    """A service's refusal on the field it concerns (the folded name belongs to the name); a
    like name added meanwhile is asked about."""
    if form.asked_again(error):
        return
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, errors in error.error_dict.items():
        form.add_error(field if field in form.fields else "name", errors)


def _next(request: HttpRequest) -> str:
    """Where to go after saving, when another page sent the organiser here (?next=…)."""
    return same_site_path(request, request.POST.get("next") or request.GET.get("next") or "")


def _next_url(request: HttpRequest) -> str:
    return _next(request) or reverse("tournaments:player_list")
