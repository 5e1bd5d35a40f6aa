"""The captain's page opens without the network once it has been opened at the table: the
service worker (templates/site/sw.js, registered by static/js/table-link.js) keeps it.

On http://localhost the browser counts the page a secure context, as it counts HTTPS with a
certificate the phone trusts: the worker may register. Over plain HTTP on the club's network
it may not (tests/browser can only show the first; docs/organiser-guide.md says which a club
has)."""

import re
import sqlite3
from collections.abc import Callable
from contextlib import closing

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect

from fipsen_rules import Game, Result
from scoring.models import Deal
from tests.browser.conftest import PHONE, NewPage
from tests.browser.test_deal_entry import tap_deal
from tests.browser.test_offline_queue import tap, waiting
from tests.project.test_served_app import HASHED, launcher_serving_a_night
from tests.scoring.helpers import playing_table

#: What the page asks the worker's cache for its own copy.
KEPT = "caches.open('preisfipsen-pages-v1').then(c => c.match(location.href)).then(r => !!r)"


#: The paths of the static files in the worker's cache.
KEPT_STATIC = (
    "caches.open('preisfipsen-static-v1').then(c => c.keys())"
    ".then(keys => keys.map(r => new URL(r.url).pathname))"
)
#: The paths of the static files (scripts, stylesheets, icons) the page names.
PAGE_STATIC = (
    "Array.from(document.querySelectorAll('script[src], link[href]'))"
    ".map(e => new URL(e.src || e.href)).filter(u => u.origin === location.origin)"
    ".map(u => u.pathname).filter(p => p.startsWith('/static/'))"
)


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
    expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile(r"Spiel \d+ von"))
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


def a_deal_tapped_offline_on_the_reopened_page_arrives_once(
    page: Page, link: str, declarer: str, deals_stored: Callable[[], int]
) -> list[str]:
    """Issue 29, finding 1: the captain opens the table's link with the Wi-Fi (the worker
    installs and keeps the page) and closes the tab; without the Wi-Fi opens the link again,
    which only the worker's copy can answer, taps a deal, which waits on the phone; with the
    Wi-Fi back it arrives, once. Returns the static files the worker kept (their paths)."""
    open_at_the_table(page, link)
    before = deals_stored()
    context = page.context
    page.close()
    context.set_offline(True)
    again = context.new_page()
    again.goto(link)  # Chromium's error page, were it not for the worker
    heading = again.get_by_role("heading", level=1)
    expect(heading).to_contain_text(f"Spiel {before + 1} von")
    expect(again.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
    # Its scripts and stylesheets came from the worker's cache too (offline, nothing else can).
    kept_static = again.evaluate(KEPT_STATIC)
    loads = again.evaluate(PAGE_STATIC)
    assert loads
    assert set(loads) <= set(kept_static)

    tap(again, declarer, "3", "won")
    expect(again.locator("#offline-queue")).to_have_text(
        "1 Spiel wartet auf das WLAN – es wird gesendet, sobald die Verbindung zurück ist"
    )
    assert deals_stored() == before

    context.set_offline(False)
    expect(again.locator(".queue-arrived")).to_have_text([f"Spiel {before + 1} angekommen"])
    expect(again.locator("#offline-queue")).to_be_hidden()
    assert waiting(again) == 0
    again.reload()  # a deal still kept on the phone would be sent again now
    expect(heading).to_contain_text(f"Spiel {before + 2} von")
    assert waiting(again) == 0
    assert deals_stored() == before + 1
    return list(kept_static)


@pytest.mark.requests_fail_on_purpose  # offline, the ping fails: it is meant to
def test_a_deal_tapped_on_the_page_reopened_offline_arrives_once(new_page: NewPage) -> None:
    table = playing_table(played=2)
    declarer = table.seats.get(position=1).registration.player.name
    a_deal_tapped_offline_on_the_reopened_page_arrives_once(
        new_page(**PHONE),
        reverse("scoring:table_entry", args=[table.token]),
        declarer,
        lambda: Deal.objects.filter(table=table).count(),
    )


@pytest.mark.requests_fail_on_purpose
def test_as_make_run_serves_it_a_deal_tapped_on_the_page_reopened_offline_arrives_once(
    new_page: NewPage, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The same with the app as `make run` serves it (gunicorn, DEBUG off, the collected
    static files' manifest): there /sw.js answered 500, and the link reopened offline showed
    Chromium's error page. The deals are counted in the launcher's own database."""
    with launcher_serving_a_night(tmp_path_factory) as (launcher, night):

        def deals_stored() -> int:
            database = sqlite3.connect(f"file:{launcher.var_dir / 'db.sqlite3'}?mode=ro", uri=True)
            with closing(database):
                query = "SELECT count(*) FROM scoring_deal WHERE table_id = ?"
                return int(database.execute(query, [night.table]).fetchone()[0])

        kept_static = a_deal_tapped_offline_on_the_reopened_page_arrives_once(
            new_page(**PHONE, base_url=launcher.url("")),
            reverse("scoring:table_entry", args=[night.token]),
            night.declarer,
            deals_stored,
        )
    # What the worker keeps goes by collectstatic's hashed names (which never go stale).
    assert all(HASHED.search(path) for path in kept_static), kept_static


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
