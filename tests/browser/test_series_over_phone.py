"""The captain's page of a table of series 1 on a phone of 390×844 once series 2 is drawn: it
says the series is over and where each player sits now, on the first screen, nothing wider
than the phone, and no link to a new table."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.scoring.test_series_over_link import series_one_played
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Table

HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]
WIDTH = PHONE["viewport"]["width"]  # type: ignore[index]


def test_the_old_series_page_on_a_phone(phone_page: Page) -> None:
    tournament = series_one_played()
    series_draw_next(tournament=tournament, method=Method.LOT, seed=5)
    old = Table.objects.get(tournament=tournament, series=1, number=1)
    phone_page.goto(reverse("scoring:table_entry", args=[old.token]))
    notice = phone_page.locator(".series-over")
    expect(notice.get_by_role("heading", name="Serie 1 ist vorbei.")).to_be_visible()
    expect(notice.locator("li")).to_have_count(4)
    expect(notice.locator("li").first).to_contain_text("Serie 2, Tisch ")
    box = notice.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < HEIGHT, box  # its heading and first players on the first screen
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert notice.locator("a").count() == 0  # no link: the new table's is its card's secret
