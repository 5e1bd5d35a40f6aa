"""A name of a hundred letters without a space (the longest the directory takes) wraps on the
organiser's pages, on a desk's screen and on a phone alike: nothing runs off the page."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from playwright.sync_api import Page

from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Registration, Tournament
from tournaments.players.services import player_create

LONG_NAME = "X" * 100

#: The pages that show a player's name, by what they are.
PAGES: dict[str, Callable[[Tournament, Registration], str]] = {
    "registration desk": lambda tournament, _: f"/tournaments/{tournament.pk}/",
    "withdraw confirmation": lambda tournament, registration: (
        f"/tournaments/{tournament.pk}/registrations/{registration.pk}/withdraw/"
    ),
    "draw confirmation": lambda tournament, _: f"/tournaments/{tournament.pk}/draw/",
    "player directory": lambda tournament, _: "/players/",
    "player directory search": lambda tournament, _: "/players/?q=xxx",
}


def _night() -> tuple[Tournament, Registration]:
    tournament = services.tournament_create(name="Herbstfipsen", date=timezone.localdate())
    for number in range(6):
        player = player_create(name=f"Spieler {number}", club="SC Prisdorf")
        registration_add(tournament=tournament, player=player, check_in=True)
    long = player_create(name=LONG_NAME, club="Y" * 100)
    registration = registration_add(tournament=tournament, player=long, check_in=True)
    player_create(name="Z" * 100)  # in the directory's list, not registered
    return tournament, registration


def _assert_nothing_runs_off(page: Page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    wide = page.evaluate(
        "[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right"
        " > document.documentElement.clientWidth).map(e => e.tagName + '.' + e.className).slice(-3)"
    )
    assert widths[0] <= widths[1], (page.url, widths, wide)


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", PAGES)
def test_a_long_name_wraps(
    page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    name: str,
    width: int,
) -> None:
    tournament, registration = _night()
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, organiser)
    page.goto(PAGES[name](tournament, registration))
    _assert_nothing_runs_off(page)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_long_name_wraps_on_the_tables_page(
    page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    width: int,
) -> None:
    tournament, _ = _night()
    tournament_draw(tournament=tournament)
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, organiser)
    for path in ("tables/", "start/", ""):
        page.goto(f"/tournaments/{tournament.pk}/{path}")
        _assert_nothing_runs_off(page)
