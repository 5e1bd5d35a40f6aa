"""What the newcomer's walk missed on the race phone: the dealer, a correction of the last
deal without the organiser, a sweep's tricks not counted while tapping, two save buttons
that say which is which."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal
from tests.thedinghausen.helpers import deals_entered, race_table
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

EVEN = [2, 1, 1, 1, 0]


def page_of(client: Client, table: Table, **data: object) -> str:
    url = reverse("races:entry", args=[table.token])
    response = client.post(url, data, follow=True) if data else client.get(url)
    assert response.status_code in (200, 422)
    return response.content.decode()


def dealer_box(page: str) -> str:
    box = re.search(
        r'<li class="total[^"]*is-dealer[^"]*">\s*<span class="total-name">([^<]+)', page
    )
    assert box, "no player is marked as the dealer"
    return box.group(1)


def test_the_dealer_is_marked_and_passes_on_after_each_deal(client: Client) -> None:
    table = race_table()
    Table.objects.filter(pk=table.pk).update(first_dealer=3)
    names = [seat.registration.player.name for seat in table.seats.order_by("position")]
    assert dealer_box(page_of(client, table)) == names[3]
    deals_entered(table, EVEN, EVEN)
    assert dealer_box(page_of(client, table)) == names[0]  # deal 3: two seats on, round


def test_the_captain_corrects_the_last_deal(client: Client) -> None:
    table = race_table()
    deals_entered(table, EVEN, EVEN)
    page = page_of(client, table)
    assert "Spiel 2 korrigieren" in page
    counts = {f"count-{seat}": count for seat, count in enumerate([0, 1, 1, 1, 2])}
    page = page_of(client, table, action="correct_last", sequence=2, **counts)
    assert "Korrigiert: Spiel 2" in page
    deal = RaceDeal.objects.get(table=table, sequence=2)
    assert (deal.counts, deal.corrected_at is not None) == ([0, 1, 1, 1, 2], True)


def test_a_refused_correction_keeps_what_was_typed_and_changes_nothing(client: Client) -> None:
    table = race_table()
    deals_entered(table, EVEN)
    counts = {f"count-{seat}": count for seat, count in enumerate([3, 1, 1, 1, 0])}
    page = page_of(client, table, action="correct_last", sequence=1, **counts)
    assert "nicht 6" in page
    assert re.search(r'id="correct-0" name="count-0"[^>]*value="3"', page)
    assert re.search(r"<details class=\"race-counts race-correct\" open>", page)
    assert RaceDeal.objects.get().counts == EVEN


def test_a_correction_of_a_deal_that_is_no_longer_the_last_is_refused(client: Client) -> None:
    table = race_table()
    deals_entered(table, EVEN, EVEN)
    counts = {f"count-{seat}": count for seat, count in enumerate([0, 1, 1, 1, 2])}
    page = page_of(client, table, action="correct_last", sequence=1, **counts)
    assert "anderes Handy" in page
    assert RaceDeal.objects.get(sequence=1).counts == EVEN


def test_a_sweep_s_tricks_are_not_added_to_the_tally_while_tapping(client: Client) -> None:
    table = race_table()
    deals_entered(table, EVEN)
    page = page_of(client, table, taps="0,0,0,0", action="tap-0")
    first = re.search(r'race-tally">(\d+)<', page)
    assert first
    assert first.group(1) == "2"  # not 7: all five tricks do not count
    assert "+5" in page


def test_the_two_save_buttons_say_which_is_which(client: Client) -> None:
    page = page_of(client, race_table())
    assert "Spiel 1 speichern" in page
    assert "Spiel 1 mit diesen Stichen speichern" in page


def test_a_count_the_other_filler_seats_says_which_to_choose() -> None:
    from tournaments.draw.selectors import split_summary

    summary = split_summary(players=11, rules="thedinghausen", options={"filler": 4})
    assert not summary.seatable
    assert "Auffülltische“ 6 wählen" in summary.reason
    assert split_summary(players=11, rules="thedinghausen", options={"filler": 6}).sixes == 1


def test_a_demo_race_of_eleven_fills_up_with_a_table_of_six() -> None:
    from games.thedinghausen.demo import race_demo_options

    assert race_demo_options(11) == {"filler": 6}
    assert race_demo_options(16) == {"filler": 4}
    assert race_demo_options(10) == {}
