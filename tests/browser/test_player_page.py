"""A player's page on a phone and on the laptop (seasons/player_views.py): his figures,
every night (a night of two series with each series' place) and his kinds of game, with
nothing running off the page at 320 px; the nights' table scrolls in its own box if it must."""

import datetime
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page

from scoring.demo import demo_night_play
from tests.browser.conftest import open_in_font
from tests.project.test_player_page import second_series
from tournaments.models import Player


def _player() -> Player:
    played = [
        demo_night_play(
            players=8,
            seed=5,
            deals=6,
            name=f"Vereinsabend im Gasthof zur Linde {number}",
            date=datetime.date(2026, 3, number),
        ).tournament
        for number in (1, 2)
    ]
    players = list(Player.objects.filter(registrations__tournament=played[1]).order_by("pk"))
    second_series(played[1], {p.pk: 300 - 20 * index for index, p in enumerate(players)})
    player = players[0]
    Player.objects.filter(pk=player.pk).update(name="Karl-Heinz Böttcher")
    return player


@pytest.mark.parametrize("width", [1280, 360, 320])
def test_the_player_page_fits(
    page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    width: int,
) -> None:
    player = _player()
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, organiser)
    open_in_font(page, f"/players/{player.pk}/nights/")  # measured in the shipped font
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"player-{width}.png"), full_page=True)
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1]
    # Every column on the screen: the tables need not scroll in their boxes.
    boxes = page.locator(".table-scroll")
    assert boxes.count() == 2
    for index in range(2):
        assert boxes.nth(index).evaluate("box => box.scrollWidth <= box.clientWidth")
    assert page.get_by_role("heading", name="Karl-Heinz Böttcher").is_visible()
    assert page.get_by_text("Serie 2: 1.").is_visible()
    assert page.get_by_text("Serie 2: 1.").evaluate(
        "e => e.getBoundingClientRect().right <= document.documentElement.clientWidth"
    )
    assert page.get_by_role("heading", name="Spielarten: Prisdorf Fipsen").is_visible()
