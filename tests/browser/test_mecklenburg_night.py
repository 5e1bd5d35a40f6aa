"""A short Mecklenburg night in the browser (issue 12, SPEC C5), for Ansegger Fips and for
Duttfips: the organiser creates it with that rule set, fills in the club's points table (the
app's example the starting point; a bad number refused), four players are drawn to a table of
four, the captain enters deals of every kind on the phone at 390×844, and the standings and the
scoresheet PDF add up by the club's table and say that the points are the club's own."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect

from scoring import renderers, selectors
from scoring.models import Deal
from scoring.scoresheets import scoresheet
from tests.browser.test_one_screen_entry import WHAT, WHO, Taps
from tests.printing.pdf_reading import pdf_text
from tournaments import services
from tournaments.club_points import POINTS
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create

RESULT = "Gewonnen oder verloren?"
RUTEN = "Ruten (Karo ist Trumpf)"
#: Where the screenshots go when asked for (PREISFIPSEN_SCREENSHOTS=dir), to look at them.
SHOTS = os.environ.get("PREISFIPSEN_SCREENSHOTS")

#: Per rule set: its label on the form, the club's changes to the example table (row index:
#: made, failed; "" leaves a contract out), and the deals: (tiles, Vorhand's?, game, points).
NIGHTS = {
    "ansegger": (
        "Ansegger Fips (Mecklenburg)",
        {0: ("", ""), 8: ("15", "-30")},  # no plain 1; Fips 15/−30
        [
            ([(WHAT, "2"), (RESULT, "gewonnen")], None, "2 gewonnen", 2),
            ([(WHAT, "3"), (RUTEN, "Ruten"), (RESULT, "verloren")], None, "3 Ruten verloren", -6),
            ([(WHAT, "Fips"), (RESULT, "verloren")], None, "Fips verloren", -30),
            ([(WHAT, "Fips"), (RUTEN, "Ruten"), (RESULT, "gewonnen")], None,
             "Rutenfips gewonnen", 20),
            ([(WHAT, "4"), (RESULT, "gewonnen")], None, "4 gewonnen", 4),
        ],
    ),
    "duttfips": (
        "Duttfips (Mecklenburg)",
        {0: ("3", "-3")},  # Dutt 3/−3
        [
            ([(WHAT, "Dutt"), (RESULT, "gewonnen")], True, "Dutt gewonnen", 3),
            ([(WHAT, "Ruten oewer"), (RESULT, "verloren")], False, "Ruten oewer verloren", -4),
            ([(WHAT, "Fips"), (RESULT, "gewonnen")], None, "Fips gewonnen", 10),
            ([(WHAT, "Rutenfips"), (RESULT, "verloren")], None, "Rutenfips verloren", -20),
            ([(WHAT, "Dutt"), (RESULT, "verloren")], True, "Dutt verloren", -3),
        ],
    ),
}  # fmt: skip


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def _points_filled(page: Page, rule_set: str, changes: dict[int, tuple[str, str]]) -> None:
    """On the points form the create led to: the example labelled, a bad number refused,
    then the club's numbers saved."""
    expect(page.get_by_role("heading", level=1)).to_have_text("Die Punktetabelle des Vereins")
    expect(page.locator(".points-example")).to_contain_text("Beispieltabelle der App")
    _shot(page, f"points-form-{rule_set}")
    page.locator("#id_won_1").fill("")  # made without failed: refused, nothing saved
    page.get_by_role("button", name="Punktetabelle speichern").click()
    expect(page.locator(".field-errors")).to_contain_text("braucht Punkte für gewonnen")
    assert POINTS not in Tournament.objects.get().rule_options
    page.goto(page.url)  # a fresh form (a reload would post again)
    for row, (won, lost) in changes.items():
        page.locator(f"#id_won_{row}").fill(won)
        page.locator(f"#id_lost_{row}").fill(lost)
    page.get_by_role("button", name="Punktetabelle speichern").click()
    expect(page.get_by_role("status")).to_contain_text("Punktetabelle des Vereins ist gespeichert")
    expect(page.locator(".points-shown")).to_contain_text("nicht aus der Quelle")


@pytest.mark.parametrize("rule_set", list(NIGHTS))
def test_a_mecklenburg_night_on_the_phone(
    rule_set: str,
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    label, changes, deals = NIGHTS[rule_set]
    log_in(page, organiser)
    page.goto("/tournaments/new/")
    page.get_by_role("radio", name=label).check()
    page.get_by_label("Name").fill("Mecklenburger Abend")
    page.get_by_role("button", name="Turnier anlegen").click()
    _points_filled(page, rule_set, changes)
    tournament = Tournament.objects.get()
    for number in range(4):
        player = player_create(name=f"Spieler {number:02d}", club="Fipsclub Rostock")
        registration_add(tournament=tournament, player=player, check_in=True)
    page.goto(f"/tournaments/{tournament.pk}/")
    expect(page.locator("#split-summary")).to_contain_text("1 Vierertisch")
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)

    phone_page.goto(f"/t/{table.token}/")
    taps = Taps(phone_page)
    for number, (tiles, by_vorhand, game, points) in enumerate(deals, start=1):
        dealer = selectors.next_deal(table=table).dealer
        vorhand = (dealer + 1) % 4
        declarer = {True: vorhand, False: (vorhand + 1) % 4, None: number % 4}[by_vorhand]
        name = table.seats.get(position=declarer).registration.player.name
        taps.tile(WHO, name)
        for group, text in tiles:
            taps.tile(group, text)
        expect(phone_page.locator("#deal-preview")).to_contain_text(game)
        if number == 2:
            _shot(phone_page, f"captain-{rule_set}")
        taps.save(f"Spiel {number} eintragen", says=f"Eingetragen: {name}: {game}")
        saved = Deal.objects.get(table=table, number=number)
        assert (saved.game, saved.score, saved.declarer) == (game, points, declarer)

    seats = seats_of(table=table)
    totals = selectors.seat_totals(table=table, seats=seats)
    assert sum(totals) == sum(points for *_, points in deals)
    assert totals == selectors.table_sheet(table=table).totals
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    expect(page.locator(".points-note")).to_contain_text(
        "Punkte nach der eigenen Tabelle des Vereins, nicht aus der Quelle"
    )
    expect(page.locator("main")).to_contain_text(str(max(totals)))
    pdf = renderers.scoresheets_pdf(
        tournament=tournament, sheets=[scoresheet(selectors.table_sheet(table=table))]
    )
    text = " ".join(pdf_text(pdf).split())
    assert "Punkte nach der eigenen Tabelle des Vereins, nicht aus der Quelle" in text
    assert "Spieler 00" in text
    for total in totals:
        assert str(abs(total)) in text
