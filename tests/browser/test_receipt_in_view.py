"""The receipt after a save is on the captain's screen (issue 29): at 390×844 it peeked out
under the form ("Quittung für Spiel 1 an Tisch 1:"), at the smaller phones it was far below,
and there the screen kept the place the captain had scrolled to for the result's tiles. The
race's and Tippen's captain pages had it under their forms too, below the screen on every
phone.

After each save, on every phone size and every kind of table, the receipt of the deal just
saved lies wholly inside the viewport as the captain sees it (no scrolling by the test),
nothing over it (the sticky save bars, the queue's bar)."""

from collections.abc import Callable

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, NewPage
from tests.browser.test_deal_entry import enter
from tests.scoring.helpers import playing_table
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import tippen_table
from tournaments.ledger.receipts import table_chain
from tournaments.models import Table

SIZES = pytest.mark.parametrize(
    "size", [(320, 568), (360, 640), (390, 844)], ids=lambda size: f"{size[0]}x{size[1]}"
)

#: Each trick of a race deal by seat: two to the first player, one to three others.
RACE_TRICKS = (0, 1, 2, 3, 0)


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


def fipsen_deal(page: Page, names: list[str], number: int) -> None:
    page.get_by_role("group", name="Wer hat gespielt?").get_by_text(names[number]).tap()
    page.get_by_role("group", name="Was wurde gespielt?").get_by_text("3", exact=True).tap()
    page.get_by_role("group", name="Ergebnis").get_by_text("gewonnen", exact=True).tap()
    enter(page, number)


def race_deal(page: Page, names: list[str], number: int) -> None:
    for seat in RACE_TRICKS:
        page.get_by_role("button", name=names[seat], exact=True).tap()
    page.get_by_role("button", name=f"Spiel {number} speichern", exact=True).tap()
    expect(page.locator(".race-deal-heading")).to_contain_text(f"Spiel {number + 1}:")


def tippen_deal(page: Page, names: list[str], number: int) -> None:
    form = page.locator(".pot-entry")
    form.get_by_role("group", name=names[0]).get_by_text("2", exact=True).tap()
    form.get_by_role("group", name=names[1]).get_by_text("1", exact=True).tap()
    for name in names[2:]:
        form.get_by_role("group", name=name).get_by_text("passt", exact=True).tap()
    page.get_by_role("button", name=f"Spiel {number} speichern", exact=True).tap()
    expect(page.locator(".pot-deal-heading")).to_contain_text(f"Spiel {number + 1}:")


KINDS: dict[str, tuple[Callable[[], Table], Callable[[Page, list[str], int], None]]] = {
    "fipsen": (lambda: playing_table(deals=20), fipsen_deal),
    "race": (race_table, race_deal),
    "tippen": (tippen_table, tippen_deal),
}


@SIZES
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_receipt_is_in_view_after_each_save(
    new_page: NewPage, size: tuple[int, int], kind: str
) -> None:
    width, height = size
    page = new_page(**{**PHONE, "viewport": {"width": width, "height": height}})
    make_table, play_deal = KINDS[kind]
    table = make_table()
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    for number in (1, 2, 3):
        play_deal(page, names, number)
        last = table_chain(table).last
        assert last is not None
        assert last.number == number
        selector = f'[data-receipt="{last.code}"]'
        expect(page.locator(selector)).to_contain_text(f"Quittung für Spiel {number}")
        assert_in_view(page, selector, height)
