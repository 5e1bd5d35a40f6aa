"""The race's organiser pages as a newcomer found them (issue 18): a table's page was 14,000 px
of open correction forms with no way back to the tables, the standings heading lacked the
night's name, and the cash box ended on an odd comma."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.thedinghausen.helpers import deals_entered, race_night
from tests.tippen.helpers import tippen_night
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

EVEN = [2, 1, 1, 1, 0]


def test_a_table_s_deals_are_folded_with_a_way_back_to_all_tables(organiser: Client) -> None:
    tournament = race_night(5)
    table = Table.objects.get(tournament=tournament)
    deals = deals_entered(table, *[EVEN] * 12)
    url = reverse("races:table_deals", args=[tournament.pk, table.pk])
    page = organiser.get(url).content.decode()
    assert page.count('<details class="race-correction">') == 12  # all folded
    assert page.count("<summary>") == 12
    back = reverse("races:standings", args=[tournament.pk]) + "#tables"
    assert f'href="{back}">Alle Tische</a>' in page
    assert (
        'id="tables"'
        in organiser.get(reverse("races:standings", args=[tournament.pk])).content.decode()
    )

    # A refused correction stays open, alone.
    bad = {f"count-{seat}": 3 for seat in range(5)}
    refused = organiser.post(url, {"deal": deals[4].pk, **bad})
    assert refused.status_code == 422
    page = refused.content.decode()
    assert page.count('<details class="race-correction" open>') == 1
    opened = page.index('<details class="race-correction" open>')
    assert f'name="deal" value="{deals[4].pk}"' in page[opened : page.index("</details>", opened)]


def test_tippen_s_table_page_leads_back_to_all_tables(organiser: Client) -> None:
    tournament = tippen_night(4)
    table = Table.objects.get(tournament=tournament)
    page = organiser.get(
        reverse("pots:table_deals", args=[tournament.pk, table.pk])
    ).content.decode()
    back = reverse("pots:standings", args=[tournament.pk]) + "#tables"
    assert f'href="{back}">Alle Tische</a>' in page


@pytest.mark.parametrize(
    ("kind", "page"),
    [("race", "races:standings"), ("race", "races:cash_box"), ("tippen", "pots:standings")],
)
def test_the_headings_name_the_night(organiser: Client, kind: str, page: str) -> None:
    tournament = race_night(5) if kind == "race" else tippen_night(4)
    html = organiser.get(reverse(page, args=[tournament.pk])).content.decode()
    heading = re.search(r"<h1>(.*?)</h1>", html)
    assert heading is not None
    assert heading[1].endswith(f": {tournament.name}")


def test_the_cash_box_ends_on_a_plain_sentence(organiser: Client) -> None:
    tournament = race_night(5)
    deals_entered(Table.objects.get(tournament=tournament), [0, 5, 0, 0, 0])
    page = organiser.get(reverse("races:cash_box", args=[tournament.pk])).content.decode()
    assert re.search(r"<p>Insgesamt \d+ Brötchen gewonnen\.</p>", page)
    assert ", insgesamt" not in page


def test_tippen_s_tied_places_read_the_same_on_the_board_and_the_standings(
    organiser: Client,
) -> None:
    tournament = tippen_night(4)  # no deal yet: all four share place 1
    board = Client().get(reverse("scoring:board", args=[tournament.board_token])).content.decode()
    page = organiser.get(reverse("pots:standings", args=[tournament.pk])).content.decode()
    assert '<td class="board-place">1. =</td>' in board
    assert "<tr><td>1. =</td>" in page
