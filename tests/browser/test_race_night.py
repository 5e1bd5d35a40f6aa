"""A short Thedinghausen night in the browser (issue 12): the organiser creates the race with
its filler, draws tables of five and four, the captain taps the winner of each trick on the
phone (an undo, a sweep, a tenth trick in the middle of a deal), and the standings, the cash
box and the scoresheet PDF say what happened."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from games.thedinghausen.models import RaceDeal
from games.thedinghausen.printing_kinds import RACE_SCORESHEETS
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_text
from tournaments.desk.services import registration_add
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create
from tournaments.printing_kinds import owner_of_tournament

EVEN = "0,1,2,3,0"  # two tricks to the first player, one each to the next three


def created_race(page: Page) -> Tournament:
    page.goto("/tournaments/new/")
    page.get_by_role("radio", name="Thedinghäuser Stichrennen").check()
    page.get_by_label("Name").fill("Bauernkör")
    page.get_by_role("radio", name="4", exact=True).check()
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Neues Turnier")
    tournament = Tournament.objects.get()
    for number in range(9):
        player = player_create(name=f"Spieler {number:02d}", club="Bauernkör")
        registration_add(tournament=tournament, player=player, check_in=True)
    return tournament


def drawn_and_started(page: Page, tournament: Tournament) -> None:
    page.goto(f"/tournaments/{tournament.pk}/")
    expect(page.locator("#split-summary")).to_contain_text("1 Fünfertisch")
    expect(page.locator("#split-summary")).to_contain_text("1 Vierertisch")
    page.get_by_role("link", name="Tische auslosen").click()
    page.get_by_role("button", name="Ja, Tische auslosen").click()
    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Spielbeginn").first.click()
    page.get_by_role("button", name="Ja, Spiel starten").click()
    tournament.refresh_from_db()
    assert tournament.is_playing


def test_a_short_race_night(
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    log_in(page, organiser)
    tournament = created_race(page)
    drawn_and_started(page, tournament)
    table = Table.objects.get(tournament=tournament, number=1)
    assert table.seats.count() == 5
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]

    phone = phone_page
    phone.goto(f"/t/{table.token}/")
    expect(phone.get_by_role("heading", level=2).first).to_contain_text("Wer hat Stich 1 gemacht?")
    phone.get_by_role("button", name=names[3], exact=True).click()
    phone.get_by_role("button", name="Letzten Stich zurücknehmen").click()
    expect(phone.get_by_role("heading", level=2).first).to_contain_text("Wer hat Stich 1 gemacht?")
    for _ in range(5):  # a sweep
        phone.get_by_role("button", name=names[1], exact=True).click()
    expect(phone.get_by_role("status").first).to_contain_text("5 Hedewigs")
    phone.get_by_role("button", name="Spiel 1 speichern").click()
    for number in range(2, 6):
        for seat in EVEN.split(","):
            phone.get_by_role("button", name=names[int(seat)], exact=True).click()
        phone.get_by_role("button", name=f"Spiel {number} speichern").click()
    # 8 tricks to the first player: his second trick of the next deal is his tenth
    phone.get_by_role("button", name=names[0], exact=True).click()
    phone.get_by_role("button", name=names[0], exact=True).click()
    expect(phone.get_by_role("status").first).to_contain_text("zehnten Stich")
    expect(phone.get_by_role("button", name=names[2], exact=True)).to_be_disabled()
    phone.get_by_role("button", name="Spiel 6 speichern").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Partie 2")
    assert [deal.counts for deal in RaceDeal.objects.order_by("sequence")][-1] == [2, 0, 0, 0, 0]

    page.goto(f"/tournaments/{tournament.pk}/race/standings/")
    first = page.locator("tbody tr").first
    expect(first).to_contain_text(names[0])
    expect(first).to_contain_text("1")
    page.get_by_role("link", name="Kasse", exact=True).click()
    row = page.locator("tr", has_text=names[1])
    expect(row).to_contain_text("3,20 €")  # a sweep (+4 €) less his stake of 80 ct
    expect(page.locator("tr", has_text=names[0])).to_contain_text("5")  # his five buns

    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind=RACE_SCORESHEETS))
    text = " ".join(pdf_text(kinds.kind_named(RACE_SCORESHEETS).renderer()(job), page=1).split())
    assert f"{names[1]} gewinnt 5 Hedewigs" in text
    assert f"{names[0]} gewinnt die Partie mit dem zehnten Stich" in text
