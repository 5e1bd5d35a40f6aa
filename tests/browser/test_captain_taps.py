"""The captain never gets stuck (newcomer's night): a second tap deselects a tile, "Clear the
entry" takes every tap back, long names are read whole beside the Dealer/Vorhand labels, and
a request that fails says so without losing the taps. All on the first screen of 390×844."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, Route, expect

from scoring.models import Deal
from tests.browser.test_one_screen_entry import (
    DOUBLES,
    RESULT,
    WHAT,
    WHO,
    assert_the_page_never_left,
    captain_on_phone,
)
from tests.scoring.helpers import playing_table
from tournaments.models import Player


def test_a_second_tap_takes_a_result_off_that_siebener_fips_does_not_take(
    phone_page: Page,
) -> None:
    table, taps = captain_on_phone(phone_page)
    preview = phone_page.locator("#deal-preview")
    for group, text in [(WHO, "Spieler 01"), (WHAT, "Siebener Fips"), (RESULT, "gewonnen")]:
        taps.tile(group, text)
    expect(preview).to_have_text(
        "Siebener Fips braucht kein Ergebnis – „gewonnen“ noch einmal antippen, um es abzuwählen."
    )

    taps.tile(RESULT, "gewonnen")  # off again

    expect(phone_page.get_by_label("gewonnen", exact=True)).not_to_be_checked()
    expect(preview).to_have_class(re.compile("preview-ok"))
    taps.save("Spiel 2 eintragen", says="Eingetragen")
    assert taps.count == 5
    assert Deal.objects.get(table=table, sequence=2).game == "Siebener Fips"
    assert_the_page_never_left(phone_page)


def test_a_second_tap_takes_a_player_off_for_all_passed(phone_page: Page) -> None:
    table, taps = captain_on_phone(phone_page)
    taps.tile(WHO, "Spieler 02")
    taps.tile(WHAT, "alle gepasst")
    expect(phone_page.locator("#deal-preview")).to_contain_text(
        "Bei „alle gepasst“ spielt niemand – „Spieler 02“ noch einmal antippen"
    )
    taps.tile(WHO, "Spieler 02")
    expect(phone_page.locator("#deal-preview")).to_have_text("alle gepasst – keine Punkte")
    taps.save("Spiel 2 eintragen", says="alle gepasst – Spiel 2 wird neu gegeben")
    assert taps.count == 4
    assert Deal.objects.get(table=table, sequence=2).declarer is None


def test_clear_the_entry_takes_every_tap_back_on_the_first_screen(phone_page: Page) -> None:
    table, taps = captain_on_phone(phone_page)
    for group, text in [(WHO, "Spieler 01"), (WHAT, "3"), (RESULT, "verloren")]:
        taps.tile(group, text)

    taps.tap(phone_page.get_by_role("link", name="Eingabe leeren"))

    expect(phone_page.locator("input.tile-input:checked")).to_have_count(0)
    expect(phone_page.locator("#deal-preview")).not_to_have_class(re.compile("preview-problem"))
    assert Deal.objects.filter(table=table).count() == 1
    assert_the_page_never_left(phone_page)


def test_long_names_are_read_whole_and_the_labels_cover_none(phone_page: Page) -> None:
    table = playing_table()
    names = ["Anneliese Kröger-Abt", "Karl-Heinz Möllerich", "Erika Schmidt-Hansen", "Uwe"]
    for number, name in enumerate(names):
        Player.objects.filter(name=f"Spieler {number:02d}").update(name=name)
    phone_page.goto(reverse("scoring:table_entry", args=[table.token]))

    for box in phone_page.locator(".totals .total").all():
        name = box.locator(".total-name")
        assert name.evaluate("n => n.scrollWidth <= n.clientWidth"), name.inner_text()
        assert name.evaluate("n => getComputedStyle(n).textOverflow") != "ellipsis"
        name_box = name.bounding_box()
        assert name_box is not None
        for badge in box.locator(".badge").all():
            badge_box = badge.bounding_box()
            assert badge_box is not None
            assert badge_box["y"] + badge_box["height"] <= name_box["y"], badge.inner_text()
    expect(phone_page.locator(".totals")).to_contain_text("Erika Schmidt-Hansen")
    save = phone_page.get_by_role("button", name="Spiel 1 eintragen").bounding_box()
    assert save is not None
    assert save["y"] + save["height"] <= 844


@pytest.mark.requests_fail_on_purpose
def test_a_failed_request_says_so_and_keeps_the_taps(phone_page: Page) -> None:
    table, taps = captain_on_phone(phone_page)
    problem = phone_page.locator("#request-problem")
    expect(problem).to_be_hidden()

    def fail(route: Route) -> None:
        route.fulfill(status=500, body="kaputt")

    phone_page.route("**/preview/", fail)
    taps.tile(WHO, "Spieler 01")
    expect(problem).to_have_text("Das hat nicht geklappt. Bitte die Seite neu laden.")
    phone_page.unroute("**/preview/")

    phone_page.route("**/preview/", lambda route: route.abort("internetdisconnected"))
    taps.tile(WHAT, "3")
    expect(problem).to_have_text(
        "Keine Verbindung zum Laptop der Turnierleitung – bitte noch einmal tippen."
    )
    phone_page.unroute("**/preview/")

    taps.tile(RESULT, "gewonnen")  # the connection is back: the line goes away
    expect(problem).to_be_hidden()
    for checked in ("Spieler 01", "3", "gewonnen"):
        expect(phone_page.get_by_label(checked, exact=True)).to_be_checked()
    taps.save("Spiel 2 eintragen", says="Eingetragen")
    assert Deal.objects.get(table=table, sequence=2).game == "3 gewonnen"
    assert_the_page_never_left(phone_page)


def test_fast_taps_log_no_errors_in_the_console(phone_page: Page) -> None:
    """Each tap asks for a preview; a tap before the last preview came back must not leave an
    error in the browser's console (htmx logs a cancelled request as one)."""
    errors: list[str] = []
    phone_page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    # Every preview answers slowly, so that the next tap comes while it is under way.
    phone_page.route("**/preview/", lambda route: (phone_page.wait_for_timeout(300),
                                                   route.continue_()))  # fmt: skip
    table, taps = captain_on_phone(phone_page)
    for group, text in [(WHO, "Spieler 01"), (WHAT, "3"), (WHAT, "4"), (RESULT, "verloren")]:
        taps.tile(group, text)
    expect(phone_page.locator("#deal-preview")).to_have_text(re.compile(r"4 verloren\s*=\s*−8"))
    taps.tile(WHAT, "3")
    taps.save("Spiel 2 eintragen", says="Eingetragen")  # while the preview is under way
    assert Deal.objects.get(table=table, sequence=2).game == "3 verloren"
    phone_page.wait_for_load_state("networkidle")
    assert errors == []


