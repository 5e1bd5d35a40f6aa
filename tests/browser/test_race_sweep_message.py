"""A sweep on the race's captain page (issue 29): its message says what the rules pay at this
table (the source's 5 Hedewigs at a table of five; 1 € from each of the others at four), and
it never pushes the save button off a small phone's first screen."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, NewPage
from tests.thedinghausen.helpers import race_table

SIZES = pytest.mark.parametrize(
    "size", [(360, 640), (320, 568)], ids=lambda size: f"{size[0]}x{size[1]}"
)
SAYS = {
    4: "Sie zählen nicht, und Spieler 01 bekommt 1 € von jedem der anderen.",
    5: "Sie zählen nicht, und Spieler 01 gewinnt 5 Hedewigs (1 € von jedem der anderen).",
}


@SIZES
@pytest.mark.parametrize("players", [4, 5])
def test_a_sweep_says_what_it_brings_and_keeps_the_save_button_in_sight(
    new_page: NewPage, players: int, size: tuple[int, int]
) -> None:
    page = new_page(**{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    table = race_table(players)
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    tile = page.locator(".tiles-players .tile").nth(1)
    expect(tile).to_have_text("Spieler 01")
    for _trick in range(5):
        tile.tap()

    note = page.locator(".race-tap-notes")
    expect(note).to_have_text(f"Alle fünf Stiche an Spieler 01: {SAYS[players]}")
    if players == 4:
        expect(note).not_to_contain_text("Hedewigs")
    page.evaluate("window.scrollTo(0, 0)")
    save = page.get_by_role("button", name="Spiel 1 speichern")
    expect(save).to_be_enabled()
    box = save.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= size[1], box


def test_the_heading_says_what_a_game_is_beside_the_deals_question(new_page: NewPage) -> None:
    """The words "Partie 1" over "Spiel 1" read as one thing: a game (Partie) is the race
    to ten tricks, a deal (Spiel) five tricks, as on every captain's page. No count of games
    is fixed, so the heading says what ends one rather than "of N"."""
    page = new_page(**{**PHONE, "viewport": {"width": 320, "height": 568}})
    page.goto(reverse("scoring:table_entry", args=[race_table(5).token]))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Tisch 1 · Partie 1 (bis 10 Stiche)")
    expect(page.locator(".race-deal-heading")).to_have_text("Spiel 1: Wer hat Stich 1 gemacht?")
    page.locator(".tiles-players .tile").first.tap()
    expect(page.locator(".race-deal-heading")).to_have_text("Spiel 1: Wer hat Stich 2 gemacht?")
    expect(heading).to_have_text("Tisch 1 · Partie 1 (bis 10 Stiche)")
