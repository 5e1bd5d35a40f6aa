"""A short Großenaspe night in the browser (issue 12, SPEC C3): the organiser creates it with
that rule set and kloppen, five players are drawn to a table of five (the dealer sitting out
each deal), the captain enters deals of every kind on the phone in the first screen, and the
standings and the scoresheet PDF add up, each opponent gaining on a failed game."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from scoring import renderers, selectors
from scoring.models import Deal
from scoring.scoresheets import scoresheet
from tests.browser.test_one_screen_entry import RESULT, WHAT, WHO, Taps
from tests.printing.pdf_reading import pdf_text
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create

FLAGS = "Gute, Kreuz, Durch, geklopft (falls ja)"


def _night_created(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> Tournament:
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    page.get_by_role("radio", name="Großenaspe Fipsen").check()
    page.get_by_label("Name").fill("Großenasper Abend")
    page.get_by_label("Kloppen").check()
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Neues Turnier")
    tournament = Tournament.objects.get()
    assert (tournament.rule_set, tournament.rule_options) == ("grossenaspe", {"kloppen": True})
    for number in range(5):
        player = player_create(name=f"Spieler {number:02d}", club="SV Großenaspe")
        registration_add(tournament=tournament, player=player, check_in=True)
    return tournament


def test_a_grossenaspe_night_on_the_phone(
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    tournament = _night_created(page, organiser, log_in)
    page.goto(f"/tournaments/{tournament.pk}/")
    expect(page.locator("#split-summary")).to_contain_text("1 Fünfertisch")
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    assert table.seats.count() == 5

    phone_page.goto(f"/t/{table.token}/")
    taps = Taps(phone_page)
    deals = [
        ([(WHAT, "3"), (RESULT, "gewonnen")], "3 gewonnen"),
        ([(WHAT, "3"), (FLAGS, "Gute"), (RESULT, "beet")], "3 Gute beet"),
        ([(WHAT, "2"), (FLAGS, "Kreuz"), (RESULT, "gewonnen")], "2 Kreuz gewonnen"),
        ([(WHAT, "4"), (FLAGS, "Durch"), (RESULT, "verloren")], "4 Durch verloren"),
        ([(WHAT, "2"), (RESULT, "pott beet")], "2 pott beet"),
        ([(WHAT, "Kieker"), (FLAGS, "Kreuz"), (RESULT, "gewonnen")], "Kieker Kreuz gewonnen"),
        ([(WHAT, "Kieker"), (RESULT, "aufgegeben")], "Kieker aufgegeben"),
        ([(WHAT, "Fips"), (FLAGS, "Gute"), (RESULT, "verloren")], "Fips Gute verloren"),
        ([(WHAT, "1"), (FLAGS, "geklopft"), (RESULT, "gewonnen")], "1 gewonnen geklopft"),
    ]
    for number, (tiles, game) in enumerate(deals, start=1):
        upcoming = selectors.next_deal(table=table)
        declarer = next(s for s in upcoming.declarers)  # the dealer is not offered
        name = f"Spieler {table.seats.get(position=declarer).registration.player.name[-2:]}"
        dealer_name = table.seats.get(position=upcoming.dealer).registration.player.name
        who = phone_page.get_by_role("group", name=WHO)
        expect(who.get_by_text(dealer_name, exact=True)).to_have_count(0)
        taps.tile(WHO, name)
        for group, text in tiles:
            taps.tile(group, text)
        expect(phone_page.locator("#deal-preview")).to_contain_text(game)
        taps.save(f"Spiel {number} eintragen", says=f"Eingetragen: {name}: {game}")
        assert Deal.objects.filter(table=table, number=number).get().game == game

    seats = seats_of(table=table)
    totals = selectors.seat_totals(table=table, seats=seats)
    assert min(totals) >= 0  # scores are never negative
    assert totals == selectors.table_sheet(table=table).totals
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    best = max(totals)
    expect(page.locator("main")).to_contain_text(str(best))
    pdf = renderers.scoresheets_pdf(
        tournament=tournament, sheets=[scoresheet(selectors.table_sheet(table=table))]
    )
    text = pdf_text(pdf)
    assert str(best) in text
    assert "Spieler 00" in text
