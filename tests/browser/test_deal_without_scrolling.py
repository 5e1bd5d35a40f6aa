"""A whole deal on the first screen of the smallest phone, 320×568 (issue 29: every deal
needed a scroll there, the result tiles lay under the sticky bar at the foot, the Kieker and
Siebener row was half hidden, and a correction took three scrolls).

Every tap goes through `Screen.tap`: a tile must lie wholly inside the viewport and above the
sticky bar (the preview and the buttons), the bar's buttons inside the viewport; a control
that does not is scrolled to, as the captain would, and the scroll is counted. Every tile a
deal may need is measured too, not only those tapped.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Locator, Page, expect

from scoring.models import Deal
from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, NewPage, open_in_font
from tests.browser.test_small_phones import _TEXT_RUNS_OUT, PAGES
from tournaments.models import Table

WIDTH, HEIGHT = 320, 568
FONTS = pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])


@dataclass
class Screen:
    """The captain's taps on the small phone, with the scrolls they took."""

    page: Page
    scrolls: int = 0

    def foot_top(self) -> float:
        box = self.page.locator(".entry-foot").bounding_box()
        assert box is not None
        return box["y"]

    def in_view(self, control: Locator, *, in_bar: bool = False) -> bool:
        """Wholly inside the viewport and, unless it is one of the bar's own, above the bar."""
        box = control.bounding_box()
        assert box is not None, f"{control} is not shown"
        bottom = HEIGHT if in_bar else self.foot_top()
        return box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5

    def tap(self, control: Locator, *, in_bar: bool = False) -> None:
        if not self.in_view(control, in_bar=in_bar):
            control.evaluate("e => e.scrollIntoView({block: 'center'})")
            self.scrolls += 1
            assert self.in_view(control, in_bar=in_bar), control
        control.tap()

    def tile(self, text: str) -> None:
        self.tap(self.page.locator(".deal-entry label.tile").get_by_text(text, exact=True))

    def tiles_out_of_view(self) -> list[str]:
        """Every tile of the deal form that lies off the screen or under the bar."""
        tiles = self.page.locator(".deal-entry .tiles label.tile")
        return [
            tiles.nth(i).inner_text()
            for i in range(tiles.count())
            if not self.in_view(tiles.nth(i))
        ]


#: Each rule set's deal: the tiles tapped, and the game saved.
DEALS: dict[str, tuple[list[str], str]] = {
    "prisdorf": (["Spieler 01", "3", "Hand", "gewonnen"], "3 Hand gewonnen"),
    "ansegger": (["Spieler 01", "3", "Ruten", "gewonnen"], "3 Ruten gewonnen"),
    "duttfips": (["Spieler 01", "Rutenfips", "verloren"], "Rutenfips verloren"),
}


def _small_phone(new_page: NewPage, make: Callable[[], Table], font: str) -> tuple[Table, Screen]:
    page = new_page(**{**PHONE, "viewport": {"width": WIDTH, "height": HEIGHT}})
    table = make()
    url = reverse("scoring:table_entry", args=[table.token])
    open_in_font(page, url, font)
    page.wait_for_load_state("networkidle")
    return table, Screen(page)


@FONTS
@pytest.mark.parametrize("kind", DEALS)
def test_a_whole_deal_without_a_scroll(new_page: NewPage, kind: str, font: str) -> None:
    table, screen = _small_phone(new_page, PAGES[kind], font)
    page = screen.page
    assert screen.tiles_out_of_view() == []

    tiles, game = DEALS[kind]
    for text in tiles:
        screen.tile(text)
    expect(page.locator("#deal-preview")).to_have_class(re.compile("preview-ok"))
    screen.tap(page.get_by_role("button", name="Spiel 2 eintragen"), in_bar=True)
    expect(page.locator(".status-line")).to_contain_text("Eingetragen")

    assert screen.scrolls == 0
    assert Deal.objects.get(table=table, sequence=2).game == game
    assert screen.tiles_out_of_view() == []


@FONTS
@pytest.mark.parametrize("kind", ["prisdorf", "ansegger"])
def test_a_correction_takes_at_most_one_scroll(new_page: NewPage, kind: str, font: str) -> None:
    table, screen = _small_phone(new_page, PAGES[kind], font)
    page = screen.page

    screen.tap(page.get_by_role("link", name="Korrigieren"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 1 korrigieren")
    assert screen.tiles_out_of_view() == []
    screen.tile("verloren")
    expect(page.locator("#deal-preview")).to_have_class(re.compile("preview-ok"))
    screen.tap(page.get_by_role("button", name="Korrektur speichern"), in_bar=True)
    expect(page.locator(".status-line")).to_contain_text("Korrigiert")

    assert screen.scrolls <= 1
    assert "verloren" in Deal.objects.get(table=table, sequence=1).game


@pytest.mark.parametrize("kind", ["prisdorf", "grossenaspe", "ansegger", "duttfips"])
def test_the_totals_in_their_row_break_no_name_in_a_word(new_page: NewPage, kind: str) -> None:
    """The totals in one row (four seats; five in rows of three) keep each word of a name
    whole: five in a row broke "Spieler 00" into "Spiele" and "r 00"."""
    _table, screen = _small_phone(new_page, PAGES[kind], SITE_FONT)
    assert screen.page.evaluate(_TEXT_RUNS_OUT, ".totals .total-name") == []
