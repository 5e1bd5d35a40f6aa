"""Issue 19, in Chromium: two phones at one table with "a second player confirms" on. The second
phone's deal, saved after the first phone's, is kept beneath the confirmation (the message says
so, and names no button that is not there) and stands in the next deal's form after the
confirming tap, with htmx and without JavaScript. And an English phone reads the deal's words
in English."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.models import Deal
from tests.browser.conftest import PHONE, NewPage
from tests.scoring.helpers import playing_table

WHO, WHAT, DOUBLES, RESULT = (
    "Wer hat gespielt?",
    "Was wurde gespielt?",
    "Verdopplungen (falls gespielt)",
    "Ergebnis",
)


def _tap(page: Page, group: str, text: str) -> None:
    page.get_by_role("group", name=group).get_by_text(text, exact=True).click()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "without-javascript"])
def test_the_second_phones_taps_survive_the_confirmation(
    new_page: NewPage, javascript: bool
) -> None:
    table = playing_table(confirmation_required=True)
    url = reverse("scoring:table_entry", args=[table.token])
    first = new_page(**PHONE)
    second = new_page(**PHONE, java_script_enabled=javascript)
    first.goto(url)
    second.goto(url)

    # The first phone enters deal 1; it waits for a second player's confirmation.
    _tap(first, WHO, "Spieler 01")
    _tap(first, WHAT, "3")
    _tap(first, RESULT, "gewonnen")
    first.get_by_role("button", name="Spiel 1 eintragen").click()
    expect(first.locator(".status-line")).to_contain_text("Eingetragen: Spieler 01: 3 gewonnen")

    # The second phone, still on deal 1, saves its own deal: four taps and the save.
    _tap(second, WHO, "Spieler 02")
    _tap(second, WHAT, "4")
    _tap(second, DOUBLES, "Ruten")
    _tap(second, RESULT, "gewonnen")
    second.get_by_role("button", name="Spiel 1 eintragen").click()
    status = second.locator(".status-line")
    expect(status).to_contain_text("Dieses Spiel ist schon eingetragen: Spieler 01: 3 gewonnen +3")
    expect(status).to_contain_text("Ihre Eingabe steht unter der Bestätigung bereit")
    expect(second.get_by_role("button", name="Spiel 2 eintragen")).to_have_count(0)
    kept = second.locator("form.confirm .kept-taps")
    expect(kept).to_have_text("Bereit für Spiel 2: Spieler 02: 4 Ruten gewonnen")

    # One tap: Spieler 03 confirms on the second phone; its taps stand in deal 2's form.
    second.get_by_role("button", name="Spieler 03 bestätigt").click()
    expect(second.locator(".status-line")).to_contain_text(
        "Bestätigt. Ihre Eingabe steht im Formular für Spiel 2"
    )
    for group, text in [(WHO, "Spieler 02"), (WHAT, "4"), (DOUBLES, "Ruten"),
                        (RESULT, "gewonnen")]:  # fmt: skip
        tile = second.get_by_role("group", name=group).get_by_text(text, exact=True)
        expect(second.locator(f"#{tile.get_attribute('for')}")).to_be_checked()

    # One more tap saves them.
    second.get_by_role("button", name="Spiel 2 eintragen").click()
    expect(second.locator(".status-line")).to_contain_text(
        "Eingetragen: Spieler 02: 4 Ruten gewonnen"
    )
    assert list(Deal.objects.order_by("sequence").values_list("game", "confirmed_by")) == [
        ("3 gewonnen", 3),
        ("4 Ruten gewonnen", None),
    ]


def test_an_english_phone_reads_the_deal_in_english(new_page: NewPage) -> None:
    table = playing_table()
    phone = new_page(**PHONE, locale="en-GB")
    phone.goto(reverse("scoring:table_entry", args=[table.token]))
    expect(phone.locator(".totals")).to_contain_text("Dealer")
    expect(phone.locator(".totals")).to_contain_text("Forehand")

    _tap(phone, "Who played?", "Spieler 01")
    _tap(phone, "What was played?", "Kieker")
    _tap(phone, "Result", "won")
    expect(phone.locator("#deal-preview")).to_have_text("Kieker won = +10")
    phone.get_by_role("button", name="Enter deal 1").click()
    expect(phone.locator(".status-line")).to_contain_text("Entered: Spieler 01: Kieker won +10")
    expect(phone.locator("body")).not_to_contain_text("gewonnen")
    expect(phone.locator("body")).not_to_contain_text("Vorhand")
