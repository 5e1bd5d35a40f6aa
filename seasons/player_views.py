"""A player's page across nights (it spans the apps: each rule set counts its own kinds of game
through :attr:`tournaments.rule_pages.RulePages.statistics`): every night he played, his
statistics from the deals, and his seasons where the seasons app gives them."""

import importlib
from typing import Any

from django.apps import apps
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Player
from tournaments.players.page import player_page
from tournaments.views.access import organiser_required

#: The seasons' lines on his page (the seasons app's partial and selector).
SEASON_TEMPLATE = "seasons/_player_seasons.html"


def season_lines(player: Player) -> dict[str, Any]:
    """His seasons for the page's partial, where the seasons app is installed; nothing
    otherwise."""
    if not apps.is_installed("seasons"):
        return {}
    selectors = importlib.import_module("seasons.selectors")
    lines = selectors.player_seasons(player)
    # The partial reads them as ``seasons`` (or as the selector is named).
    return {"seasons": lines, "player_seasons": lines, "season_template": SEASON_TEMPLATE}


@organiser_required
def player_nights(request: HttpRequest, pk: int) -> HttpResponse:
    """Every night the player played, his kinds of game, highest game and average place."""
    player = get_object_or_404(Player, pk=pk)
    context = {"page": player_page(player=player), "player": player, **season_lines(player)}
    return render(request, "night/player.html", context)
