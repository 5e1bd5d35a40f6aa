"""Teams of four tapped through (issue 28 item 4): from the standings to the teams page, two
teams typed, the team prizes typed on the prize page, and the teams' ranking read on the
standings, at 1280 px and on a phone (390 px) without scrolling sideways."""

from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scoring.standings import selectors as standings_selectors
from scoring.standings.prize_allocation import Kind, Line
from scoring.standings.services import prizes_set
from tests.browser.conftest import PHONE, NewPage
from tournaments.desk.services import teams_set
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
    assert box["width"] >= 180  # the walk's finding: "Hohenwestedt II" showed as "Hohenweste"

    # Two teams and their prizes: the teams' table and the winners fit the phone unscrolled.
    ranked = standings_selectors.standings(tournament=tournament)
    teams_set(tournament=tournament, teams={
        s.seat.registration.pk: "Hohenwestedt I" if i < 4 else "Hohenwestedt II"
        for i, s in enumerate(ranked)})  # fmt: skip
    lines = [Line(Kind.PLACE, 1, Decimal(30)), Line(Kind.TEAM, 1, Decimal(40), label="Mannschaft")]
    prizes_set(tournament=tournament, prizes=lines)
    phone.goto(f"/tournaments/{tournament.pk}/standings/")
    teams = phone.locator("table.teams")
    expect(teams).to_contain_text("Hohenwestedt II")
    assert teams.evaluate("t => t.scrollWidth <= t.closest('.table-scroll').clientWidth")
    phone.goto(f"/tournaments/{tournament.pk}/prizes/")
    expect(phone.locator("table.team-winners")).to_contain_text("40,00")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    for table in ("table.winners:not(.team-winners)", "table.team-winners"):
        fits = "t => t.scrollWidth <= t.closest('.table-scroll').clientWidth"
        assert phone.locator(table).evaluate(fits)
