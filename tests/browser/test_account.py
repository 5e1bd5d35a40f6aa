"""The start page, the language switch and the organiser login, in a real browser."""

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD

# Older players read these pages: body text of at least 20px (the CSS aims at 22px).
MIN_TEXT_PX = 20
# WCAG's 44px is the least; a finger that is not so steady wants more.
MIN_TOUCH_PX = 48


def font_size_px(page: Page, selector: str) -> float:
    size: str = page.locator(selector).first.evaluate("e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def test_start_page_is_german_by_default(page: Page) -> None:
    page.goto("/")

    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", level=1)).to_have_text("Willkommen bei Preisfipsen")
    expect(page.get_by_role("button", name="Deutsch")).to_have_attribute("aria-pressed", "true")


def test_start_page_text_is_large(page: Page) -> None:
    """Also shows that the stylesheet loads: Chromium's own default is 16px."""
    page.goto("/")

    sizes = {selector: font_size_px(page, selector) for selector in ("body", "main p", "button")}
    assert {selector: px for selector, px in sizes.items() if px < MIN_TEXT_PX} == {}


def test_switching_to_english_with_the_button(page: Page) -> None:
    page.goto("/")

    page.get_by_role("button", name="English").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome to Preisfipsen")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome to Preisfipsen")


def test_organiser_logs_in_through_the_form(page: Page, organiser: AbstractBaseUser) -> None:
    page.goto("/")
    page.get_by_role("link", name="Login für die Turnierleitung").click()
    expect(page).to_have_url(re.compile(r"/login/$"))

    page.get_by_label("Benutzername").fill("leitung")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()

    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_text("Sie sind als leitung angemeldet.")).to_be_visible()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
    # Django's admin is out of the main menu: only the player directory links to it, labelled.
    expect(page.get_by_role("link", name="Verwaltung")).to_have_count(0)
    page.get_by_role("link", name="Spieler", exact=True).click()
    expect(page.get_by_role("link", name="Technische Verwaltung (für Fachleute)")).to_be_visible()


def test_wrong_password_is_refused_in_the_form(page: Page, organiser: AbstractBaseUser) -> None:
    page.goto("/login/")

    page.get_by_label("Benutzername").fill("leitung")
    page.get_by_label("Passwort").fill("falsch")
    page.get_by_role("button", name="Anmelden").click()

    expect(page.get_by_role("alert")).to_contain_text("Benutzername oder Passwort stimmt nicht.")
    expect(page.get_by_role("button", name="Abmelden")).to_have_count(0)


def test_log_in_helper_skips_the_form(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    log_in(page, organiser)

    page.goto("/")

    expect(page.get_by_text("Sie sind als leitung angemeldet.")).to_be_visible()


@pytest.mark.parametrize(("path", "logged_in"), [("/", False), ("/", True), ("/login/", False)])
def test_phone_needs_no_sideways_scrolling(
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    path: str,
    logged_in: bool,
) -> None:
    if logged_in:
        log_in(phone_page, organiser)

    phone_page.goto(path)

    scroll_width, width = phone_page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width == 390
    assert scroll_width <= width


@pytest.mark.parametrize("logged_in", [False, True])
def test_phone_touch_targets_are_large(
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    logged_in: bool,
) -> None:
    if logged_in:
        log_in(phone_page, organiser)
    phone_page.goto("/")

    targets = phone_page.locator("header a:visible, header button:visible")
    expect(targets.first).to_be_visible()
    for target in targets.all():
        box = target.bounding_box()
        assert box is not None
        label = target.inner_text()
        assert box["height"] >= MIN_TOUCH_PX, label
        assert box["width"] >= MIN_TOUCH_PX, label
