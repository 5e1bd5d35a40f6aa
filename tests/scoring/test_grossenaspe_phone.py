"""What a tester found on the phone at a Großenaspe night of nine (a table of four and one of
five): the captain's correction at a five, the messages of an incomplete entry, a failed game
in words, and the rules' refusals naming the player and his seat as the table card does."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors
from scoring.models import Deal
from tests.scoring.helpers import aspe_night
from tests.scoring.test_grossenaspe_correction import _post
from tests.scoring.test_grossenaspe_night import _enter
from tests.scoring.test_grossenaspe_views import _hidden
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _five_with_one_deal() -> tuple[Table, int]:
    """A table of five after its first deal; the dealer of that deal."""
    table = Table.objects.get(tournament=aspe_night(5))
    upcoming = selectors.next_deal(table=table)
    declarer = next(seat for seat in upcoming.declarers)
    _enter(table, declarer, "3 gewonnen")
    return table, upcoming.dealer


def _correction_screen(table: Table) -> str:
    deal = selectors.next_deal(table=table).last
    assert deal is not None
    url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    return Client().get(url, HTTP_HX_REQUEST="true").content.decode()


def test_the_captain_s_correction_at_five_does_not_offer_that_deal_s_dealer() -> None:
    table, dealer = _five_with_one_deal()
    page = _correction_screen(table)
    offered = re.findall(r'name="declarer" id="[^"]+" value="(\d)"', page)
    assert len(offered) == 4
    assert str(dealer) not in offered


def test_the_captain_s_correction_at_five_marks_that_deal_s_dealer() -> None:
    table, dealer = _five_with_one_deal()
    page = _correction_screen(table)
    totals = page.split('class="totals"')[1].split("</ol>")[0]
    marked = re.findall(
        r'<li class="total is-dealer[^"]*">\s*<span class="total-name">([^<]+)<', totals
    )
    name = table.seats.get(position=dealer).registration.player.name
    assert marked == [name]


def _deal_dealt_by_seat_5(table: Table) -> tuple[Deal, int]:
    """Deals entered until one is dealt by the table card's Platz 5 (position 4)."""
    while True:
        upcoming = selectors.next_deal(table=table)
        deal = _enter(table, upcoming.declarers[0], "3 gewonnen")
        if upcoming.dealer == 4:
            return deal, upcoming.dealer


def test_the_organiser_s_refusal_names_the_dealer_and_counts_from_1(organiser: Client) -> None:
    table = Table.objects.get(tournament=aspe_night(5))
    deal, dealer = _deal_dealt_by_seat_5(table)
    name = table.seats.get(position=dealer).registration.player.name
    refused = _post(organiser, table, deal, declarer=str(dealer), contract="3", result="beet",
                    reason="falsch")  # fmt: skip
    assert f"Platz 5 ({name}) hat gegeben und setzt in diesem Spiel aus" in refused
    deal.refresh_from_db()
    assert deal.game == "3 gewonnen"


def test_the_captain_s_entry_of_the_dealer_names_him_and_counts_from_1() -> None:
    table = Table.objects.get(tournament=aspe_night(5))
    _deal_dealt_by_seat_5(table)  # the next deal is dealt by Platz 1
    upcoming = selectors.next_deal(table=table)
    assert upcoming.dealer == 0
    client = Client()
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    data = {**_hidden(page), "declarer": "0", "contract": "3", "result": "won"}
    url = reverse("scoring:table_entry", args=[table.token])
    text = " ".join(client.post(url, data, HTTP_HX_REQUEST="true").content.decode().split())
    name = table.seats.get(position=0).registration.player.name
    assert f"Platz 1 ({name}) hat gegeben und setzt in diesem Spiel aus" in text
    assert selectors.next_deal(table=table).sequence == upcoming.sequence  # nothing saved


def test_a_failed_game_reads_as_the_opponents_gain_wherever_it_is_in_words(
    organiser: Client,
) -> None:
    table = Table.objects.get(tournament=aspe_night(4))
    _enter(table, 0, "2 gewonnen")
    failed = _enter(table, 1, "3 beet")
    name = table.seats.get(position=1).registration.player.name
    words = f"{name}: 3 beet – die Gegner je +3"

    captain = " ".join(Client().get(reverse("scoring:table_entry", args=[table.token]))
                       .content.decode().split())  # fmt: skip
    assert f"Zuletzt: {words}" in captain
    assert f"<span>{words}</span>" in captain  # the last entries
    assert "3 beet −3" not in captain

    url = reverse("scoring:organiser_correct", args=[table.tournament_id, failed.pk])
    correcting = " ".join(organiser.get(url).content.decode().split())
    assert f"Jetzt: {words}" in correcting

    sheet = " ".join(Client().get(reverse("scoring:table_sheet", args=[table.token]))
                     .content.decode().split())  # fmt: skip
    assert words in sheet  # the history under the sheet
    assert "3 beet −3" not in sheet.split("</table>", 1)[1]
