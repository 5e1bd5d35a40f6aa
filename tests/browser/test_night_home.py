"""The tournament's home and the new-tournament form on a phone: nothing to scroll sideways,
targets a finger can hit, fields in the page's large type (issue 9)."""

import os
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.tournaments.night_helpers import night

#: A finger's target, in CSS pixels.
FINGER = 48


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def test_the_home_on_a_phone_shows_the_next_step_with_its_button(
    phone_page: Page,
    log_in: Callable[[Page, AbstractBaseUser], None],
    organiser: AbstractBaseUser,
) -> None:
    tournament = night(present=3, absent=10)
    log_in(phone_page, organiser)
    phone_page.goto(f"/tournaments/{tournament.pk}/home/")
    screenshot(phone_page, "home-phone.png")
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(phone_page.locator('[aria-current="step"]')).to_have_text("3 von 13 da")
    button = phone_page.get_by_role("link", name="Spieler anmelden")
    assert button.bounding_box()["height"] >= FINGER  # type: ignore[index]
    expect(phone_page.locator('.tournament-nav [aria-current="page"]')).to_have_text("Übersicht")
    button.tap()
    expect(phone_page.locator('.tournament-nav [aria-current="page"]')).to_have_text("Anmeldung")


def test_the_new_tournament_form_has_a_large_date_field_and_check_boxes(
    phone_page: Page,
    log_in: Callable[[Page, AbstractBaseUser], None],
    organiser: AbstractBaseUser,
) -> None:
    log_in(phone_page, organiser)
    phone_page.goto("/tournaments/new/")
    screenshot(phone_page, "new-tournament-phone.png")
    date = phone_page.locator('input[type="date"]')
    assert date.bounding_box()["height"] >= FINGER  # type: ignore[index]
    assert date.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 18
    # Those shown: only the chosen rule set's options are (the others' are hidden).
    boxes = phone_page.locator('input[type="checkbox"]:visible')
    assert boxes.count() >= 2
    for box in boxes.all():
        size = box.bounding_box()
        assert size is not None
        assert min(size["width"], size["height"]) >= 32
    # The label is the target too: tapping it ticks the box.
    phone_page.locator("label[for=id_confirmation_required]").tap()
    expect(phone_page.locator('input[name="confirmation_required"]')).to_be_checked()
