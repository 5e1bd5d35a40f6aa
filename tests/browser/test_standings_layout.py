"""The standings fit a 1280 px wide screen and stay readable on a phone (issue 9, item 7):
every column visible without scrolling sideways, numbers right-aligned in tabular figures,
headers apart. Screenshots land in the browser-screenshots folder when SCREENSHOTS is set."""

import itertools
import os
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from playwright.sync_api import Page

from scoring.standings import ranking
from scoring.standings.services import prizes_set
from tests.browser.conftest import NewPage, open_in_font
from tournaments.models import Tournament

#: The columns that hold numbers: right-aligned, in tabular figures.
NUMBER_COLUMNS = (1, 4, 5, 6, 7, 8, 9, 10)  # 1-based: place, table, deals, points, …, best


def standings_of_a_demo_night(page: Page, log_in: Callable[[Page, AbstractBaseUser], None],
                              organiser: AbstractBaseUser) -> None:  # fmt: skip
    call_command("demo_night", "--players", "13", "--deals", "8", "--seed", "5")
    tournament = Tournament.objects.get()
    # The longest prize text a night has: money and a named prize, shared.
    prizes_set(
        tournament=tournament,
        prizes=[
            ranking.Prize(1, Decimal("132.50"), "Präsentkorb"),
            ranking.Prize(2, Decimal("80"), "Flasche Wein"),
            ranking.Prize(3, Decimal("40")),
        ],
    )
    log_in(page, organiser)
    # Measured in the shipped font (font-display: optional: a loaded machine may paint the
    # fallback, which fonts.ready does not undo).
    open_in_font(page, f"/tournaments/{tournament.pk}/standings/")


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


@pytest.mark.parametrize("width", [1280, 1600])
def test_the_standings_fit_a_desktop_screen(
    new_page: NewPage,
    log_in: Callable[[Page, AbstractBaseUser], None],
    organiser: AbstractBaseUser,
    width: int,
) -> None:
    page = new_page(viewport={"width": width, "height": 900})
    standings_of_a_demo_night(page, log_in, organiser)
    screenshot(page, f"standings-{width}.png")
    box = page.locator(".table-scroll")
    assert box.evaluate("box => box.scrollWidth <= box.clientWidth")
    table = page.locator("table.standings")
    assert table.evaluate("t => t.getBoundingClientRect().right") <= width
    # Headers apart: no header's text runs into the next one's.
    headers = table.locator("thead th")
    rights = headers.evaluate_all("ths => ths.map(th => th.getBoundingClientRect())")
    for left, right in itertools.pairwise(rights):
        assert left["right"] <= right["left"] + 1
    for column in NUMBER_COLUMNS:
        cell = table.locator(f"tbody tr:first-child td:nth-child({column})")
        style = cell.evaluate(
            "td => [getComputedStyle(td).textAlign, getComputedStyle(td).fontVariantNumeric]"
        )
        assert style == ["right", "tabular-nums"], column
        header = headers.nth(column - 1)
        assert header.evaluate("th => getComputedStyle(th).textAlign") == "right", column


def test_the_standings_on_a_phone_keep_the_name_in_view(
    phone_page: Page,
    log_in: Callable[[Page, AbstractBaseUser], None],
    organiser: AbstractBaseUser,
) -> None:
    standings_of_a_demo_night(phone_page, log_in, organiser)
    screenshot(phone_page, "standings-phone.png")
    # The page itself does not scroll sideways; the table does, in its box, the names staying.
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = phone_page.locator(".table-scroll")
    assert box.evaluate("box => box.scrollWidth > box.clientWidth")  # it does scroll
    box.evaluate("box => { box.scrollLeft = 400; }")
    name = phone_page.locator("table.standings tbody tr:first-child td:nth-child(2)")
    left = box.evaluate("box => box.getBoundingClientRect().left")
    assert name.evaluate("td => td.getBoundingClientRect().left") >= left - 1
    size = name.evaluate("td => parseFloat(getComputedStyle(td).fontSize)")
    assert size >= 18
    # The tournament's pages wrap onto rows of buttons a finger can hit.
    heights = phone_page.locator(".tournament-nav li a").evaluate_all(
        "links => links.map(a => a.getBoundingClientRect().height)"
    )
    assert len(heights) == 11  # every page of the tournament, the cash report among them
    assert min(heights) >= 48
