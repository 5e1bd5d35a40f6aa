"""The proof of issue 27: Reizfips, a test-only Skat-like game with a number among its taps (the
bid), its own error codes and its own notation word, plays deals through the captain's page:
the bid typed beside the tiles, a bid its rules refuse said in its own German words (nothing
saved), a deal said in English with its own word, and a correction that keeps the bid it
does not change (a correction once turned a 72 into a 48). Runs on SQLite and PostgreSQL."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.deal_pages import kept_taps
from scoring.forms import deal_form
from scoring.models import Deal
from tests.rule_set_proof.reizfips import NAME
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german", "reizfips_registered")]

FORM = {
    "name": "Reizfips-Abend",
    "date": "2026-12-06",
    "place": "Prisdorf",
    "rule_set": NAME,
    "deals_at_four": "4",
    "deals_at_three": "3",
    "tie_break": "",
    "entry_fee": "0",
}


def _table(organiser: Client) -> Table:
    response = organiser.post(reverse("tournaments:tournament_create"), FORM)
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name=FORM["name"])
    for number in range(3):
        player = player_create(name=f"Reizer {number}", club="Skatclub")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    return Table.objects.get(tournament=tournament)


def _form_values(page: str) -> dict[str, str]:
    """What a browser would post of the page's deal form as it stands: hidden fields, the
    tiles checked, the numbers as they are filled in."""
    values = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
    for tag in re.findall(r"<input [^>]*>", page):
        name = re.search(r'name="(\w+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name is None or value is None:
            continue
        if 'type="number"' in tag or ("checked" in tag and 'type="radio"' in tag):
            values[name.group(1)] = value.group(1)
    return values


def _entry(phone: Client, table: Table) -> str:
    return phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()


def _tapped(page: str, declarer: int, contract: str, bid: str, result: str) -> dict[str, str]:
    return {**_form_values(page), "declarer": str(declarer), "contract": contract, "bid": bid,
            "result": result}  # fmt: skip


def test_a_bid_is_typed_refused_in_the_games_words_and_kept_by_a_correction(
    organiser: Client,
) -> None:
    table = _table(organiser)
    phone = Client()
    entry = reverse("scoring:table_entry", args=[table.token])

    page = _entry(phone, table)
    assert re.search(r'<label for="id_bid">Reizwert</label>', page)
    number = re.search(r'<input class="number-input" type="number"[^>]*>', page)
    assert number is not None
    assert 'inputmode="numeric"' in number.group(0)
    assert 'value="18" min="18" max="264"' in number.group(0)
    assert page.count('data-step-for="id_bid"') == 2, "a minus and a plus"

    # The preview and the save take the typed bid.
    taps = _tapped(page, 1, "grand", "72", "won")
    preview = phone.post(reverse("scoring:table_preview", args=[table.token]), taps)
    assert "Grand 72 gewonnen" in preview.content.decode()
    saved = phone.post(entry, taps, follow=True).content.decode()
    assert "Eingetragen:" in saved
    deal = Deal.objects.get(table=table, number=1)
    assert (deal.game, deal.score, deal.declarer) == ("Grand 72 gewonnen", 72, 1)

    # A bid its rules refuse: its own code, in its own German words, on the bid; nothing saved.
    page = _entry(phone, table)
    refused = phone.post(entry, _tapped(page, 2, "farbe", "19", "won")).content.decode()
    assert "19 kann man nicht reizen; die nächsten Reizwerte sind 18 und 20." in refused
    assert 'class="tiles tiles-number field-invalid"' in refused
    assert Deal.objects.filter(table=table).count() == 1

    # A bid out of the field's bounds is refused before the rules see it.
    page = _entry(phone, table)
    assert (
        "Eingetragen:"
        not in phone.post(entry, _tapped(page, 2, "farbe", "300", "won")).content.decode()
    )
    assert Deal.objects.filter(table=table).count() == 1

    # Its own notation word, in German as stored and in English on an English page.
    page = _entry(phone, table)
    phone.post(entry, _tapped(page, 2, "null", "23", "overbid"), follow=True)
    deal = Deal.objects.get(table=table, number=2)
    assert (deal.game, deal.score) == ("Null 23 überreizt", -46)
    assert "Null 23 überreizt" in _entry(phone, table)
    english = phone.get(entry, headers={"Accept-Language": "en"}).content.decode()
    assert "Null 23 overbid" in english
    assert "überreizt" not in english

    # The organiser's correction shows the bid as it stands and keeps it: only the result is
    # tapped anew.
    first = Deal.objects.get(table=table, number=1)
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, first.pk])
    page = organiser.get(url).content.decode()
    shown = _form_values(page)
    assert (shown["contract"], shown["bid"], shown["result"]) == ("grand", "72", "won")
    organiser.post(url, {**shown, "result": "lost", "reason": "Zettel"}, follow=True)
    first.refresh_from_db()
    assert (first.game, first.score) == ("Grand 72 verloren", -144)


def test_the_kept_taps_carry_the_bid(organiser: Client) -> None:
    """A deal kept through a confirmation (another phone took its entry) keeps its bid."""
    table = _table(organiser)
    seats = list(table.seats.select_related("registration__player"))
    data = {"sequence": 1, "submission": uuid.uuid4(), "declarer": 0, "contract": "grand",
            "bid": 96, "result": "won"}  # fmt: skip
    form = deal_form(table.tournament, data, seats=seats)
    assert form.is_valid(), form.errors
    kept = deal_form(table.tournament, initial=form.cleaned_data, seats=seats)
    assert ("kept-bid", "96") in kept_taps(kept)
