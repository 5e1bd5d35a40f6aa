"""The phone's queue on Prisdorf's captain page (static/js/offline-queue.js): deals tapped
while the laptop cannot be reached are kept on the phone, shown as waiting, and arrive once
each, in order, when the connection is back; a deal refused on arrival stops the queue until
the captain mends it.

An outage is either the phone offline (`context.set_offline`) or the laptop's server gone
(every request to it refused, as if it were stopped). The failed requests are the point of
these tests: `requests_fail_on_purpose`.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, Request, Route, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import Deal, TablePhone
from tests.browser.conftest import PHONE, NewPage
from tests.browser.outages import Outage
from tests.scoring.helpers import playing_table
from tests.waiting import wait_until
from tournaments.models import Table

pytestmark = pytest.mark.requests_fail_on_purpose

RESULTS = {"won": "gewonnen", "lost": "verloren"}


def deal_of(index: int) -> tuple[int, str, str]:
    """The ``index``-th deal (from 0) of the night: declarer seat, tricks tile, result."""
    return index * 3 % 4, str(2 + index % 3), "lost" if index % 4 == 3 else "won"


def tap_tile(page: Page, group: str, text: str) -> None:
    """Tap a tile and see it lit, as a captain does: a tap that lands while the screen moves
    (the preview box growing below it, the queue's fresh screen swapped in) is tapped again."""
    tile = page.get_by_role("group", name=group).get_by_text(text, exact=True)
    for _attempt in range(3):
        tile.tap()
        tile_input = page.locator("#" + str(tile.get_attribute("for")))
        try:
            expect(tile_input).to_be_checked(timeout=2000)
            return
        except AssertionError:
            continue
    expect(tile_input).to_be_checked()


def tap(page: Page, name: str, tricks: str, result: str) -> None:
    """Tap a deal's tiles and "Spiel N eintragen"."""
    tap_tile(page, "Wer hat gespielt?", name)
    tap_tile(page, "Was wurde gespielt?", tricks)
    tap_tile(page, "Ergebnis", RESULTS[result])
    page.get_by_role("button", name=re.compile(r"^Spiel \d+ eintragen$")).tap()


def names_of(table: Table) -> dict[int, str]:
    return {seat.position: seat.registration.player.name for seat in table.seats.all()}


def enter(page: Page, names: dict[int, str], index: int) -> None:
    declarer, tricks, result = deal_of(index)
    tap(page, names[declarer], tricks, result)


def assert_tiles_clear_of_the_bar(page: Page) -> None:
    """The last row of tiles ends above the sticky bar at the foot (the preview and the save
    button): a tap on it lands on the tile, not on the preview lying over it."""
    tiles = page.locator(".tiles-result").bounding_box()
    bar = page.locator(".entry-foot").bounding_box()
    assert tiles is not None
    assert bar is not None
    assert tiles["y"] + tiles["height"] <= bar["y"] + 1


def waiting(page: Page) -> int:
    token = page.locator("#table-screen").get_attribute("data-table-token")
    return int(
        page.evaluate(
            "t => JSON.parse(localStorage.getItem('preisfipsen.queue.' + t) || '[]').length",
            token,
        )
    )


def assert_arrived_in_order(table: Table, count: int) -> None:
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    assert [d.sequence for d in deals] == list(range(1, count + 1))
    assert [d.number for d in deals] == list(range(1, count + 1))
    assert len({d.submission for d in deals}) == count
    assert [(d.declarer, d.game) for d in deals] == [
        (deal_of(i)[0], f"{deal_of(i)[1]} {RESULTS[deal_of(i)[2]]}") for i in range(count)
    ]


@pytest.fixture
def saves() -> list[str]:
    return []


def count_saves(page: Page, saves: list[str]) -> None:
    def note(request: Request) -> None:
        # The phone's ping (/link/, table-link.js) reports to the laptop; it saves no deal.
        if request.method == "POST" and not request.url.endswith(("/preview/", "/link/")):
            saves.append(request.url)

    page.on("request", note)


def test_a_deal_saved_online_is_one_request_and_offline_deals_wait_then_arrive(
    phone_page: Page, saves: list[str]
) -> None:
    table = playing_table()
    names = names_of(table)
    page = phone_page
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    count_saves(page, saves)
    heading = page.get_by_role("heading", level=1)
    bar = page.locator("#offline-queue")

    for index in range(2):  # online: one request a tap, the screen swapped as before
        enter(page, names, index)
        expect(heading).to_contain_text(f"Spiel {index + 2} von 100")
        expect(page.locator(".status-line")).to_contain_text("Eingetragen")
    assert len(saves) == 2
    expect(bar).to_be_hidden()

    page.context.set_offline(True)
    for index in range(2, 5):
        enter(page, names, index)
        expect(heading).to_contain_text(f"Spiel {index + 2} von 100")
    declarer, tricks, result = deal_of(2)
    expect(page.locator(".queue-waiting").first).to_have_text(
        # With its value, from the table the page brought along (scoring/offline_values.py).
        f"Spiel 3: {names[declarer]} – {tricks} {RESULTS[result]} +{tricks} · wartet auf das WLAN"
    )
    expect(bar).to_have_text(
        "3 Spiele warten auf das WLAN – sie werden gesendet, sobald die Verbindung zurück ist"
    )
    assert waiting(page) == 3
    assert Deal.objects.filter(table=table).count() == 2

    page.context.set_offline(False)
    expect(bar).to_be_hidden()
    expect(page.locator(".queue-arrived")).to_have_text(["Spiel 3 bis 5 angekommen"])
    assert_tiles_clear_of_the_bar(page)
    expect(heading).to_contain_text("Spiel 6 von 100")
    assert waiting(page) == 0
    assert_arrived_in_order(table, 5)
    enter(page, names, 5)  # the fresh screen takes the next deal as ever
    expect(heading).to_contain_text("Spiel 7 von 100")
    # Just back online, the phone may still think itself offline and queue the deal for a
    # moment: it arrives all the same.
    wait_until(lambda: Deal.objects.filter(table=table).count() == 6, "deal 6 stored")
    assert_arrived_in_order(table, 6)


def test_twenty_deals_across_three_outages_a_reload_and_a_closed_tab_arrive_once_in_order(
    new_page: NewPage, live_server: LiveServer
) -> None:
    table = playing_table()
    names = names_of(table)
    url = reverse("scoring:table_entry", args=[table.token])
    page = new_page(**PHONE)
    context = page.context
    page.goto(url)
    heading = page.get_by_role("heading", level=1)

    # The first outage: the phone loses the Wi-Fi; back, the captain reloads the page.
    context.set_offline(True)
    for index in range(6):
        enter(page, names, index)
    expect(heading).to_contain_text("Spiel 7 von 100")
    context.set_offline(False)
    page.reload()
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(heading).to_contain_text("Spiel 7 von 100")
    assert_arrived_in_order(table, 6)

    # The second: the laptop's server is gone; the tab is closed meanwhile, a new one opened.
    with Outage(context, live_server.url):
        for index in range(6, 13):
            enter(page, names, index)
        expect(page.locator(".queue-waiting")).to_have_count(7)
        assert Deal.objects.filter(table=table).count() == 6
        page.close()
    # A retry the closing tab had under way may still arrive now that the server is back;
    # the new tab's queue then sends it again, and it is stored once all the same.
    page = context.new_page()
    page.goto(url)
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text("Spiel 14 von 100")
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert_arrived_in_order(table, 13)

    # The third: offline again, a deal entered online first and one while the queue is sent.
    enter(page, names, 13)
    expect(heading).to_contain_text("Spiel 15 von 100")
    context.set_offline(True)
    for index in range(14, 19):
        enter(page, names, index)
    expect(page.locator("#offline-queue")).to_contain_text("5 Spiele warten")
    context.set_offline(False)
    enter(page, names, 19)
    expect(heading).to_contain_text("Spiel 21 von 100")
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert_tiles_clear_of_the_bar(page)
    assert_arrived_in_order(table, 20)


def tap_kieker_with_hand(page: Page, name: str) -> None:
    """A Kieker with Hand, which the rules refuse (a Kieker always takes up the Skat)."""
    page.get_by_role("group", name="Wer hat gespielt?").get_by_text(name, exact=True).tap()
    page.get_by_role("group", name="Was wurde gespielt?").get_by_text("Kieker", exact=True).tap()
    page.get_by_role("group", name="Verdopplungen (falls gespielt)").get_by_text(
        "Hand", exact=True
    ).tap()
    page.get_by_role("group", name="Ergebnis").get_by_text("gewonnen", exact=True).tap()
    page.get_by_role("button", name=re.compile(r"^Spiel \d+ eintragen$")).tap()


def test_a_refused_queued_deal_stops_the_queue_until_mended_or_dropped(phone_page: Page) -> None:
    table = playing_table()
    names = names_of(table)
    page = phone_page
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    stopped = page.locator(".queue-stopped")
    page.context.set_offline(True)
    enter(page, names, 0)
    tap_kieker_with_hand(page, names[1])  # deal 2: refused on arrival
    enter(page, names, 2)
    tap_kieker_with_hand(page, names[2])  # deal 4: refused, and dropped
    enter(page, names, 3)
    expect(page.locator(".queue-waiting")).to_have_count(5)
    page.context.set_offline(False)

    # Deal 1 arrives; deal 2 stops the queue with its taps and the reason; 3 to 5 wait.
    expect(stopped).to_contain_text("Spiel 2 wurde nicht gespeichert:")
    expect(stopped).to_contain_text("Ein Kieker nimmt immer den Skat auf")
    expect(page.locator(".queue-waiting")).to_have_count(3)
    expect(page.locator("#offline-queue")).to_contain_text("4 Spiele warten")
    assert Deal.objects.filter(table=table).count() == 1
    hand = page.get_by_role("group", name="Verdopplungen (falls gespielt)").get_by_text(
        "Hand", exact=True
    )
    expect(page.get_by_label("Hand", exact=True)).to_be_checked()
    hand.tap()  # the Kieker without Hand
    page.get_by_role("button", name="Ändern und speichern").tap()

    # Deals 2 and 3 arrive; deal 4 stops; dropped with a second tap, deal 5 takes its place.
    expect(stopped).to_contain_text("Spiel 4 wurde nicht gespeichert:")
    assert Deal.objects.filter(table=table).count() == 3
    page.get_by_role("button", name="Verwerfen").tap()
    expect(stopped).to_be_visible()  # one tap throws nothing away
    assert waiting(page) == 2
    page.get_by_role("button", name="Wirklich verwerfen? Noch einmal tippen").tap()
    expect(stopped).to_have_count(0)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 5 von 100")
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    assert [(d.sequence, d.number, d.declarer) for d in deals] == [
        (1, 1, 0), (2, 2, 1), (3, 3, deal_of(2)[0]), (4, 4, deal_of(3)[0])
    ]  # fmt: skip
    assert deals[1].game == "Kieker gewonnen"


def test_two_phones_at_one_table_one_offline_end_in_one_sheet(new_page: NewPage) -> None:
    table = playing_table()
    names = names_of(table)
    url = reverse("scoring:table_entry", args=[table.token])
    first, second = new_page(**PHONE), new_page(**PHONE)
    first.goto(url)
    second.goto(url)
    first.context.set_offline(True)
    for index in range(4):
        enter(first, names, index)
    # The second phone enters deals 1 and 2 as the first did, and deal 3 otherwise.
    for index in range(2):
        enter(second, names, index)
        expect(second.get_by_role("heading", level=1)).to_contain_text(f"Spiel {index + 2}")
    tap(second, names[2], "3", "lost")
    expect(second.get_by_role("heading", level=1)).to_contain_text("Spiel 4 von 100")
    first.context.set_offline(False)

    stopped = first.locator(".queue-stopped")
    expect(stopped).to_contain_text("Spiel 3 wurde nicht gespeichert – ein anderes Handy")
    assert Deal.objects.filter(table=table).count() == 3  # 1 and 2 not twice
    first.get_by_role("button", name="Verwerfen").tap()
    first.get_by_role("button", name="Wirklich verwerfen? Noch einmal tippen").tap()
    expect(first.locator("#offline-queue")).to_be_hidden()
    expect(first.get_by_role("heading", level=1)).to_contain_text("Spiel 5 von 100")
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    assert [(d.sequence, d.number) for d in deals] == [(n, n) for n in range(1, 5)]
    assert [d.game for d in deals] == ["2 gewonnen", "3 gewonnen", "3 verloren", "2 verloren"]
    second.reload()
    totals = "#table-screen .totals"
    expect(second.locator(totals)).to_have_text(first.locator(totals).inner_text())


def test_the_screen_waits_while_the_captain_taps_the_next_deal(phone_page: Page) -> None:
    """The queue's last answer arrives while the captain has begun the next deal: the screen
    is not swapped under his finger (the tiles would move); his deal's answer brings it."""
    table = playing_table()
    names = names_of(table)
    page = phone_page
    url = reverse("scoring:table_entry", args=[table.token])
    page.goto(url)
    held: list[Route] = []
    saves = re.compile(re.escape(url) + "$")

    def hold(route: Route) -> None:
        held.append(route)

    page.route(saves, hold)
    page.context.set_offline(True)
    enter(page, names, 0)
    expect(page.locator(".queue-waiting")).to_have_count(1)
    page.context.set_offline(False)
    for _tick in range(100):  # Playwright runs the route's handler while the page is waited on
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the queued deal was not sent"
    tap_tile(page, "Wer hat gespielt?", names[deal_of(1)[0]])
    page.evaluate("document.getElementById('table-screen').dataset.mark = 'before'")
    held[0].continue_()
    page.unroute(saves)
    wait_until(lambda: Deal.objects.filter(table=table).count() == 1, "deal 1 stored")
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator("#table-screen[data-mark='before']")).to_have_count(1)
    _declarer, tricks, result = deal_of(1)
    tap_tile(page, "Was wurde gespielt?", tricks)
    tap_tile(page, "Ergebnis", RESULTS[result])
    page.get_by_role("button", name="Spiel 2 eintragen").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 3 von 100")
    expect(page.locator("#table-screen[data-mark='before']")).to_have_count(0)
    assert_arrived_in_order(table, 2)


#: The page's 20-second ping left out (static/js/table-link.js): what the organiser sees must
#: not wait for it (a phone asleep sends none).
NO_TICK = """
const setEvery = window.setInterval;
window.setInterval = (run, ms, ...rest) => (ms === 20000 ? 0 : setEvery(run, ms, ...rest));
"""


def test_deals_sent_on_the_wifis_return_leave_no_stale_count_on_the_organisers_page(
    phone_page: Page,
) -> None:
    """A newcomer's walk: "1 Spiel wartet" stood on the organiser's page after the deal had
    arrived. The ping on the Wi-Fi's return reports the deals still queued; the queue's last
    change came within 3 s of it and was dropped, until the next 20-second ping."""
    table = playing_table()
    names = names_of(table)
    page = phone_page
    page.add_init_script(NO_TICK)
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    wait_until(lambda: TablePhone.objects.filter(table=table).exists(), "the first ping")

    page.context.set_offline(True)
    for index in range(2):
        enter(page, names, index)
    assert waiting(page) == 2
    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert_arrived_in_order(table, 2)

    wait_until(
        lambda: TablePhone.objects.get(table=table).waiting == 0,
        lambda: f"{TablePhone.objects.get(table=table).waiting} deals still said to wait",
        timeout=8,
    )
