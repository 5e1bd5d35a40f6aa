"""The steps that cannot simply be undone, in a browser without JavaScript (issue 9): each
button leads to a page that says what follows; "Zurück" changes nothing, the confirm button
acts. Drawing, starting, ending a table early, finishing with a table still playing, and
reopening."""

import re
from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewPage
from tests.tournaments.night_helpers import night
from tournaments.models import Table, Tournament, TournamentEvent


def test_every_step_asks_first_and_works_without_javascript(
    new_page: NewPage,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    tournament = night(present=7, deals_at_four=4, deals_at_three=5)
    page = new_page(java_script_enabled=False)
    log_in(page, organiser)
    page.goto(f"/tournaments/{tournament.pk}/")

    # "Zurück" leaves everything as it was.
    page.get_by_role("link", name="Tische auslosen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tische auslosen?")
    expect(page.locator(".consequences")).to_contain_text("1 Vierertisch, 1 Dreiertisch.")
    page.get_by_role("link", name="Zurück").click()
    assert not Table.objects.exists()

    page.get_by_role("link", name="Tische auslosen").click()
    page.get_by_role("button", name="Ja, Tische auslosen").click()
    expect(page.get_by_role("heading", level=2, name="Tisch 2")).to_be_visible()
    expect(page.locator("#table-1 svg.qr")).to_be_visible()  # the captain scans it here

    page.get_by_role("link", name="Spielbeginn").first.click()
    page.get_by_role("button", name="Ja, Spiel starten").click()
    expect(page.locator(".messages")).to_contain_text("Das Spiel hat begonnen")

    page.locator("#table-2").get_by_role("link", name="Tisch vorzeitig beenden").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tisch 2 vorzeitig beenden?")
    page.get_by_label("Warum endet der Tisch vorzeitig?").fill("Die Zeit war um")
    page.get_by_role("button", name="Ja, Tisch vorzeitig beenden").click()
    expect(page.locator("#table-2")).to_contain_text(
        "Tisch 2 vorzeitig beendet nach 0 von 5 Spielen: Die Zeit war um"
    )

    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Turnier beenden").click()
    expect(page.get_by_role("alert")).to_contain_text("Tisch 1: 0 von 4 Spielen")
    expect(page.get_by_role("alert")).not_to_contain_text("Tisch 2")
    page.get_by_role("button", name="Ja, Turnier beenden").click()
    expect(page.locator(".messages")).to_contain_text("Das Turnier ist beendet")
    # Finished, the organiser lands on the standings; reopening starts from the home.
    expect(page).to_have_url(re.compile(rf"/tournaments/{tournament.pk}/standings/$"))

    page.get_by_role("navigation", name="Seiten des Turniers").get_by_role(
        "link", name="Übersicht"
    ).click()
    page.get_by_role("link", name="Turnier wieder öffnen").click()
    page.get_by_role("button", name="Ja, Turnier wieder öffnen").click()

    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.PLAYING
    kinds = list(TournamentEvent.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds == ["table_ended_early", "finished", "reopened"]
