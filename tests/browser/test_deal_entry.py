"""One table's 100 deals, entered by tapping on a phone, from the table's link to "all played".

Each save swaps the screen in place (htmx): the page never loads anew. A typical deal is four
taps: who played, what, how it ended, "Spiel N eintragen". Some deals
add Hand or Ruten, one is all passed (two taps, and it is no deal), one is a Siebener Fips
(three); once the captain taps a Kieker with Hand, sees why not on the Hand tile and untaps it.
At the end the totals on the phone are the sums of the scores fipsen_rules gives each game.
"""

import re

from django.urls import reverse
from playwright.sync_api import Page, Response, expect

from fipsen_rules import PRISDORF, Game, GameKind, Result, dealer_of_deal
from fipsen_rules.signs import signed_score, signed_total
from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tests.scoring.sheet_checks import assert_sheet_is_sound

WON, LOST = Result.WON, Result.LOST
#: The German tiles of the form.
CONTRACT_TILES = {GameKind.KIEKER: "Kieker", GameKind.SIEBENER_FIPS: "Siebener Fips"}
RESULT_TILES = {WON: "gewonnen", LOST: "verloren", Result.SURRENDERED: "aufgegeben"}
#: Deal 20 is the Kieker that the captain first taps with Hand.
KIEKER_DEAL = 20
#: The all-passed entry comes before this deal.
PASSED_BEFORE = 50


def the_night() -> list[tuple[int | None, Game]]:
    """The table's entries in order: (declarer seat, game); 100 deals and one all passed."""
    entries: list[tuple[int | None, Game]] = []
    for number in range(1, 101):
        declarer = number * 3 % 4
        if number == PASSED_BEFORE:
            entries.append((None, Game.passed()))
        if number == KIEKER_DEAL:
            game = Game.kieker(WON)
        elif number == 66:
            game = Game.siebener_fips()
        elif number == 77:
            game = Game.number(5, WON)  # Durch comes with the 5
        elif number % 10 == 0:
            game = Game.number(3, LOST, hand=True)
        elif number % 10 == 5:
            game = Game.number(2, WON, ruten=True)
        elif number % 25 == 12:
            game = Game.kieker(LOST, ruten=True)
        else:
            game = Game.number(2 + number % 3, LOST if number % 4 == 0 else WON)
        entries.append((declarer, game))
    return entries


def tap_deal(page: Page, name: str | None, game: Game) -> None:
    """Tap the tiles of a deal (not yet "eintragen")."""
    if name is not None:
        page.get_by_role("group", name="Wer hat gespielt?").get_by_text(name, exact=True).tap()
    contract = (
        "alle gepasst"
        if game.kind is GameKind.PASSED
        else CONTRACT_TILES.get(game.kind, str(game.tricks))
    )
    page.get_by_role("group", name="Was wurde gespielt?").get_by_text(contract, exact=True).tap()
    doubles = page.get_by_role("group", name="Verdopplungen (falls gespielt)")
    for flag, tile in (("hand", "Hand"), ("ruten", "Ruten")):
        if getattr(game, flag):
            doubles.get_by_text(tile, exact=True).tap()
    if game.result is not None:
        results = page.get_by_role("group", name="Ergebnis")
        results.get_by_text(RESULT_TILES[game.result], exact=True).tap()


def _the_save(response: Response) -> bool:
    # Not the preview's POST, nor the link's ping (static/js/table-link.js), which may land
    # while the save is tapped and pass for its answer.
    url = response.url
    return response.request.method == "POST" and "preview" not in url and "/link/" not in url


def enter(page: Page, number: int) -> None:
    """Tap "Spiel N eintragen" and wait for the screen that answers it, swapped in place: a
    fresh form (a new submission id, or none when all deals are played), or the reason why
    not."""
    submission = page.locator("#id_submission").input_value()
    # The save's own answer first: a preview still showing a problem from the taps before
    # (its answer late on a loaded machine) must not pass for the save's.
    with page.expect_response(_the_save):
        page.get_by_role("button", name=f"Spiel {number} eintragen").tap()
    page.wait_for_function(
        """old => {
            const field = document.querySelector("#id_submission");
            return !field || field.value !== old
                || document.querySelector("#deal-preview.preview-problem") !== null;
        }""",
        arg=submission,
    )


def test_a_captain_taps_in_the_100_deals_of_a_table(phone_page: Page) -> None:
    table = playing_table()
    page = phone_page
    names = {seat.position: seat.registration.player.name for seat in table.seats.all()}
    page.goto(reverse("scoring:table_entry", args=[table.token]))  # the link of the QR code
    page.evaluate("window.sameScreen = 'still here'")
    heading = page.get_by_role("heading", level=1)
    totals = page.get_by_role("list", name="Zwischenstände").get_by_role("listitem")
    doubles = page.get_by_role("group", name="Verdopplungen (falls gespielt)")

    number = 1
    for declarer, game in the_night():
        expect(heading).to_contain_text(f"Spiel {number} von 100")
        name = None if declarer is None else names[declarer]
        if number == KIEKER_DEAL:
            # A Kieker with Hand breaks a rule: the reason shows on the Hand tile, nothing saved.
            tap_deal(page, name, game)
            doubles.get_by_text("Hand", exact=True).tap()
            enter(page, number)
            expect(page.locator("#deal-preview")).to_have_text(
                "Ein Kieker nimmt immer den Skat auf: Er kann nicht Hand gespielt werden."
            )
            assert Deal.objects.filter(table=table).count() == number - 1  # deals 1..19
            doubles.get_by_text("Hand", exact=True).tap()  # off again
        else:
            tap_deal(page, name, game)
        if game.kind is GameKind.NUMBER and (game.hand or game.ruten):
            # The captain sees the value before entering it, e.g. "3 Hand verloren = −12".
            score = PRISDORF.score(game)
            preview = page.get_by_role("status").filter(has_text=str(game))
            expect(preview).to_have_text(f"{game} = {signed_score(score)}")
        enter(page, number)
        if game.kind is GameKind.PASSED:
            # No deal: the same dealer deals again.
            expect(page.locator(".status-line")).to_contain_text("Eingetragen: alle gepasst")
            dealer = dealer_of_deal(number, first_dealer=table.first_dealer, players=4)
            expect(totals.filter(has_text="Geber")).to_contain_text(names[dealer])
        else:
            number += 1

    expect(heading).to_contain_text("Alle Spiele sind gespielt.")
    expect(page.get_by_role("button", name=re.compile("eintragen"))).to_have_count(0)
    sums = [0, 0, 0, 0]
    for declarer, game in the_night():
        if declarer is not None:
            sums[declarer] += PRISDORF.score(game)
    expect(totals).to_have_count(4)
    for seat, total in enumerate(sums):
        shown = signed_total(total)  # a loss with the true minus sign, as on the sheets
        expect(totals.nth(seat)).to_contain_text(re.compile(rf"{names[seat]}\s*{shown}\b"))
    assert page.evaluate("window.sameScreen") == "still here"  # 101 saves, no page load
    deals = assert_sheet_is_sound(table)
    assert len(deals) == 101
    assert [(d.declarer, d.game) for d in deals] == [
        (declarer, str(game)) for declarer, game in the_night()
    ]
