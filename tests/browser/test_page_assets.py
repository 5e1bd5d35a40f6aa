"""What every page loads besides itself: nothing it asks for is missing, the favicon included
(issue 9: every page asked for /favicon.ico and got a 404, which phones log as an error)."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, Response

from scoring.demo import demo_night_play
from tests.browser.conftest import PHONE, NewPage
from tournaments.models import Table


@pytest.mark.full_chromium  # the headless shell asks for no favicon
def test_no_page_asks_for_anything_missing(
    new_page: NewPage,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    night = demo_night_play(players=9, seed=3, deals=2)
    table = Table.objects.filter(tournament=night.tournament).first()
    assert table is not None
    pk = night.tournament.pk
    pages = [
        reverse("tournaments:home"),
        reverse("tournaments:login"),
        reverse("scoring:table_entry", args=[table.token]),
        reverse("tournaments:night", args=[pk]),
        reverse("scoring:standings", args=[pk]),
    ]
    page = new_page(**PHONE)
    log_in(page, organiser)
    answered: list[Response] = []
    page.on("response", lambda response: answered.append(response))

    for path in pages:
        page.goto(path)
        page.wait_for_load_state("networkidle")

    # The pages themselves too: new_page's own check leaves out the documents.
    failed = [f"{answer.status} {answer.url}" for answer in answered if answer.status >= 400]
    assert failed == []
    icons = [response for response in answered if response.request.resource_type == "other"]
    assert any("favicon" in response.url and response.ok for response in icons), [
        response.url for response in answered
    ]


def test_the_favicons_are_served(page: Page) -> None:
    page.goto("/")
    links = page.locator("link[rel=icon], link[rel=apple-touch-icon]")
    hrefs = [link.get_attribute("href") or "" for link in links.all()]
    assert "/favicon.ico" in hrefs
    assert any(href.endswith(".svg") for href in hrefs)
    for href in hrefs:
        response = page.request.get(href)
        assert (href, response.status) == (href, 200)
        assert response.headers["content-type"].startswith("image/")
