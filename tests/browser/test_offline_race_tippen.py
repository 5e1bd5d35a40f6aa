"""The phone's queue on the race's and Tippen's captain pages (issue 19): deals entered while
the laptop cannot be reached are kept on the phone and arrive exactly once, in order, across
three outages with a reload and a closed tab between; the race's trick taps need no request at
all; a Tippen deal the rules refuse on arrival stops the queue until the captain mends it.

An outage is either the phone offline (`context.set_offline`) or the laptop's server gone
(every request to it refused, as if it were stopped). The failed requests are the point of
these tests: `requests_fail_on_purpose`.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from pots.models import PotDeal
from races.models import RaceDeal
from tests.browser.conftest import PHONE, NewPage
from tests.pots.helpers import tippen_table
from tests.races.helpers import race_table
from tournaments.models import Table

pytestmark = pytest.mark.requests_fail_on_purpose

EVEN = [0, 1, 2, 3, 0]  # the race's deal: two tricks to the first player, one to three others


class Outage:
    """The laptop's server unreachable for one context: every request to it refused."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self.context = context
        self.pattern = re.compile("^" + re.escape(url))

    def __enter__(self) -> "Outage":
        self.context.route(self.pattern, lambda route: route.abort("connectionrefused"))
        return self

    def __exit__(self, *_exc: object) -> None:
        self.context.unroute(self.pattern)


def names_of(table: Table) -> list[str]:
    return [seat.registration.player.name for seat in table.seats.order_by("position")]


def waiting(page: Page) -> int:
    token = page.locator("#table-screen").get_attribute("data-table-token")
    return int(
        page.evaluate(
            "t => JSON.parse(localStorage.getItem('preisfipsen.queue.' + t) || '[]').length",
            token,
        )
    )


def posts_counted(page: Page, posts: list[str]) -> None:
    def note(request: Request) -> None:
        # The phone's ping (/link/) saves nothing.
        if request.method == "POST" and not request.url.endswith("/link/"):
            posts.append(request.url)

    page.on("request", note)


def race_deal(page: Page, names: list[str], number: int) -> None:
    """Tap deal ``number``'s five tricks and save it."""
    for seat in EVEN:
        page.get_by_role("button", name=names[seat], exact=True).tap()
    page.get_by_role("button", name=f"Spiel {number} speichern", exact=True).tap()


def test_race_deals_across_three_outages_arrive_once_in_order(
    new_page: NewPage, live_server: LiveServer
) -> None:
    table = race_table()
    names = names_of(table)
    url = reverse("scoring:table_entry", args=[table.token])
    page = new_page(**PHONE)
    context = page.context
    posts: list[str] = []
    posts_counted(page, posts)
    page.goto(url)
    heading = page.locator(".race-deal-heading")

    race_deal(page, names, 1)  # online: five taps and one request, the save
    expect(heading).to_contain_text("Spiel 2")
    assert len(posts) == 1
    assert RaceDeal.objects.filter(table=table).count() == 1

    context.set_offline(True)  # outage 1: the phone's Wi-Fi
    race_deal(page, names, 2)
    race_deal(page, names, 3)
    expect(heading).to_contain_text("Spiel 4: Wer hat Stich 1 gemacht?")
    expect(page.locator(".race-tally").first).to_have_text("6")  # the kept deals counted
    expect(page.locator("#offline-queue")).to_be_visible()
    expect(page.locator("[data-queue-pending] li")).to_have_count(2)
    assert waiting(page) == 2
    context.set_offline(False)
    page.reload()  # the page opened again with the network: the kept deals go
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert RaceDeal.objects.filter(table=table).count() == 3

    with Outage(context, live_server.url):  # outage 2: the laptop's server is gone
        race_deal(page, names, 4)
        race_deal(page, names, 5)  # the first player's tenth trick: game 2 begins
        expect(page.locator("h1")).to_contain_text("Partie 2")
        expect(page.locator(".race-tally").first).to_have_text("0")
        race_deal(page, names, 6)
        expect(heading).to_contain_text("Spiel 7")
        assert waiting(page) == 3
        page.close()  # the tab closed while the deals wait
    page = context.new_page()
    page.goto(url)  # opened again when the laptop is back
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator(".race-deal-heading")).to_contain_text("Spiel 7")
    assert RaceDeal.objects.filter(table=table).count() == 6

    context.set_offline(True)  # outage 3
    race_deal(page, names, 7)
    race_deal(page, names, 8)
    assert waiting(page) == 2
    context.set_offline(False)  # the queue goes by itself when the phone is online again
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator(".race-deal-heading")).to_contain_text("Spiel 9")

    deals = list(RaceDeal.objects.filter(table=table).order_by("sequence"))
    assert [deal.sequence for deal in deals] == list(range(1, 9))
    assert [deal.taps for deal in deals] == [EVEN] * 8
    assert len({deal.submission for deal in deals}) == 8
    page.goto(url)
    expect(page.locator("h1")).to_contain_text("Partie 2")


