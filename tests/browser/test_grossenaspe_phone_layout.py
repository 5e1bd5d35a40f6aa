"""The captain's screen of a Großenaspe table of five on a phone of 390×844 (a tester found its
save button cut off by a pixel, and pushed off the screen by long names or a wrapped message):
with five long names, the last entry in the status line and a refusal under the tiles, the save
button is wholly on the first screen; and no tile's text touches its border, nor does a long
name's third line peek out under its two."""

import io

import pytest
from django.urls import reverse
from PIL import Image
from playwright.sync_api import Page, expect

from scoring import selectors
from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, open_in_font
from tests.browser.test_one_screen_entry import RESULT, WHAT, Taps
from tests.scoring.helpers import aspe_night
from tests.scoring.test_grossenaspe_night import _enter
from tournaments.models import Player, Table

HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]
#: The factories' names, and five long ones of the length the table card still prints whole
#: (tests/tournaments/test_pdf.py's LONG_NAME), differing early as names do.
SHORT = [f"Spieler {n:02d}" for n in range(5)]
LONG = [
    "Anna-Katharina von Hohenzollern-Sigmaringen",
    "Bernd-Friedrich von Hohenzollern-Sigmaringen",
    "Carla-Henriette von Hohenzollern-Sigmaringen",
    "Dieter-Wilhelm von Hohenzollern-Sigmaringen",
    "Maximilian-Alexander von Hohenzollern-Sigmaringen",
]
NAMES = pytest.mark.parametrize("names", [SHORT, LONG], ids=["short names", "long names"])


def _captain_at_five(page: Page, names: list[str], font: str = SITE_FONT) -> Taps:
    """The captain's screen of a table of five (kloppen: the fourth tile beside the game)
    after a first deal that fills the status line with its longest words."""
    table = Table.objects.get(tournament=aspe_night(5, kloppen=True))
    for seat, name in zip(table.seats.order_by("position"), names, strict=True):
        Player.objects.filter(pk=seat.registration.player_id).update(name=name)
    upcoming = selectors.next_deal(table=table)
    declarer = max(upcoming.declarers, key=lambda seat: len(names[seat]))
    _enter(table, declarer, "4 Gute pott beet geklopft")
    url = reverse("scoring:table_entry", args=[table.token])
    # In the shipped font unless told (a phone's first visit may paint in the fallback).
    open_in_font(page, url, font)
    return Taps(page)


def _assert_on_the_first_screen(page: Page) -> None:
    """The save button wholly on the first screen, and the preview above it, not hidden."""
    box = page.locator(".entry-buttons .button-enter").bounding_box()
    preview = page.locator("#deal-preview").bounding_box()
    assert box is not None
    assert preview is not None
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= HEIGHT, box
    assert 0 <= preview["y"] <= preview["y"] + preview["height"] <= box["y"], (preview, box)


@NAMES
def test_the_save_button_is_on_the_first_screen(phone_page: Page, names: list[str]) -> None:
    taps = _captain_at_five(phone_page, names)
    _assert_on_the_first_screen(phone_page)
    # A refusal of two lines and more under the tiles: the button stays.
    taps.tile(WHAT, "Kieker")
    taps.tile(RESULT, "beet")
    expect(phone_page.locator("#deal-preview")).to_contain_text("nicht mit „beet“")
    _assert_on_the_first_screen(phone_page)


#: For each tile, how far its text stays from the inside of its border, the least of both sides.
_TEXT_GAPS = """[...document.querySelectorAll('.table-screen label.tile')].map(tile => {
    const range = document.createRange();
    range.selectNodeContents(tile);
    const text = range.getBoundingClientRect(), box = tile.getBoundingClientRect();
    const style = getComputedStyle(tile), border = parseFloat(style.borderLeftWidth);
    return [tile.textContent.trim(),
            Math.min(text.left - box.left - border, box.right - border - text.right)];
})"""


@NAMES
@pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])
def test_no_tile_s_text_touches_its_border(phone_page: Page, names: list[str], font: str) -> None:
    """In either font: the site's is "font-display: optional", so a phone's first visit, or a
    busy laptop, may paint in the fallback, whose "gewonnen" once ran 5 px over its border."""
    _captain_at_five(phone_page, names, font)
    gaps = dict(phone_page.evaluate(_TEXT_GAPS))
    assert "geklopft" in gaps
    assert {tile: gap for tile, gap in gaps.items() if gap < 3} == {}


#: Each players' tile's strip under its text: from its content's bottom edge to its border.
_PADDING_STRIPS = """[...document.querySelectorAll('.tiles-players label.tile')].map(tile => {
    const box = tile.getBoundingClientRect(), style = getComputedStyle(tile);
    const border = parseFloat(style.borderBottomWidth), padding = parseFloat(style.paddingBottom);
    const side = parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    return {x: box.left + side, y: box.bottom - border - padding,
            width: box.width - 2 * side, height: padding};
})"""


@pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])
def test_a_long_name_s_third_line_stays_hidden(phone_page: Page, font: str) -> None:
    """Two lines of a long name on a players' tile, the rest cut at the text's edge: the tops
    of a third line's letters once showed in the padding under the second."""
    _captain_at_five(phone_page, LONG, font)
    strips = phone_page.evaluate(_PADDING_STRIPS)
    assert len(strips) == 4
    for strip in strips:
        assert strip["height"] >= 2, strip
        shot = Image.open(io.BytesIO(phone_page.screenshot(clip=strip)))
        assert shot.convert("RGB").getextrema() == ((255, 255),) * 3, strip  # all white
