"""The draw of series 2 on a laptop and a phone: "Serie 2 auslosen" on the tables page, the
three ways as big tiles (one tap chooses), who stops ticked, the confirmation, and the new
seating shown with its draw's line."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.tournaments.test_series_services import play_out, started
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Seat, SeriesDraw


def _draw_series_two(page: Page, tournament_pk: int) -> None:
    page.goto(f"/tournaments/{tournament_pk}/tables/")
    page.get_by_role("link", name="Serie 2 auslosen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Serie 2 von 2 auslosen?")
    tiles = page.locator(".tile-series")
    expect(tiles).to_have_count(3)
    for index in range(3):  # big enough to tap
        box = tiles.nth(index).bounding_box()
        assert box is not None
        assert box["height"] >= 48
    page.get_by_text("Nach Stand gesetzt").click()
    expect(page.locator("input[value=seeded]")).to_be_checked()
    page.get_by_label("Spieler 03").check()
    page.get_by_role("button", name="Ja, Serie 2 auslosen").click()


def test_series_two_drawn_seeded_on_the_laptop(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    log_in(page, organiser)
    _draw_series_two(page, tournament.pk)
    expect(page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    expect(page.get_by_role("heading", name="Die Auslosung der Serie 2")).to_be_visible()
    expect(page.locator(".table-card")).to_have_count(4)
    expect(page.locator(".table-card .seat-name", has_text="Spieler 03")).to_have_count(0)
    assert SeriesDraw.objects.get().method == "seeded"
    assert Seat.objects.filter(series=2).count() == 15
    page.get_by_role("link", name="Serie 1").click()
    expect(page.locator(".table-card .seat-name", has_text="Spieler 03")).to_have_count(1)


def test_series_two_drawn_on_a_phone(
    phone_page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    log_in(phone_page, organiser)
    _draw_series_two(phone_page, tournament.pk)
    expect(phone_page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_series_two_drawn_again_on_a_phone(
    phone_page: Page, organiser: AbstractBaseUser, log_in: Callable[[Page, AbstractBaseUser], None]
) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    log_in(phone_page, organiser)
    phone_page.goto(f"/tournaments/{tournament.pk}/tables/")
    phone_page.get_by_role("link", name="Serie 2 neu auslosen").click()
    expect(phone_page.get_by_role("heading", level=1)).to_have_text("Serie 2 von 2 neu auslosen?")
    expect(phone_page.get_by_text("Wer hört vor dieser Serie auf?")).to_be_visible()
    expect(phone_page.get_by_text("außer wer aufhört")).to_be_visible()
    phone_page.get_by_label("Spieler 03").check()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    phone_page.get_by_role("button", name="Ja, Serie 2 neu auslosen").click()
    expect(phone_page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    seated = Seat.objects.filter(series=2)
    assert seated.count() == 15
    assert not seated.filter(registration__player__name="Spieler 03").exists()
