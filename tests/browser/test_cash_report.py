"""Issue 21.2 in a browser: the prizes typed on the prize page, and the cash report reached
from the navigation adds up to the cent against them and the fees marked paid."""

from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.scoring.helpers import enter, playing_table
from tournaments.desk.services import registration_mark_paid
from tournaments.models import Registration


def test_the_cash_report_adds_up_the_fees_and_the_prizes_typed(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    table = playing_table(players=4, deals=10, entry_fee=Decimal("15.00"))
    for declarer in (0, 1, 0):  # seat 0 first, seat 1 second, seats 2 and 3 tied for third
        enter(table, declarer, "2 gewonnen")
    registrations = list(Registration.objects.filter(tournament=table.tournament).order_by("pk"))
    for registration in registrations[:3]:
        registration_mark_paid(registration=registration, paid=True)
    log_in(page, organiser)

    page.goto(f"/tournaments/{table.tournament_id}/prizes/")
    page.get_by_label("Preise, einer pro Zeile").fill("1. 30 €\n2. 15,55 €\n3. Präsentkorb")
    page.get_by_role("button", name="Preise speichern").click()
    expect(page.locator(".messages, [role=status]").first).to_be_visible()
    page.get_by_role("navigation").get_by_role("link", name="Kassenbericht").click()

    sums = page.locator("table.cash-sums")
    expect(sums.locator("tr.cash-in")).to_contain_text("3 Spieler × 15,00 €")
    expect(sums.locator("tr.cash-in")).to_contain_text("45,00 €")
    expect(sums.locator("tr.cash-out")).to_contain_text("−45,55 €")
    expect(sums.locator("tr.cash-stays")).to_contain_text("−0,55 €")
    expect(sums.locator("tr.cash-stays")).to_contain_text("der Verein legt zu den Preisen zu")
    expect(sums.locator("tr.cash-open")).to_contain_text("15,00 €")
    expect(page.locator(".cash-goods")).to_contain_text("Präsentkorb")

    registration_mark_paid(registration=registrations[3], paid=True)  # paid late
    page.reload()
    expect(sums.locator("tr.cash-stays")).to_contain_text("14,45 €")
    expect(sums.locator("tr.cash-open")).to_have_count(0)
