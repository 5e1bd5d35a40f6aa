"""A Preisskat captain on the phone (issue 28 item 2): a plain game is five taps (who, the
game, one "+" on the Spitzen, the result, save) and "eingepasst" one, on the first screen from
320 to 430 px in the shipped font and in the fallback, with the verdict shown before saving;
the dealer who sits out is not offered; offline, a passed deal counts as the list's deal."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Locator, Page, expect

from scoring import selectors
from scoring.models import Deal
from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, NewPage, open_in_font
from tests.browser.test_grossenaspe_phone_layout import _TEXT_GAPS
from tests.scoring.helpers import playing_table
from tournaments.models import Table

SIZES = [(320, 568), (390, 844), (430, 932)]


class Captain:
    """The captain's taps, each counted, and the scrolls they took: a control must lie wholly
    on the screen and above the bar at the foot (the preview and the buttons), or it is
    scrolled to, as the captain would, and the scroll counted."""

    def __init__(self, page: Page, height: int) -> None:
        self.page, self.height, self.taps, self.scrolls = page, height, 0, 0

    def _in_view(self, control: Locator, in_bar: bool) -> bool:
        box = control.bounding_box()
        assert box is not None, control
        foot = self.page.locator(".entry-foot").bounding_box()
        bottom = self.height if in_bar or foot is None else foot["y"]
        return box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5

    def tap(self, control: Locator, *, in_bar: bool = False) -> None:
        if not self._in_view(control, in_bar):
            control.scroll_into_view_if_needed()
            self.scrolls += 1
        control.tap()
        self.taps += 1

    def tile(self, text: str) -> None:
        self.tap(self.page.locator(".deal-entry label.tile").get_by_text(text, exact=True))


def _captain(new_page: NewPage, size: tuple[int, int], font: str) -> tuple[Table, Captain]:
    width, height = size
    page = new_page(**{**PHONE, "viewport": {"width": width, "height": height}})
    table = playing_table(players=4, rule_set="preisskat", deals=None)
    open_in_font(page, reverse("scoring:table_entry", args=[table.token]), font)
    page.wait_for_load_state("networkidle")
    return table, Captain(page, height)


@pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_plain_game_in_five_taps_and_eingepasst_in_one(
    new_page: NewPage, size: tuple[int, int], font: str
) -> None:
    table, captain = _captain(new_page, size, font)
    page = captain.page
    upcoming = selectors.next_deal(table=table)
    names = {seat.position: seat.registration.player.name for seat in table.seats.all()}
    gaps = dict(page.evaluate(_TEXT_GAPS))
    assert {tile: gap for tile, gap in gaps.items() if gap < 3} == {}, "a word touches its border"
    offered = page.locator(".tiles-players label.tile")
    expect(offered).to_have_count(3)
    expect(offered.filter(has_text=names[upcoming.dealer])).to_have_count(0)

    declarer = upcoming.declarers[0]
    captain.tile(names[declarer])
    captain.tile("Kreuz")
    captain.tap(page.locator('button[data-step-for="id_tops"][data-step="1"]'))
    captain.tile("gewonnen")
    # The verdict before saving: the game and what it gives.
    preview = page.locator("#deal-preview")
    expect(preview).to_have_class(re.compile("preview-ok"))
    expect(preview).to_contain_text("Kreuz mit 2 gewonnen (Wert +36) = +86")
    captain.tap(page.get_by_role("button", name="Spiel 1 eintragen"), in_bar=True)
    expect(page.locator(".status-line")).to_contain_text("Eingetragen")
    assert (captain.taps, captain.scrolls) == (5, 0)
    assert Deal.objects.get(table=table, number=1).game == "Kreuz mit 2 gewonnen"

    # "eingepasst": one tap saves it, and the next deal is the list's next.
    captain.taps = 0
    captain.tile("eingepasst")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 3 von 48")
    assert (captain.taps, captain.scrolls) == (1, 0)
    passed = Deal.objects.get(table=table, number=2)
    assert (passed.game, passed.declarer) == ("eingepasst", None)


@pytest.mark.requests_fail_on_purpose
def test_offline_a_passed_deal_counts_as_the_list_s_deal(new_page: NewPage) -> None:
    table, captain = _captain(new_page, (390, 844), SITE_FONT)
    page = captain.page
    heading = page.get_by_role("heading", level=1)
    page.context.set_offline(True)
    captain.tile("eingepasst")
    expect(heading).to_contain_text("Spiel 2 von 48")
    expect(page.locator(".queue-waiting")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(heading).to_contain_text("Spiel 2 von 48")
    assert Deal.objects.get(table=table).number == 1


def test_the_bid_steps_through_skat_s_bids(new_page: NewPage) -> None:
    """The walk's finding: the bid's plus went 18, 19, 20, 21 (no bid is 19), and 48 took 30
    taps. It steps through the bids: 18, 20, 22, 23, 24, 27, …"""
    _table, captain = _captain(new_page, (390, 844), SITE_FONT)
    page = captain.page
    bid = page.locator("#id_bid")
    plus = page.locator('button[data-step-for="id_bid"][data-step="1"]')
    minus = page.locator('button[data-step-for="id_bid"][data-step="-1"]')
    for shown in ("20", "22", "23", "24", "27"):
        plus.tap()
        expect(bid).to_have_value(shown)
    minus.tap()
    expect(bid).to_have_value("24")
    # The Spitzen still step by one.
    page.locator('button[data-step-for="id_tops"][data-step="1"]').tap()
    expect(page.locator("#id_tops")).to_have_value("2")
