"""Preisskat at the table (issue 28 items 1 and 2): a list of four played through the captain's
page as the phone posts it; the dealer sits out and is not offered as declarer; the Spitzen
and the bid are numbers; a won game gives its value and 50, a lost one costs twice it and 50
and gives every other seat 30 (the dealer who sat out too); eingepasst counts and passes the
deal on; what the rules refuse is said in German and saves nothing. SQLite and PostgreSQL."""

import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring import selectors
from scoring.models import Deal
from tests.rule_set_proof.test_reizfips_night import _form_values
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.ledger.totals import TableTotal
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

FORM = {
    "name": "Preisskat im Dorfkrug",
    "date": "2026-12-07",
    "place": "Prisdorf",
    "rule_set": "preisskat",
    "tie_break": "",
    "entry_fee": "0",
}


def _table(organiser: Client, players: int = 4, **options: str) -> Table:
    response = organiser.post(reverse("tournaments:tournament_create"), {**FORM, **options})
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name=FORM["name"])
    for number in range(players):
        player = player_create(name=f"Skatspieler {number}", club="Skatclub")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    return Table.objects.get(tournament=tournament)


def _post(phone: Client, table: Table, **taps: str | list[str]) -> str:
    """The captain's page as it stands, with ``taps`` tapped, saved; the answer's page."""
    url = reverse("scoring:table_entry", args=[table.token])
    page = phone.get(url).content.decode()
    return phone.post(url, {**_form_values(page), **taps}, follow=True).content.decode()


def _declarer_tiles(page: str) -> list[str]:
    return re.findall(r'name="declarer" id="[^"]*" value="(\d)"', page)


def test_a_list_of_four_at_the_table(organiser: Client) -> None:
    table = _table(organiser)
    assert table.deals == 48
    phone = Client()
    page = phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    upcoming = selectors.next_deal(table=table)
    assert upcoming.sitting_out == upcoming.dealer
    # The dealer who sits out is never offered as declarer; the numbers start at 1 and 18.
    assert sorted(_declarer_tiles(page)) == sorted(str(seat) for seat in upcoming.declarers)
    assert str(upcoming.dealer) not in _declarer_tiles(page)
    for value in ("karo", "herz", "pik", "kreuz", "grand", "null", "passed"):
        assert re.search(f'name="contract" id="[^"]*" value="{value}"', page), value
    assert re.search('name="tops" id="id_tops" value="1" min="1" max="11"', page)
    assert 'name="kontra"' not in page  # the tournament plays without Kontra

    # "Kreuz mit 2 gewonnen": 12 × 3 = 36, and 50; the verdict says both before saving.
    declarer = upcoming.declarers[0]
    preview = phone.post(
        reverse("scoring:table_preview", args=[table.token]),
        {**_form_values(page), "declarer": str(declarer), "contract": "kreuz", "tops": "2",
         "result": "won"},
    ).content.decode()  # fmt: skip
    assert 'Kreuz mit 2 gewonnen</span> <span class="preview-value">(Wert +36)</span> =' in preview
    assert "+86" in preview
    saved = _post(phone, table, declarer=str(declarer), contract="kreuz", tops="2", result="won")
    assert "Eingetragen:" in saved
    deal = Deal.objects.get(table=table, number=1)
    assert deal.game == "Kreuz mit 2 gewonnen"
    assert deal.seat_changes[:4] == tuple(86 if s == declarer else 0 for s in range(4))

    # A lost game: twice its value and 50; every other seat 30, the dealer who sat out too.
    upcoming = selectors.next_deal(table=table)
    declarer = upcoming.declarers[1]
    _post(phone, table, declarer=str(declarer), contract="grand", tops="1", result="lost")
    deal = Deal.objects.get(table=table, number=2)
    assert (deal.game, deal.score) == ("Grand mit 1 verloren", -146)  # the declarer's change
    assert deal.seat_changes[:4] == tuple(-146 if s == declarer else 30 for s in range(4))

    # eingepasst counts as a deal and passes the deal on.
    dealer = selectors.next_deal(table=table).dealer
    _post(phone, table, contract="passed")
    deal = Deal.objects.get(table=table, number=3)
    assert (deal.game, deal.declarer, deal.seat_changes[:4]) == ("eingepasst", None, (0,) * 4)
    after = selectors.next_deal(table=table)
    assert (after.number, after.dealer) == (4, (dealer + 1) % 4)
    assert TableTotal.objects.get(table=table).played == 3  # the progress counts it too


def test_the_demo_plays_a_preisskat_evening_of_three_series() -> None:
    """Every list played to its end (a passed deal counts), so the next series is drawn."""
    out = io.StringIO()
    call_command("demo_night", rules="preisskat", series=3, players=7, seed=5, stdout=out)
    tournament = Tournament.objects.get()
    tables = Table.objects.filter(tournament=tournament)
    assert sorted(set(tables.values_list("series", flat=True))) == [1, 2, 3]
    assert sorted(tables.values_list("deals", flat=True)) == [36, 36, 36, 48, 48, 48]
    assert Deal.objects.filter(table__tournament=tournament, number__isnull=False).count() == 252
    assert "252" in out.getvalue()


@pytest.mark.parametrize(
    ("taps", "message"),
    [
        ({"contract": "pik", "schneider_angesagt": "on", "result": "won"},
         "Schneider oder Schwarz kann nur in einem Handspiel angesagt werden"),
        ({"contract": "karo", "ohne": "on", "bid": "22", "result": "won"},
         "Gereizt 22, das Spiel ist aber nur 18 wert"),
        ({"contract": "karo", "bid": "19", "result": "lost"},
         "19 kann man nicht reizen"),
        ({"contract": "null", "schneider": "on", "result": "won"},
         "Ein Null hat keine Spitzen"),
    ],
)  # fmt: skip
def test_what_cannot_be_is_refused_in_german_and_nothing_saved(
    organiser: Client, taps: dict[str, str], message: str
) -> None:
    table = _table(organiser, players=3)
    phone = Client()
    declarer = selectors.next_deal(table=table).declarers[0]
    refused = _post(phone, table, declarer=str(declarer), **taps)
    assert message in refused
    assert "Eingetragen:" not in refused
    assert not Deal.objects.filter(table=table).exists()


def test_the_dealer_who_sits_out_is_refused_as_declarer(organiser: Client) -> None:
    table = _table(organiser)
    dealer = selectors.next_deal(table=table).dealer
    refused = _post(Client(), table, declarer=str(dealer), contract="herz", result="won")
    assert "Eingetragen:" not in refused
    assert not Deal.objects.filter(table=table).exists()


def test_kontra_where_the_club_plays_it_and_the_deal_in_english(organiser: Client) -> None:
    table = _table(organiser, players=3, preisskat_kontra="on")
    phone = Client()
    page = phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert 'name="kontra"' in page
    declarer = selectors.next_deal(table=table).declarers[0]
    _post(phone, table, declarer=str(declarer), contract="herz", tops="1", kontra="on",
          result="won", hand="on")  # fmt: skip
    deal = Deal.objects.get(table=table, number=1)
    assert (deal.game, deal.score) == ("Herz mit 1 Hand Kontra gewonnen", 110)  # 10 × 3 × 2 + 50
    url = reverse("scoring:table_entry", args=[table.token])
    english = phone.get(url, headers={"Accept-Language": "en"}).content.decode()
    assert "Herz with 1 Hand Kontra won" in english
