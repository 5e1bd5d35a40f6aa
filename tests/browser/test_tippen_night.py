"""A short Tippen night in the browser (issue 12): the organiser creates it with the bête by
Katira and a maximum bête of 9, draws a table of four and one of three, the captain enters on
the phone deals of every kind (all passed, a pot above the maximum set aside, tricks and a
bête, a refused deal, a lone tapper, a correction of the last deal), and the standings and
the ledgers PDF say what happened."""

import re
from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Locator, Page, expect

from fipsen_rules.signs import signed_total
from games.tippen.models import PotDeal
from games.tippen.printing_kinds import POT_LEDGERS
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_text
from tournaments.desk.services import registration_add
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create
from tournaments.printing_kinds import owner_of_tournament


def created_tippen(page: Page) -> Tournament:
    page.goto("/tournaments/new/")
    page.get_by_role("radio", name=re.compile(r"^Tippen Dreiblatt")).check()
    page.get_by_label("Name").fill("Dreiblatt")
    page.get_by_label("Bête: der ganze Pott (Katira)").check()
    page.locator("#id_tippen_max_bete").get_by_role("radio", name="9", exact=True).check()
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Neues Turnier")
    tournament = Tournament.objects.get()
    assert tournament.rule_options == {"stake": 3, "katira": True, "max_bete": 9}
    for number in range(7):
        player = player_create(name=f"Spieler {number:02d}", club="Tippclub")
        registration_add(tournament=tournament, player=player, check_in=True)
    return tournament


def drawn_and_started(page: Page, tournament: Tournament) -> None:
    page.goto(f"/tournaments/{tournament.pk}/")
    expect(page.locator("#split-summary")).to_contain_text("1 Vierertisch, 1 Dreiertisch")
    page.get_by_role("link", name="Tische auslosen").click()
    page.get_by_role("button", name="Ja, Tische auslosen").click()
    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Spielbeginn").first.click()
    page.get_by_role("button", name="Ja, Spiel starten").click()
    tournament.refresh_from_db()
    assert tournament.is_playing


def choose(phone: Page, name: str, choice: str, form: Locator | None = None) -> None:
    """Tap a player's tile: "passt" or his tricks."""
    where = form if form is not None else phone.locator(".pot-entry")
    where.get_by_role("group", name=name).get_by_text(choice, exact=True).click()


def save(phone: Page, number: int) -> None:
    phone.get_by_role("button", name=f"Spiel {number} speichern").click()
    expect(phone.get_by_role("heading", level=2).first).to_contain_text(f"Spiel {number + 1}")


def test_a_short_tippen_night(
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    log_in(page, organiser)
    tournament = created_tippen(page)
    drawn_and_started(page, tournament)
    table = Table.objects.get(tournament=tournament, number=1)
    assert table.seats.count() == 4
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]
    first = table.first_dealer or 0
    seat = [names[(first + offset) % 4] for offset in range(4)]  # seat[0] deals first

    phone = phone_page
    phone.goto(f"/t/{table.token}/")
    expect(phone.get_by_role("heading", level=2).first).to_contain_text(f"Spiel 1: {seat[0]} gibt")
    for number in range(1, 5):  # all passed four times: 12 in the pot, 3 above the maximum
        phone.get_by_role("button", name="Alle gepasst").click()
        expect(phone.get_by_role("heading", level=2).first).to_contain_text(f"Spiel {number + 1}")
    expect(phone.locator("#pot-line")).to_contain_text("Im Pott: 9")
    expect(phone.locator("#pot-line")).to_contain_text("zurückgelegt: 3")

    # a deal the rules refuse: four tricks; nothing is saved, the taps stay
    choose(phone, seat[0], "2")
    choose(phone, seat[1], "2")
    choose(phone, seat[2], "0")
    phone.get_by_role("button", name="Spiel 5 speichern").click()
    expect(phone.get_by_role("alert")).to_contain_text(
        "müssen zusammen 3 Stiche machen; eingegeben sind 4"
    )
    assert PotDeal.objects.filter(table=table).count() == 4
    choose(phone, seat[1], "1")  # 2, 1, 0: the third pays a bête of 9 (Katira, at most 9)
    save(phone, 5)
    expect(phone.get_by_role("status").first).to_contain_text(f"{seat[2]} zahlt 9 Bête")

    choose(phone, seat[2], "0")  # tapped alone: takes the pot of 9 + 3
    save(phone, 6)
    expect(phone.get_by_role("status").first).to_contain_text(
        f"{seat[2]} tippt allein und bekommt den Pott"
    )
    # the captain meant the fourth player: the last deal corrected
    phone.get_by_text("Spiel 6 korrigieren").click()
    correction = phone.locator(".pot-correction")
    choose(phone, seat[2], "passt", correction)
    choose(phone, seat[3], "0", correction)
    phone.get_by_role("button", name="Korrektur von Spiel 6 speichern").click()
    expect(phone.get_by_role("status").first).to_contain_text(
        f"{seat[3]} tippt allein und bekommt den Pott"
    )
    chips = dict(zip(seat, (2, -2, -12, 9), strict=True))
    for name, total in chips.items():
        expect(phone.locator(".total", has_text=name)).to_contain_text(signed_total(total))
    assert PotDeal.objects.filter(table=table).count() == 6

    page.goto(f"/tournaments/{tournament.pk}/standings/")
    rows = page.locator("tbody tr")
    expect(rows.first).to_contain_text(seat[3])
    expect(rows.first).to_contain_text("9")
    expect(rows.last).to_contain_text(seat[2])
    expect(rows.last).to_contain_text("−12")

    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind=POT_LEDGERS))
    pdf = kinds.kind_named(POT_LEDGERS).renderer()(job)
    ranking = " ".join(pdf_text(pdf, page=1).split())
    assert ranking.index(seat[3]) < ranking.index(seat[0]) < ranking.index(seat[2])
    sheet = " ".join(pdf_text(pdf, page=2).split())
    assert "alle gepasst" in sheet
    assert f"{seat[2]} zahlt 9 Bête" in sheet
    assert f"{seat[3]} tippt allein und bekommt den Pott" in sheet
    assert "Im Pott geblieben: 3" in sheet
