"""Münzfips in Chromium (issue 17, item 6): the organiser picks the test-only rule set on the
new-tournament form, and a captain taps its deals on the phone (390×844) through the one deal
form built from its vocabulary; the deals are saved as its notation scores them."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from scoring.models import Deal
from tests.browser.test_one_screen_entry import RESULT, WHAT, WHO, Taps
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create

pytestmark = pytest.mark.usefixtures("muenzfips_registered")

#: The tiles tapped, the game saved and the declarer's points.
DEALS = [("2", "gewonnen", "2 gewonnen", 2), ("3", "verloren", "3 verloren", -3)]


def test_a_muenzfips_night_on_the_phone(
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    page.get_by_role("radio", name="Münzfips").check()
    page.get_by_label("Name").fill("Münzfips-Abend")
    page.get_by_role("button", name="Turnier anlegen").click()
    tournament = Tournament.objects.get()
    assert tournament.rule_set == "muenzfips"
    for number in range(3):
        player = player_create(name=f"Münzer {number}", club="Münzclub")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)

    phone_page.goto(f"/t/{table.token}/")
    taps = Taps(phone_page)
    for number, (tricks, result, game, points) in enumerate(DEALS, start=1):
        name = table.seats.get(position=number % 3).registration.player.name
        taps.tile(WHO, name)
        taps.tile(WHAT, tricks)
        taps.tile(RESULT, result)
        expect(phone_page.locator("#deal-preview")).to_contain_text(game)
        taps.save(f"Spiel {number} eintragen", says=f"Eingetragen: {name}: {game}")
        saved = Deal.objects.get(table=table, number=number)
        assert (saved.game, saved.score, saved.declarer) == (game, points, number % 3)
