"""From the Wi-Fi's return to the last of 20 deals kept on the phone saved (issue 19).

Run: ``.venv/bin/python bench/bench_offline_queue.py`` (needs Debian's ``/usr/bin/chromium``,
as the browser tests do). It serves the project from a throwaway SQLite database on a local
port and opens the captain's page in headless Chromium at 390×844 on the hall's network,
slowed with the DevTools protocol (``Network.emulateNetworkConditions``): 150 ms round trip,
1.6 Mbit/s each way. Then, several rounds of:

- **the queue**: the phone offline (the same CDP call, ``offline: true``), 20 deals tapped in
  (kept by static/js/offline-queue.js), the network back; timed on the page's clock from the
  ``online`` event to the queue's event that none waits (``preisfipsen:queue``, waiting 0);
- **the yardstick**, in the same run and the same page on another table: the same 20 deals
  posted one after another by a bare ``fetch`` loop (the same headers, no queue), i.e. the
  round trips and the server's work that 20 saves cost at least.

Figures, not a test: medians and the spread are printed.
"""

from __future__ import annotations

import statistics
import uuid

import throwaway

_VAR = throwaway.django_setup(
    "offline-queue",
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
from playwright.sync_api import CDPSession, Page, sync_playwright  # noqa: E402

from scoring.models import Deal  # noqa: E402
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
DEALS = 20
ROUNDS = 3

#: On the page's clock: the network's return, and the queue's event that none waits.
PAGE_CLOCK = """
window.__back = null; window.__done = null;
window.addEventListener("online", () => { window.__back = performance.now(); });
document.addEventListener("preisfipsen:queue", (event) => {
  if (event.detail.waiting === 0) window.__done = performance.now();
});
"""

#: The yardstick: the same deals posted one after another, no queue; milliseconds.
BARE_POSTS = """
async ([url, bodies]) => {
  const csrf = document.querySelector('input[name="csrfmiddlewaretoken"]').value;
  const start = performance.now();
  for (const body of bodies) {
    const response = await fetch(url, {
      method: "POST",
      body: body + "&csrfmiddlewaretoken=" + encodeURIComponent(csrf),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Preisfipsen-Queue": "1",
        "HX-Request": "true",
      },
    });
    await response.text();
  }
  return performance.now() - start;
}
"""


def make_tables(count: int) -> list[Table]:
    tournament = services.tournament_create(
        name="Bench queue", date=timezone.localdate(), deals_at_four=DEALS + 5
    )
    for number in range(4 * count):
        player = player_create(name=f"Spieler {number}")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    return list(Table.objects.filter(tournament=tournament).order_by("number"))


def network(cdp: CDPSession, *, offline: bool) -> None:
    cdp.send("Network.emulateNetworkConditions", {**NETWORK, "offline": offline})


def queued(page: Page, cdp: CDPSession, url: str, table: Table) -> float:
    """Milliseconds from the network's return to the 20th kept deal saved."""
    page.goto(url, wait_until="load")
    page.evaluate(PAGE_CLOCK)
    network(cdp, offline=True)
    for number in range(DEALS):
        page.get_by_role("group", name="Wer hat gespielt?").locator("label").nth(number % 4).tap()
        page.get_by_role("group", name="Was wurde gespielt?").get_by_text("3", exact=True).tap()
        page.get_by_role("group", name="Ergebnis").get_by_text("gewonnen", exact=True).tap()
        page.get_by_role("button", name=f"Spiel {number + 1} eintragen").tap()
    page.locator("#offline-queue", has_text=f"{DEALS} Spiele").wait_for()
    network(cdp, offline=False)
    page.wait_for_function("window.__done !== null && window.__back !== null", timeout=120_000)
    saved(table)
    return float(page.evaluate("window.__done - window.__back"))


def bare(page: Page, url: str, table: Table) -> float:
    """Milliseconds for the same 20 deals posted one after another without the queue."""
    page.goto(url, wait_until="load")
    bodies = [
        f"sequence={n + 1}&submission={uuid.uuid4()}&declarer={n % 4}&contract=3&result=won"
        for n in range(DEALS)
    ]
    took = float(page.evaluate(BARE_POSTS, [url, bodies]))
    saved(table)
    return took


def saved(table: Table) -> None:
    """A round counts only if every deal was saved, once."""
    count = Deal.objects.filter(table=table).count()
    if count != DEALS:
        raise SystemExit(f"{count} deals saved at {table}, not {DEALS}")


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):6.0f} ms   range {min(times):5.0f}–"
        f"{max(times):5.0f} ms   ({len(times)} rounds of {DEALS} deals)"
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
        tables = make_tables(2 * ROUNDS)
        server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
        server.daemon = True
        server.start()
        server.is_ready.wait()
        if server.error:
            raise server.error
        base = f"http://127.0.0.1:{server.port}"
        results: dict[str, list[float]] = {"the queue": [], "yardstick (bare fetch)": []}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context = browser.new_context(**PHONE)
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                network(cdp, offline=False)
                for round_ in range(ROUNDS):
                    kept, yard = tables[2 * round_], tables[2 * round_ + 1]
                    link = base + reverse("scoring:table_entry", args=[kept.token])
                    results["the queue"].append(queued(page, cdp, link, kept))
                    link = base + reverse("scoring:table_entry", args=[yard.token])
                    results["yardstick (bare fetch)"].append(bare(page, link, yard))
                browser.close()
        finally:
            server.terminate()
        print("Chromium 390×844, network slowed by CDP: 150 ms round trip, 1.6 Mbit/s each way.")
        print(f"From the network's return to {DEALS} kept deals saved:")
        for label, times in results.items():
            print(f"  {label:24s} {summary(times)}")
        ratio = statistics.median(results["the queue"]) / statistics.median(
            results["yardstick (bare fetch)"]
        )
        print(f"  the queue / the yardstick: {ratio:.2f}")


if __name__ == "__main__":
    try:
        main()
    finally:
        _VAR.cleanup()
