"""The directory's housekeeping pages: merging two entries of one player (a confirmation page
that says it cannot be undone), retiring a player (a confirmation page) and taking him back
(one tap: nothing is lost either way)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Player, PlayerMerge
from tournaments.players import directory as players_directory
from tournaments.players.directory import player_merge_check
from tournaments.players.duplicates import MAX_SCANNED, entry_history, player_duplicate_pairs
from tournaments.players.selectors import player_nights_count
from tournaments.views.access import organiser_required
from tournaments.views.confirm import CONFIRM_FIELD, CONFIRM_VALUE, is_confirmed

#: The merge page's query word: keep the entry the link names first, as the organiser chose.
AS_ASKED = "as_asked"


@organiser_required
def player_merge(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    """Merge the entry ``other`` into ``pk``: both shown side by side, what follows, and the
    refusal where both were at one night; it acts only once confirmed."""
    keep = get_object_or_404(Player, pk=pk)
    merge = Player.objects.filter(pk=other).first()
    if merge is None:
        if PlayerMerge.objects.filter(player=keep, merged_id=other).exists():  # a second tap
            return redirect("tournaments:player_edit", keep.pk)
        raise Http404
    keep_history, merge_history = entry_history(player=keep), entry_history(player=merge)
    keep_nights, merge_nights = keep_history.nights, merge_history.nights
    # A link offers the merge either way round: the entry that played more (then the one with
    # a club) stays, unless the organiser chose the other ("keep … instead").
    asked = request.method != "GET" or AS_ASKED in request.GET
    if not asked and (merge_nights, bool(merge.club)) > (keep_nights, bool(keep.club)):
        swapped = reverse("tournaments:player_merge", args=[merge.pk, keep.pk])
        return redirect(f"{swapped}?{AS_ASKED}=1")
    refusals: list[str] = []
    try:
        player_merge_check(keep=keep, merge=merge)
    except ValidationError as error:
        refusals = error.messages
    if not refusals and is_confirmed(request):
        try:
            players_directory.player_merge(keep=keep, merge=merge, user=request.user)
        except ValidationError as error:
            refusals = error.messages
        else:
            names = {"merge": _told_apart(merge, keep), "keep": _told_apart(keep, merge)}
            messages.success(request, _("%(merge)s is merged into %(keep)s.") % names)
            return redirect("tournaments:player_edit", keep.pk)
    context = {
        "keep": keep,
        "merge": merge,
        "keep_history": keep_history,
        "merge_history": merge_history,
        "merge_nights": merge_nights,
        "as_asked": AS_ASKED,
        "refusals": refusals,
        "confirm_field": CONFIRM_FIELD,
        "confirm_value": CONFIRM_VALUE,
    }
    return render(request, "tournaments/players/merge.html", context)


def _told_apart(player: Player, other: Player) -> str:
    """His name, with his club and the day he was entered when the other's name reads alike
    ("Hans Müller (TSV, entered 3.5.2025)"), so that the message says which went where."""
    if player.name_key != other.name_key:
        return player.name
    day = date_format(localtime(player.created_at), "SHORT_DATE_FORMAT")
    entered = _("entered %(date)s") % {"date": day}
    return f"{player.name} ({', '.join(filter(None, [player.club, entered]))})"


@organiser_required
def player_retire(request: HttpRequest, pk: int) -> HttpResponse:
    """Retire a player, once confirmed: he is hidden from the desk, nothing he played goes."""
    player = get_object_or_404(Player, pk=pk)
    if player.retired_at is not None:
        return redirect("tournaments:player_edit", player.pk)
    if is_confirmed(request):
        players_directory.player_retire(player=player)
        messages.success(
            request,
            _("%(name)s is retired: shown apart in the directory.") % {"name": player.name},
        )
        return redirect("tournaments:player_list")
    context = {
        "player": player,
        "nights": player_nights_count(player=player),
        "confirm_field": CONFIRM_FIELD,
        "confirm_value": CONFIRM_VALUE,
    }
    return render(request, "tournaments/players/retire.html", context)


@organiser_required
@require_POST
def player_reinstate(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Wieder aufnehmen": a retired player back in the directory, the desk and the lists."""
    player = get_object_or_404(Player, pk=pk)
    players_directory.player_reinstate(player=player)
    messages.success(request, _("%(name)s is back in the directory.") % {"name": player.name})
    return redirect(reverse("tournaments:player_edit", args=[player.pk]))


@organiser_required
def player_duplicates(request: HttpRequest) -> HttpResponse:
    """The directory's likely duplicates, each pair with its merge button."""
    pairs = player_duplicate_pairs()
    context = {"pairs": pairs, "max_scanned": MAX_SCANNED}
    return render(request, "tournaments/players/duplicates.html", context)
