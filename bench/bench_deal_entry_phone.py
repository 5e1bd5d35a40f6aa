"""From the save tap to the new totals on screen, on a phone in a club hall (issue 9).

Run: ``.venv/bin/python bench/bench_deal_entry_phone.py`` (needs Debian's ``/usr/bin/chromium``,
as the browser tests do). It serves the project from a throwaway SQLite database on a local
port, opens the captain's page in headless Chromium at 390×844, and slows the network with
the DevTools protocol (``Network.emulateNetworkConditions`` through Playwright's CDP session):
150 ms round trip, 1.6 Mbit/s each way. Then it enters deals by tapping, as a captain would.

Two ways are timed, each over the same number of deals:

- **in place (htmx)**: the page's own clock, from the tap on "Spiel N eintragen" (a capturing
  ``submit`` listener) to the first frame after htmx swapped in the new screen;
- **without JavaScript**: the form posts, the server redirects, the page loads anew (stylesheet
  from the cache); from the tap to the new page's ``load`` event, on this script's clock.

Figures, not a test: medians and the spread are printed.
"""

from __future__ import annotations

import statistics
import time

import throwaway

_VAR = throwaway.django_setup(
    "deal-entry-phone",
    DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
    DJANGO_ALLOW_ASYNC_UNSAFE="true",  # Playwright's loop runs in this thread
)

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import StaticFilesHandler  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test.testcases import LiveServerThread  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.desk.services import registration_add  # noqa: E402
from tournaments.draw.services import tournament_draw  # noqa: E402
from tournaments.models import Table  # noqa: E402
from tournaments.players.services import player_create  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "de-DE",
}
#: The hall's network: 150 ms round trip, 1.6 Mbit/s down and up (bytes per second for CDP).
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 1_600_000 / 8,
    "connectionType": "cellular3g",
}
DEALS = 15  # per way
TILES = ("3", "gewonnen")

#: Records, on the page's clock, the tap that submits and the first frame after each swap.
PAGE_CLOCK = """
window.__tapped = null; window.__shown = null;
document.addEventListener("submit", () => { window.__tapped = performance.now(); }, true);
document.body.addEventListener("htmx:afterSwap", () => {
  requestAnimationFrame(() => { window.__shown = performance.now(); });
});
"""


def make_table() -> Table:
    tournament = services.tournament_create(
        name="Bench phone", date=timezone.localdate(), deals_at_four=2 * DEALS + 10
    )
    for number in range(4):
        player = player_create(name=f"Spieler {number}")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    return Table.objects.get(tournament=tournament)


def tap_tiles(page: Page, number: int) -> None:
    """The tiles of "Spieler N: 3 gewonnen"."""
    page.get_by_role("group", name="Wer hat gespielt?").get_by_text(
        f"Spieler {number % 4}", exact=True
    ).tap()
    page.get_by_role("group", name="Was wurde gespielt?").get_by_text(TILES[0], exact=True).tap()
    page.get_by_role("group", name="Ergebnis").get_by_text(TILES[1], exact=True).tap()


def tap_deal(page: Page, number: int) -> None:
    """The tiles, and the live preview's answer awaited (so that only the save is timed)."""
    tap_tiles(page, number)
    page.locator("#deal-preview.preview-ok").wait_for()


def in_place(page: Page, first: int) -> list[float]:
    times = []
    for number in range(first, first + DEALS):
        tap_deal(page, number)
        page.evaluate("window.__tapped = null; window.__shown = null;")
        page.get_by_role("button", name=f"Spiel {number} eintragen").tap()
        page.wait_for_function("window.__shown !== null && window.__tapped !== null")
        page.get_by_role("heading", level=1).filter(has_text=f"Spiel {number + 1} von").wait_for()
        times.append(page.evaluate("window.__shown - window.__tapped"))
    return times


def page_loads(page: Page, first: int) -> list[float]:
    times = []
    for number in range(first, first + DEALS):
        tap_tiles(page, number)
        start = time.perf_counter()
        with page.expect_navigation(wait_until="load"):
            page.get_by_role("button", name=f"Spiel {number} eintragen").tap()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> str:
    quartiles = statistics.quantiles(times, n=4)
    return (
        f"median {statistics.median(times):6.0f} ms   quartiles {quartiles[0]:5.0f}–"
        f"{quartiles[2]:5.0f} ms   ({len(times)} saves)"
    )


def main() -> None:
    with override_settings(
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        DEBUG=False,
    ):
        call_command("migrate", verbosity=0)
        table = make_table()
        server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
        server.daemon = True
        server.start()
        server.is_ready.wait()
        if server.error:
            raise server.error
        base = f"http://127.0.0.1:{server.port}"
        url = base + reverse("scoring:table_entry", args=[table.token])
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                results = {}
                for label, javascript in (("in place (htmx)", True), ("without JavaScript", False)):
                    context = browser.new_context(**PHONE, java_script_enabled=javascript)
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", NETWORK)
                    page.goto(url, wait_until="load")
                    first = int(
                        page.get_by_role("heading", level=1)
                        .inner_text()
                        .split("Spiel ")[1]
                        .split()[0]
                    )
                    if javascript:
                        page.evaluate(PAGE_CLOCK)
                        results[label] = in_place(page, first)
                    else:
                        results[label] = page_loads(page, first)
                    context.close()
                browser.close()
        finally:
            server.terminate()
        print("Chromium 390×844, network slowed by CDP: 150 ms round trip, 1.6 Mbit/s each way.")
        print("From the save tap to the new totals on screen:")
        for label, times in results.items():
            print(f"  {label:20s} {summary(times)}")


if __name__ == "__main__":
    try:
        main()
    finally:
        _VAR.cleanup()
