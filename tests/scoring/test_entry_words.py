"""What the captain's screen says when a tap does not fit (newcomer's night): each message
names what to tap; all passed says the deal is dealt again; totals carry a true minus sign."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.scoring.test_views import _form
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _preview(table: Table, **fields: object) -> str:
    client = Client()
    data = {**_form(client, table), **fields}
    response = client.post(reverse("scoring:table_preview", args=[table.token]), data)
    return " ".join(response.content.decode().split())


def _save(table: Table, **fields: object) -> str:
    client = Client()
    data = {**_form(client, table), **fields}
    url = reverse("scoring:table_entry", args=[table.token])
    response = client.post(url, data, follow=True)
    return " ".join(response.content.decode().split())


def test_siebener_fips_with_a_result_says_to_tap_the_result_off() -> None:
    table = playing_table()
    text = _preview(table, declarer=1, contract="siebener", result="won")
    assert (
        "Siebener Fips braucht kein Ergebnis – „gewonnen“ noch einmal antippen, um es abzuwählen."
        in text
    )
    assert "passt nicht zu" not in text


def test_siebener_fips_with_a_double_says_to_tap_the_double_off() -> None:
    text = _preview(playing_table(), declarer=1, contract="siebener", ruten="on")
    assert "Siebener Fips wird ohne Ruten gespielt – „Ruten“ noch einmal antippen" in text


def test_all_passed_with_a_player_says_to_tap_the_player_off() -> None:
    text = _preview(playing_table(), declarer=2, contract="passed")
    assert (
        "Bei „alle gepasst“ spielt niemand – „Spieler 02“ noch einmal antippen, um die Auswahl "
        "aufzuheben." in text
    )


def test_a_deal_without_a_game_names_the_game() -> None:
    table = playing_table()
    for text in (_preview(table, declarer=1), _save(table, declarer=1)):
        assert "Bitte das Spiel antippen." in text
        assert "zwingend" not in text


def test_a_deal_without_a_player_names_who_plays() -> None:
    text = _save(playing_table(), contract="3", result="won")
    assert "Bitte antippen, wer spielt." in text


def test_all_passed_says_the_deal_is_dealt_again() -> None:
    table = playing_table()
    enter(table, 0, "3 +")
    text = _save(table, contract="passed")
    assert "Eingetragen: alle gepasst – Spiel 2 wird neu gegeben" in text
    reloaded = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert "alle gepasst – Spiel 2 wird neu gegeben" in " ".join(reloaded.split())


def test_the_entry_form_offers_to_clear_it_and_pages_say_when_a_request_fails() -> None:
    table = playing_table()
    url = reverse("scoring:table_entry", args=[table.token])
    page = Client().get(url).content.decode()
    assert "Eingabe leeren" in page
    assert f'href="{url}"' in page  # without JavaScript: the page with a fresh form
    assert "js/tile-toggle" in page
    assert "Das hat nicht geklappt. Bitte die Seite neu laden." in page
    assert "Keine Verbindung zum Laptop der Turnierleitung – bitte noch einmal tippen." in page


def test_totals_are_written_with_a_true_minus_sign_on_every_screen() -> None:
    table = playing_table()
    enter(table, 1, "3 Hand -")  # −12 for seat 1
    organiser = Client()
    organiser.force_login(UserFactory(is_staff=True))
    pk = table.tournament_id
    pages = {
        "captain": Client().get(reverse("scoring:table_entry", args=[table.token])),
        "sheet": Client().get(reverse("scoring:table_sheet", args=[table.token])),
        "organiser's sheet": organiser.get(reverse("scoring:organiser_sheet", args=[pk, table.pk])),
        "standings": organiser.get(reverse("scoring:standings", args=[pk])),
    }
    for name, response in pages.items():
        text = response.content.decode()
        assert "\N{MINUS SIGN}12<" in text, name
        assert ">-12<" not in text, name