def test_a_negative_written_value_takes_one_tap_and_is_checked_while_typed(
    phone_page: Page,
) -> None:
    """A digit pad (iOS) has no minus: the button beside the field gives it. The verdict
    follows the typing (a pause), not the leaving of the field, and writes a true minus."""
    table, taps = captain_on_phone(phone_page)
    for group, text in [(WHO, "Spieler 01"), (WHAT, "2"), (DOUBLES, "Hand"), (RESULT, "verloren")]:
        taps.tile(group, text)
    value = phone_page.locator("#id_written_value")
    assert value.get_attribute("inputmode") == "numeric"
    taps.tap(phone_page.get_by_role("button", name="Minus (der Wert ist negativ)"))
    phone_page.keyboard.type("4")  # the focus is in the field: the minus put it there
    expect(value).to_have_value("-4")
    preview = phone_page.locator("#deal-preview")
    expect(preview).to_have_text("2 Hand verloren zählt −8, nicht −4.")
    phone_page.keyboard.press("Backspace")
    phone_page.keyboard.type("8")
    expect(value).to_be_focused()
    expect(preview).to_have_text(re.compile(r"2 Hand verloren\s*=\s*−8"))
    taps.save("Spiel 2 eintragen", says="Eingetragen")
    assert taps.count == 6
    deal = Deal.objects.get(table=table, sequence=2)
    assert (deal.game, deal.written_value) == ("2 Hand verloren", -8)
