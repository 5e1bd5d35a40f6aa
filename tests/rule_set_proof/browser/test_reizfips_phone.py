"""Reizfips in Chromium (issue 27): on the smallest phone (320×568) the captain steps the bid
with the plus beside it, types another on the digit pad, and saves; the preview follows the
bid, and the deals are saved with it."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Deal
from tests.browser.conftest import NewPage
from tests.browser.test_one_screen_entry import RESULT, WHAT, WHO
from tests.rule_set_proof.reizfips import NAME
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Table
from tournaments.players.services import player_create

pytestmark = pytest.mark.usefixtures("reizfips_registered")


def test_a_bid_stepped_and_typed_on_the_smallest_phone(new_page: NewPage) -> None:
    tournament = services.tournament_create(
        name="Reizfips-Abend", date=datetime.date(2026, 12, 6), rule_set=NAME,
        deals_at_four=6, deals_at_three=6,
    )  # fmt: skip
    for number in range(3):
        player = player_create(name=f"Reizer {number}", club="Skatclub")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    name = table.seats.get(position=1).registration.player.name

    phone: Page = new_page(viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True)
    phone.goto(f"/t/{table.token}/")
    bid = phone.get_by_label("Reizwert")
    expect(bid).to_have_value("18")
    phone.get_by_role("group", name=WHO).get_by_text(name, exact=True).tap()
    phone.get_by_role("group", name=WHAT).get_by_text("Farbe", exact=True).tap()
    phone.get_by_role("button", name="Eins mehr").tap()
    phone.get_by_role("button", name="Eins mehr").tap()
    expect(bid).to_have_value("20")
    phone.get_by_role("group", name=RESULT).get_by_text("gewonnen", exact=True).tap()
    expect(phone.locator("#deal-preview")).to_contain_text("Farbe 20 gewonnen")
    phone.get_by_role("button", name="Spiel 1 eintragen").tap()
    expect(phone.locator("body")).to_contain_text(f"Eingetragen: {name}: Farbe 20 gewonnen")
    saved = Deal.objects.get(table=table, number=1)
    assert (saved.game, saved.score, saved.declarer) == ("Farbe 20 gewonnen", 20, 1)

    phone.get_by_role("group", name=WHO).get_by_text(name, exact=True).tap()
    phone.get_by_role("group", name=WHAT).get_by_text("Grand", exact=True).tap()
    phone.get_by_label("Reizwert").fill("72")
    phone.get_by_role("group", name=RESULT).get_by_text("verloren", exact=True).tap()
    expect(phone.locator("#deal-preview")).to_contain_text("Grand 72 verloren")
    phone.get_by_role("button", name="Spiel 2 eintragen").tap()
    expect(phone.locator("body")).to_contain_text(f"Eingetragen: {name}: Grand 72 verloren")
    saved = Deal.objects.get(table=table, number=2)
    assert (saved.game, saved.score) == ("Grand 72 verloren", -144)
