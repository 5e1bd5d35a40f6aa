"""The captain's page opens without the network once it has been opened at the table: the
service worker (templates/site/sw.js, registered by static/js/table-link.js) keeps it.

On http://localhost the browser counts the page a secure context, as it counts HTTPS with a
certificate the phone trusts: the worker may register. Over plain HTTP on the club's network
it may not (tests/browser can only show the first; docs/organiser-guide.md says which a club
has)."""

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect

from fipsen_rules import Game, Result
from tests.browser.conftest import PHONE, NewPage
from tests.browser.test_deal_entry import tap_deal
from tests.scoring.helpers import playing_table

#: What the page asks the worker's cache for its own copy.
KEPT = "caches.open('preisfipsen-pages-v1').then(c => c.match(location.href)).then(r => !!r)"


#: The submission id in the worker's copy of the page.
KEPT_SUBMISSION = (
    "caches.open('preisfipsen-pages-v1').then(c => c.match(location.href)).then(r => r.text())"
    '.then(t => t.match(/name="submission" value="([^"]+)"/)[1])'
)


#: Does the worker's copy of the page contain the text ``arg``?
KEPT_PAGE_SAYS = (
    "text => caches.open('preisfipsen-pages-v1').then(c => c.match(location.href))"
    ".then(r => r ? r.text() : '').then(t => t.includes(text))"
)


def kept(page: Page, question: str, arg: object = None) -> None:
    """Wait until the worker's cache answers ``question`` (a promise) with true. Not
    wait_for_function: a promise returned there counts as true at once, before the cache has
    it."""
    for _ in range(100):
        if page.evaluate(question, arg):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"The worker's cache never answered true: {question}")


def open_at_the_table(page: Page, link: str) -> None:
    """The captain opens the table card's link once, with the Wi-Fi: the worker registers and
    keeps the page (table-link.js names it and its files to the worker)."""
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 1 von")
    assert page.evaluate("window.isSecureContext")
    kept(page, KEPT)


@pytest.mark.requests_fail_on_purpose  # offline, the ping fails: it is meant to
def test_the_captains_page_opens_again_offline_from_the_worker(new_page: NewPage) -> None:
    table = playing_table()
    link = reverse("scoring:table_entry", args=[table.token])
    page = new_page(**PHONE)
    open_at_the_table(page, link)
    kept_submission = page.evaluate(KEPT_SUBMISSION)

    # Playwright's offline mode reaches the worker's own fetches in this Chromium: the page
    # below can only come from the worker's cache (checked: without the worker, the reload
    # shows Chromium's error page).
    page.context.set_offline(True)
    page.reload()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 1 von")
    expect(page.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
    note = page.get_by_role("status").filter(has_text="Keine Verbindung zum Laptop")
    expect(note).to_contain_text("Was Sie jetzt eintragen, wartet auf diesem Handy.")
    expect(page.get_by_role("button", name="Spiel 1 eintragen")).to_be_visible()
    # The copy's submission id is the one it was kept with: a fresh one, for a deal of its own.
    submission = page.locator('input[name="submission"]')
    expect(submission).not_to_have_value(kept_submission)
    expect(submission).to_have_value(re.compile(r"^[0-9a-f-]{36}$"))

    # The tab closed and the link opened again from the phone's history, still offline.
    page.close()
    again = page.context.new_page()
    again.goto(link)
    expect(again.get_by_role("heading", level=1)).to_contain_text("Spiel 1 von")

    # The Wi-Fi is back: the page says so and offers the latest totals.
    again.context.set_offline(False)
    again.evaluate("window.dispatchEvent(new Event('online'))")
    expect(again.get_by_role("link", name="Die Verbindung ist wieder da")).to_be_visible()
    again.get_by_role("link", name="Die Verbindung ist wieder da").click()
    expect(again.locator("html")).not_to_have_attribute("data-offline-copy", re.compile(".*"))


@pytest.mark.requests_fail_on_purpose  # offline, the ping fails: it is meant to
def test_the_copy_kept_is_the_page_after_the_last_deal_saved(new_page: NewPage) -> None:
    table = playing_table()
    link = reverse("scoring:table_entry", args=[table.token])
    page = new_page(**PHONE)
    open_at_the_table(page, link)
    declarer = table.seats.get(position=1).registration.player.name

    tap_deal(page, declarer, Game.number(3, Result.WON))
    page.get_by_role("button", name="Spiel 1 eintragen").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 2 von")
    # The save was swapped in by htmx; table-link.js asks the worker to fetch the page again.
    kept(page, KEPT_PAGE_SAYS, "Spiel 2 eintragen")

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 2 von")
    expect(page.get_by_role("button", name="Spiel 2 eintragen")).to_be_visible()


def test_the_rehearsal_ticks_the_table_whose_card_was_opened(
    new_page: NewPage, log_in: Callable[[Page, AbstractBaseUser], None], organiser: AbstractBaseUser
) -> None:
    table = playing_table()
    desk = new_page()
    log_in(desk, organiser)
    desk.goto(reverse("scoring:rehearsal", args=[table.tournament_id]))
    expect(desk.get_by_role("status")).to_have_text("0 von 1 Tischen erreicht.")

    phone = new_page(**PHONE)
    phone.goto(reverse("scoring:table_entry", args=[table.token]))

    # The page refreshes itself every 5 seconds (expect waits up to 10).
    expect(desk.get_by_role("status")).to_have_text("1 von 1 Tischen erreicht.")
    reached = desk.locator(".rehearsal-reached")
    expect(reached).to_contain_text(re.compile(r"Tisch 1: Antwort in \d+ ms"))
