"""The receipt after a save is on the captain's screen (issue 29): at 390×844 it peeked out
under the form ("Quittung für Spiel 1 an Tisch 1:"), at the smaller phones it was far below,
and there the screen kept the place the captain had scrolled to for the result's tiles.

After each save, on every phone size, the receipt of the deal just saved lies wholly inside
the viewport as the captain sees it (no scrolling by the test), nothing over it."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, NewPage
from tests.browser.test_deal_entry import enter
from tests.scoring.helpers import playing_table
from tournaments.receipts import table_chain

SIZES = pytest.mark.parametrize(
    "size", [(320, 568), (360, 640), (390, 844)], ids=lambda size: f"{size[0]}x{size[1]}"
)


def assert_in_view(page: Page, selector: str, height: int) -> None:
    """``selector`` wholly inside the viewport, and what lies at its centre is its own."""
    expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["y"] >= 0, (selector, box)
    assert box["y"] + box["height"] <= height, (selector, box, height)
    on_top = page.evaluate(
        """([selector, x, y]) => document.querySelector(selector)
            .contains(document.elementFromPoint(x, y))""",
        [selector, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top, f"something lies over {selector}"


@SIZES
def test_the_receipt_is_in_view_after_each_save(new_page: NewPage, size: tuple[int, int]) -> None:
    width, height = size
    page = new_page(**{**PHONE, "viewport": {"width": width, "height": height}})
    table = playing_table(deals=20)
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    for number in (1, 2, 3):
        page.get_by_role("group", name="Wer hat gespielt?").get_by_text(names[number]).tap()
        page.get_by_role("group", name="Was wurde gespielt?").get_by_text("3", exact=True).tap()
        page.get_by_role("group", name="Ergebnis").get_by_text("gewonnen", exact=True).tap()
        enter(page, number)
        last = table_chain(table).last
        assert last is not None
        assert last.number == number
        selector = f'[data-receipt="{last.code}"]'
        expect(page.locator(selector)).to_contain_text(f"Quittung für Spiel {number}")
        assert_in_view(page, selector, height)
