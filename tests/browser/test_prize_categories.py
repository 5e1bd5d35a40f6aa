"""A night's prizes as a club gives them, tapped through (issue 21.3): a player ticked a lady
in the directory, a prize list with places, the best lady and the last place typed on the
prize page, and who gets what shown there at once. SCREENSHOTS=docs/img keeps the page."""

import os
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from playwright.sync_api import Page, expect

from scoring.standings import selectors as standings_selectors
from tournaments.models import Player, Tournament

PRIZES = "1. 30 €\n2. 20 €\nBeste Dame: 10 € + Blumen\nLetzter: Trostpreis"


def test_a_nights_prizes_with_a_lady_and_a_last_place(
    page: Page, log_in: Callable[[Page, AbstractBaseUser], None], organiser: AbstractBaseUser
) -> None:
    call_command("demo_night", "--players", "8", "--deals", "12", "--seed", "1")
    tournament = Tournament.objects.get()
    ranked = standings_selectors.standings(tournament=tournament)
    assert not any(s.shared for s in (ranked[0], ranked[1], ranked[2], ranked[-1]))
    first, second, third, last = ranked[0], ranked[1], ranked[2], ranked[-1]
    log_in(page, organiser)

    # The directory: the second of the night is a lady (and the third too), with a lady's name
    # (the demo's names are drawn at random; the guide shows this page).
    for standing, name in ((second, "Gisela Petersen"), (third, "Helga Behrens")):
        player = standing.seat.registration.player
        page.goto(f"/players/{player.pk}/")
        page.locator("input[name=name]").fill(name)
        page.get_by_label("Dame").check()
        page.get_by_role("button", name="Speichern", exact=True).click()
        expect(page.locator(".messages")).to_contain_text("gespeichert")
    assert Player.objects.filter(lady=True).count() == 2
    for standing in (second, third):
        standing.seat.registration.player.refresh_from_db()

    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Preise", exact=True).first.click()
    page.get_by_label("Preise, einer pro Zeile").fill(PRIZES)
    page.get_by_role("button", name="Preise speichern").click()

    expect(page.locator(".messages")).to_contain_text("Die Preise sind gespeichert.")
    rows = page.locator("table.winners tbody tr")
    # 1st: 30 €; 2nd, a lady: 20 € (more than the lady's 10 €), so the best lady's prize
    # passes to the third, the next lady; the last: the consolation prize.
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text(first.name)
    expect(rows.nth(0)).to_contain_text("30,00 €")
    expect(rows.nth(1)).to_contain_text(second.name)
    expect(rows.nth(1)).to_contain_text("20,00 €")
    expect(rows.nth(2)).to_contain_text(third.name)
    expect(rows.nth(2)).to_contain_text("10,00 € + Blumen – Beste Dame")
    expect(rows.nth(3)).to_contain_text(last.name)
    expect(rows.nth(3)).to_contain_text("Trostpreis – Letzter")
    # The list is written back as typed (the money with cents).
    expect(page.get_by_label("Preise, einer pro Zeile")).to_have_value(
        "1. 30,00 €\n2. 20,00 €\nBeste Dame: 10,00 € + Blumen\nLetzter: Trostpreis"
    )
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / "prizes.png"), full_page=True)

    page.goto(f"/tournaments/{tournament.pk}/standings/")
    expect(page.locator("table.standings")).to_contain_text("10,00 € + Blumen – Beste Dame")
