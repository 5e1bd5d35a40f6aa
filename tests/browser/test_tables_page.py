"""The tables page after the draw, in the night's order: print the cards, then start play; the
blank scoresheets' button stands apart from the table cards below it."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.tournaments.pdf_helpers import drawn_night


def test_print_first_then_start_and_the_blank_sheets_apart_from_the_cards(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    tournament = drawn_night()
    log_in(page, organiser)
    page.goto(f"/tournaments/{tournament.pk}/tables/")

    cards = page.get_by_role("button", name="Tischkarten drucken").bounding_box()
    blank = page.get_by_role("button", name="Leere Spielzettel für alle Tische").bounding_box()
    start = page.get_by_role("link", name="Spielbeginn").bounding_box()
    first_table = page.locator(".table-card").first.bounding_box()
    assert cards is not None
    assert blank is not None
    assert start is not None
    assert first_table is not None
    assert cards["y"] < blank["y"] < start["y"] < first_table["y"]
    gap = first_table["y"] - (start["y"] + start["height"])
    assert gap >= 16, gap  # the last button does not touch the first card
    expect(page.locator(".paper-tables input[type=checkbox]:checked")).to_have_count(0)
