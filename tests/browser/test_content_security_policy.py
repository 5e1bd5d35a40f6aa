"""The pages under the Content-Security-Policy (issue 18): Chromium enforces the header, and the
captain's page still asks for its preview as it should. Every browser test fails on a violation
the console reports (tests/browser/conftest.py); this one checks what a refused eval would not
report: htmx's event filters, which fall back to "always" (two previews a tap)."""

from django.urls import reverse
from playwright.sync_api import Page, Response, expect

from tests.scoring.helpers import playing_table

WHO, WHAT = "Wer hat gespielt?", "Was wurde gespielt?"


def _is_preview(response: Response) -> bool:
    return "/preview/" in response.url


def test_a_tap_asks_for_one_preview_and_typing_for_one_after_the_pause(phone_page: Page) -> None:
    table = playing_table()
    previews: list[str] = []
    phone_page.on("request", lambda request: previews.append(request.url))
    answer = phone_page.goto(reverse("scoring:table_entry", args=[table.token]))
    assert answer is not None
    assert "script-src 'self';" in answer.headers["content-security-policy"]

    with phone_page.expect_response(_is_preview):
        phone_page.get_by_role("group", name=WHO).get_by_text("Spieler 01", exact=True).tap()
    with phone_page.expect_response(_is_preview):
        phone_page.get_by_role("group", name=WHAT).get_by_text("3", exact=True).tap()
    with phone_page.expect_response(_is_preview):
        phone_page.get_by_label("Wert auf dem Zettel", exact=False).press_sequentially("12")
    # Filters refused would have sent a second, delayed preview for each tap by now.
    assert len([url for url in previews if "/preview/" in url]) == 3
    expect(phone_page.locator("#deal-preview")).not_to_be_empty()
