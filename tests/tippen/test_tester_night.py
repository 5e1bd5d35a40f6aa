"""What a tester found walking a ten-player Tippen night on a phone and as organiser: a save
with nobody tapped, bad seat values, the bête in words under a maximum bête, corrections in
the history, a refused organiser correction, two phones saving the same deal, wording."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.tippen.models import PotDeal, PotDealChange
from tests.tippen.helpers import deals_entered, tippen_table
from tests.tippen.test_views import post
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _taps(table: Table) -> list[list[int | None]]:
    return [deal.taps for deal in PotDeal.objects.filter(table=table).order_by("sequence")]


def test_a_save_with_nobody_tapped_is_refused_and_all_passed_is_its_own_button(
    client: Client,
) -> None:
    table = tippen_table()
    page = post(client, table, {"0": "-", "1": "-", "2": "-", "3": "-"})
    assert _taps(table) == []
    assert "Niemand hat getippt. Haben alle gepasst? Dann „Alle gepasst“ tippen." in page
    assert 'name="action" value="save"' in page  # the form is kept
    post(client, table, {}, action="all_passed")
    assert _taps(table) == [[None] * 4]


@pytest.mark.parametrize(
    "choices",
    [
        {"0": "2", "1": "1", "2": "9", "3": "-"},
        {"0": "2", "1": "1", "2": "xyz", "3": "-"},
        {"0": "t", "1": "-", "2": "-", "3": "-"},
        {"0": "2", "1": "1", "2": "-"},
        {},
    ],
)
def test_a_seat_value_that_is_no_choice_saves_nothing(
    client: Client, choices: dict[str, str]
) -> None:
    table = tippen_table()
    page = post(client, table, choices, every=False)
    assert _taps(table) == []
    assert "„passt“ oder die Stiche 0 bis 3 wählen. Es wurde nichts gespeichert." in page


def test_the_bete_in_words_is_the_one_paid_under_a_maximum_bete(organiser: Client) -> None:
    table = tippen_table(3, katira=True, max_bete=9)
    # Pot 3, 6, 9 after three deals all passed; then seat 0 deals with pot 9 + 3 = 12.
    deals_entered(table, "- - -", "- - -", "- - -")
    page = post(organiser, table, {"0": "0", "1": "2", "2": "1"})
    assert "Spiel 4 (Spieler 00 gibt, Pott 12)" in page
    assert "Spieler 00 zahlt 9 Bête" in page
    assert "zahlt 12 Bête" not in page
    deals = organiser.get(reverse("pots:table_deals", args=[table.tournament_id, table.pk]))
    assert "Spieler 00 zahlt 9 Bête" in deals.content.decode()


def test_a_bete_above_the_maximum_says_what_is_set_aside() -> None:
    from games.tippen.replay import replay
    from games.tippen.rules import tippen_of
    from games.tippen.words import deal_words

    rules = tippen_of({"stake": 3, "katira": True, "max_bete": 9}, players=3)
    # Pot 12 after deal 4; two bêtes of 9 and a remainder: 18 into a pot of at most 9.
    ledger = replay(rules, [[None] * 3] * 3 + [[0, 0, 3]])
    words = deal_words(["A", "B", "C"], ledger, 3)
    assert "A zahlt 9 Bête – B zahlt 9 Bête" in words
    assert "9 über der Höchst-Bête für spätere Spiele zurückgelegt" in words


def test_tippen_corrections_and_entries_are_in_the_history(
    organiser: Client, client: Client
) -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "1 1 1")
    deal = PotDeal.objects.get(table=table, sequence=2)
    url = reverse("pots:table_deals", args=[table.tournament_id, table.pk])
    organiser.post(url, {"deal": deal.pk, "seat-0": "2", "seat-1": "1", "seat-2": "0"})
    phone = Client()
    post(phone, table, {}, action="correct", sequence=2, **{"fix-seat-0": "3", "fix-seat-1": "0",
                                                             "fix-seat-2": "-"})  # fmt: skip
    history = reverse("night:history", args=[table.tournament_id])
    page = " ".join(organiser.get(history).content.decode().split())
    username = PotDealChange.objects.exclude(user=None).get().user.get_username()
    assert "Tisch 1, Spiel 2:</strong> korrigiert 1 1 1 → 2 1 0" in page
    assert f"<small>{username}</small>" in page
    assert "2 1 0 → 3 0 -" in page
    assert page.index("→ 3 0 -") < page.index("→ 2 1 0")  # the latest first
    assert "Noch kein Spiel wurde korrigiert" not in page
    everything = " ".join(organiser.get(history + "?all=1").content.decode().split())
    assert everything.count('class="pot-deal"') == 2 + 2
    assert "eingetragen - - -" in everything


def test_a_refused_organiser_correction_keeps_what_was_typed(organiser: Client) -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "0 3 -")
    deal = PotDeal.objects.get(sequence=2)
    url = reverse("pots:table_deals", args=[table.tournament_id, table.pk])
    refused = organiser.post(url, {"deal": deal.pk, "seat-0": "3", "seat-1": "3", "seat-2": "-"})
    page = refused.content.decode()
    assert refused.status_code == 422
    assert "Spiel 2 wurde nicht korrigiert: Die Spieler, die getippt haben, müssen" in page
    form = page[page.index('id="deal-2"') :]
    assert re.search(r'name="seat-0">.*?<option value="3" selected>', form, re.S)
    assert re.search(r'name="seat-1">.*?<option value="3" selected>', form, re.S)
    ok = organiser.post(url, {"deal": deal.pk, "seat-0": "1", "seat-1": "2", "seat-2": "-"},
                        follow=True)  # fmt: skip
    # Back at the deal corrected, which says so (not at the top of a long page).
    assert ok.redirect_chain == [(f"{url}?corrected=2#deal-2", 302)]
    corrected = ok.content.decode()
    form = corrected[
        corrected.index('id="deal-2"') : corrected.index("</form>", corrected.index('id="deal-2"'))
    ]
    assert "Spiel 2 korrigiert." in form
    assert corrected.count("Spiel 2 korrigiert.") == 1
    bad = organiser.post(url, {"deal": deal.pk, "seat-0": "9", "seat-1": "2", "seat-2": "-"})
    assert bad.status_code == 422
    assert _taps(table)[1] == [1, 2, None]


def test_a_second_phone_sees_the_saved_deal_and_keeps_its_taps(client: Client) -> None:
    table = tippen_table()
    deals_entered(table, "2 1 - 0")
    page = post(client, table, {"0": "-", "1": "-", "2": "3", "3": "0"}, sequence=1)
    assert _taps(table) == [[2, 1, None, 0]]
    assert "Ein anderes Handy hat es zuerst gespeichert: Spiel 1 (Spieler 00 gibt" in page
    assert "Ihre Tipps stehen unten für Spiel 2" in page
    assert 'id="seat-2-4" name="seat-2" value="3" checked' in page
    assert '<input type="hidden" name="sequence" value="2">' in page
    made_up = post(client, table, {"0": "3", "1": "0", "2": "-", "3": "-"}, sequence=0)
    assert "Spiel 0" not in made_up
    assert "Diese Seite ist nicht mehr aktuell: Das nächste Spiel ist Spiel 2." in made_up
    ahead = post(client, table, {"0": "3", "1": "0", "2": "-", "3": "-"}, sequence=7)
    assert "Das nächste Spiel ist Spiel 2." in ahead
    assert len(_taps(table)) == 1