TIPPEN = [
    {0: "2", 1: "1", 3: "0"},
    {1: "3", 2: "0"},
    None,  # all passed
    {0: "2", 1: "1", 3: "0"},
    {0: "2", 1: "2", 2: "0"},  # 4 tricks: refused on arrival, then mended
    {1: "3", 2: "0"},
    {0: "2", 1: "1", 3: "0"},
    {1: "3", 2: "0"},
]
MENDED = {0: "2", 1: "1", 2: "0"}


def tippen_deal(page: Page, names: list[str], number: int, choices: dict[int, str] | None) -> None:
    """Tap a deal's choices (None: "Alle gepasst") and save it."""
    if choices is None:
        page.get_by_role("button", name="Alle gepasst").tap()
        return
    for seat, choice in choices.items():
        page.get_by_role("group", name=names[seat]).get_by_text(choice, exact=True).tap()
    page.get_by_role("button", name=f"Spiel {number} speichern", exact=True).tap()


def taps_of(choices: dict[int, str] | None) -> list[int | None]:
    choices = choices or {}
    return [int(choices[seat]) if seat in choices else None for seat in range(4)]


def test_tippen_deals_across_outages_arrive_once_and_a_refused_one_is_mended(
    new_page: NewPage, live_server: LiveServer
) -> None:
    table = tippen_table()
    names = names_of(table)
    url = reverse("scoring:table_entry", args=[table.token])
    page = new_page(**PHONE)
    context = page.context
    page.goto(url)
    heading = page.locator(".pot-deal-heading")

    context.set_offline(True)  # outage 1
    for number in (1, 2):
        tippen_deal(page, names, number, TIPPEN[number - 1])
    expect(heading).to_have_text(f"Spiel 3: {names[2]} gibt")  # the deal passed on
    assert waiting(page) == 2
    context.set_offline(False)
    page.reload()
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert PotDeal.objects.filter(table=table).count() == 2

    with Outage(context, live_server.url):  # outage 2, the tab closed in it
        for number in (3, 4, 5, 6):
            tippen_deal(page, names, number, TIPPEN[number - 1])
        expect(heading).to_have_text(f"Spiel 7: {names[2]} gibt")
        assert waiting(page) == 4
        page.close()
    page = context.new_page()
    page.goto(url)
    stopped = page.locator(".queue-stopped")
    expect(stopped).to_be_visible()  # deal 5 refused: the queue stops there
    expect(stopped).to_contain_text("Spiel 5")
    assert PotDeal.objects.filter(table=table).count() == 4
    assert waiting(page) == 2  # deal 5 and the one behind it

    for seat, choice in MENDED.items():  # mended: seat 1 took one trick, not two
        page.get_by_role("group", name=names[seat]).get_by_text(choice, exact=True).tap()
    page.get_by_role("button", name="Spiel 5 speichern", exact=True).tap()
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator(".pot-deal-heading")).to_contain_text("Spiel 7")

    context.set_offline(True)  # outage 3
    tippen_deal(page, names, 7, TIPPEN[6])
    tippen_deal(page, names, 8, TIPPEN[7])
    assert waiting(page) == 2
    context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()

    deals = list(PotDeal.objects.filter(table=table).order_by("sequence"))
    expected = [taps_of(choices) for choices in TIPPEN]
    expected[4] = taps_of(MENDED)
    assert [deal.sequence for deal in deals] == list(range(1, 9))
    assert [list(deal.taps) for deal in deals] == expected
    assert len({deal.submission for deal in deals}) == 8
