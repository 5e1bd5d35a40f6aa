"""The board for the projector turns its pages by itself in a real browser (htmx polling)."""

import pytest
from playwright.sync_api import Page, expect

from scoring.demo import demo_night_play
from scoring.standings import board_views
from tests.browser.conftest import NewPage


def test_the_board_turns_to_the_next_page_and_round_again(
    page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The live server runs in this process: a page every second instead of every 15.
    monkeypatch.setattr(board_views, "PAGE_SECONDS", 1)
    tournament = demo_night_play(players=13, seed=4, deals=2).tournament

    page.goto(f"/board/{tournament.board_token}/")

    expect(page.get_by_text("Seite 1 von 3")).to_be_visible()
    expect(page.get_by_role("table", name="Rangliste")).to_be_visible()
    expect(page.get_by_text("Seite 2 von 3")).to_be_visible()
    expect(page.get_by_text("Seite 3 von 3")).to_be_visible()
    expect(page.get_by_text("Tisch 4", exact=True)).to_be_visible()
    expect(page.get_by_text("2 / 2").first).to_be_visible()
    expect(page.get_by_text("Seite 1 von 3")).to_be_visible()
    assert page.url.endswith(f"/board/{tournament.board_token}/"), "htmx swaps the page in place"


def test_the_board_type_is_large_on_a_projector(new_page: NewPage) -> None:
    tournament = demo_night_play(players=4, seed=1, deals=1).tournament
    page = new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"/board/{tournament.board_token}/")
    name = page.locator(".board-name").first
    size: str = name.evaluate("e => getComputedStyle(e).fontSize")
    assert float(size.removesuffix("px")) >= 50  # about 5 % of the screen's height
