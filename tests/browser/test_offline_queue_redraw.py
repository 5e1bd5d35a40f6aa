"""Deals kept on a phone while the organiser draws its series again (issue 30, 5): the phone
sends them to the link that is gone, and its queue takes the answer as final: it stops at the
first, says it was not saved and why, and sends nothing more on its own."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, Request, expect

from tests.browser.test_offline_queue import enter, names_of, waiting
from tests.tournaments.test_series_services import play_out, started
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next, series_redraw
from tournaments.models import Table

pytestmark = pytest.mark.requests_fail_on_purpose


def test_deals_kept_through_a_redraw_are_said_not_saved_and_kept_to_enter(
    phone_page: Page,
) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    table = Table.objects.get(tournament=tournament, series=2, number=1)
    names = names_of(table)
    page = phone_page
    url = reverse("scoring:table_entry", args=[table.token])
    page.goto(url)
    page.context.set_offline(True)
    for index in range(2):
        enter(page, names, index)
    expect(page.locator(".queue-waiting")).to_have_count(2)
    series_redraw(tournament=tournament, method=Method.LOT, seed=2)
    sent: list[str] = []

    def note(request: Request) -> None:
        if request.method == "POST" and re.search(re.escape(url) + "$", request.url):
            sent.append(request.url)

    page.on("request", note)
    page.context.set_offline(False)

    stopped = page.locator(".queue-stopped")
    expect(stopped).to_contain_text("Spiel 1 kann nicht mehr gespeichert werden:")
    expect(stopped).to_contain_text("Der Tisch-Link gilt nicht mehr (seine Serie wurde neu")
    expect(stopped).to_contain_text("Geben Sie es der Turnierleitung zum Eintragen.")
    page.wait_for_timeout(4000)  # longer than the queue's retry: nothing is sent again
    assert len(sent) == 1
    assert waiting(page) == 2  # both kept on the phone, to show the organiser
