"""The captain's screen of a Tippen table of five on a phone of 390×844 (a tester found the save
button at y 836 on the first deal and near 990 after a save, under the banner): the most common
deal, two tappers with tricks, is tapped and saved without a scroll, deal after deal."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from games.tippen.models import PotDeal
from tests.browser.conftest import PHONE
from tests.browser.test_tippen_night import choose
from tests.tippen.helpers import tippen_table

HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]


def _save_button_on_screen(page: Page, number: int) -> None:
    button = page.get_by_role("button", name=f"Spiel {number} speichern")
    box = button.bounding_box()
    assert box is not None
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= HEIGHT, box


def test_two_tappers_and_save_need_no_scroll_at_a_table_of_five(phone_page: Page) -> None:
    table = tippen_table(5)
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]
    phone_page.goto(reverse("scoring:table_entry", args=[table.token]))
    for number in (1, 2, 3):
        expect(phone_page.get_by_role("heading", level=2).first).to_contain_text(f"Spiel {number}")
        choose(phone_page, names[0], "2")
        choose(phone_page, names[1], "1")
        _save_button_on_screen(phone_page, number)
        phone_page.get_by_role("button", name=f"Spiel {number} speichern").click()
        expect(phone_page.get_by_role("status").first).to_contain_text(f"Spiel {number} (")
    assert PotDeal.objects.filter(table=table).count() == 3
