"""Teams of four tapped through (issue 28 item 4): from the standings to the teams page, two
teams typed, the team prizes typed on the prize page, and the teams' ranking read on the
standings, at 1280 px and on a phone (390 px) without scrolling sideways."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scoring.standings import selectors as standings_selectors
from tests.browser.conftest import PHONE, NewPage
from tournaments.models import Tournament


def test_two_teams_named_and_their_prizes(
    page: Page, log_in: Callable[[Page, AbstractBaseUser], None], organiser: AbstractBaseUser
) -> None:
    call_command("demo_night", "--players", "8", "--deals", "12", "--seed", "1")
    tournament = Tournament.objects.get()
    ranked = standings_selectors.standings(tournament=tournament)
    log_in(page, organiser)
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    page.get_by_role("link", name="Mannschaften zu viert: eintragen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Mannschaften")
    for index, standing in enumerate(ranked):
        page.get_by_label(standing.name, exact=True).fill("Prisdorf" if index < 4 else "Tornesch")
    page.get_by_role("button", name="Mannschaften speichern").click()
    expect(page.locator(".messages")).to_contain_text("Mannschaften gespeichert (8 geändert)")

    page.get_by_role("link", name="Preise", exact=True).first.click()
    page.get_by_label("Preise, einer pro Zeile").fill("1. 30 €\n1. Mannschaft: 40 €")
    page.get_by_role("button", name="Preise speichern").click()
    expect(page.locator("table.team-winners")).to_contain_text("Prisdorf")
    expect(page.locator("table.team-winners")).to_contain_text("40,00 €")

    page.get_by_role("link", name="Rangliste", exact=True).first.click()
    teams = page.locator("table.teams tbody tr")
    expect(teams).to_have_count(2)
    expect(teams.first).to_contain_text("1.")
    expect(teams.first).to_contain_text("Prisdorf")


def test_the_teams_page_fits_a_phone(
    new_page: NewPage, log_in: Callable[[Page, AbstractBaseUser], None], organiser: AbstractBaseUser
) -> None:
    call_command("demo_night", "--players", "8", "--deals", "12", "--seed", "1")
    tournament = Tournament.objects.get()
    phone = new_page(**PHONE)
    log_in(phone, organiser)
    phone.goto(f"/tournaments/{tournament.pk}/teams/")
    fields = phone.locator("table.teams-table input")
    expect(fields).to_have_count(8)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    box = fields.first.bounding_box()
    assert box is not None
    assert box["height"] >= 40  # large enough to tap
