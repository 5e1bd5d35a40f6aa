"""Offline, the captain's phone still gives a verdict and shows nothing stale (issue 29): the
preview shows the deal's value from the table the page brought along (computed by the rules
module, scoring/offline_values.py) and says that the laptop checks it when the Wi-Fi is back;
a kept deal's line shows its value and the running totals move by it; the status line of an
older deal ("Eingetragen: …" with its "Korrigieren") is gone.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Deal
from tests.browser.outages import Outage
from tests.browser.test_offline_queue import assert_tiles_clear_of_the_bar, names_of, tap_tile
from tests.browser.test_one_screen_entry import DOUBLES, RESULT, WHAT, WHO
from tests.scoring.helpers import aspe_night, playing_table
from tournaments.models import Table

pytestmark = pytest.mark.requests_fail_on_purpose

CHECKED = "Geprüft wird, sobald das WLAN zurück ist."
UNKNOWN = "Ohne WLAN: Der Wert wird geprüft, sobald das WLAN zurück ist."


def test_offline_the_preview_and_the_kept_deal_show_the_value(phone_page: Page) -> None:
    table = playing_table()
    names = names_of(table)
    page = phone_page
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    status = page.locator(".status-line")
    preview = page.locator("#deal-preview")

    tap_tile(page, WHO, names[1])
    tap_tile(page, WHAT, "2")
    tap_tile(page, RESULT, "gewonnen")
    page.get_by_role("button", name="Spiel 1 eintragen").tap()
    expect(status).to_contain_text(f"Eingetragen: {names[1]}: 2 gewonnen +2")

    page.context.set_offline(True)
    tap_tile(page, WHO, names[2])
    tap_tile(page, WHAT, "3")
    tap_tile(page, DOUBLES, "Hand")
    tap_tile(page, RESULT, "verloren")
    expect(preview).to_have_text(re.compile(rf"3 Hand verloren = −12\s*{CHECKED}"))
    page.get_by_role("button", name="Spiel 2 eintragen").tap()

    expect(page.locator(".queue-waiting")).to_have_text(
        [f"Spiel 2: {names[2]} – 3 Hand verloren −12 · wartet auf das WLAN"]
    )
    expect(status).to_be_hidden()
    expect(page.get_by_role("link", name="Korrigieren")).to_be_hidden()
    # The queue's bar at the top keeps to two lines: the result tiles stay clear of the sticky
    # bar at the foot, where a tap would land on the preview.
    assert_tiles_clear_of_the_bar(page)
    expect(page.locator("text=Eingetragen >> visible=true")).to_have_count(0)

    # The running totals move by the kept deal, marked as not yet counted by the laptop.
    totals = page.locator(".total-points")
    expect(totals).to_have_text(["0", "2", "−12", "0"])
    expect(page.locator(".total-points.total-waiting")).to_have_text(["−12"])

    # Taps that make no game yet: no value, and the phone says so plainly.
    tap_tile(page, WHO, names[3])
    tap_tile(page, WHAT, "Kieker")
    expect(preview).to_have_text(UNKNOWN)
    tap_tile(page, RESULT, "gewonnen")
    expect(preview).to_have_text(re.compile(rf"Kieker gewonnen = \+10\s*{CHECKED}"))
    page.get_by_role("button", name="Spiel 3 eintragen").tap()
    expect(totals).to_have_text(["0", "2", "−12", "10"])

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 4 von 100")
    expect(totals).to_have_text(["0", "2", "−12", "10"])
    expect(page.locator(".total-points.total-waiting")).to_have_count(0)
    assert [d.score for d in Deal.objects.filter(table=table).order_by("sequence")] == [2, -12, 10]


def _aspe_table() -> Table:
    return Table.objects.get(tournament=aspe_night(4))


def test_with_the_laptop_gone_a_failed_grossenaspe_game_shows_the_opponents_gain(
    phone_page: Page, live_server: LiveServer
) -> None:
    """Not the phone offline but the laptop's server gone: the preview's request fails, and
    the value comes from the table all the same, in Großenaspe's words."""
    table = _aspe_table()
    names = names_of(table)
    page = phone_page
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    with Outage(page.context, live_server.url):
        tap_tile(page, WHO, names[1])
        tap_tile(page, WHAT, "2")
        tap_tile(page, RESULT, "beet")
        expect(page.locator("#deal-preview")).to_have_text(
            re.compile(rf"2 beet = je Gegenspieler \+2\s*{CHECKED}")
        )
