"""Saving a deal and opening the captain page cost a fixed number of SQL queries, whether the
tournament has 1 deal or 1,000 (issue 4, "Speed").

Each count is asserted exactly, with the same figure for 1 and for 1,000 deals before: a query
per deal (or per seat) shows as a count that grows, a new query in the flow as a count that
changed. The counts include the SAVEPOINT and RELEASE of `deal_record`'s `atomic()`, since the
test itself runs in a transaction.
"""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from fipsen_rules import Game
from scoring import selectors, services
from scoring.models import Deal
from tests.scoring.helpers import deals_played
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import MAX_DEALS, Table

pytestmark = pytest.mark.django_db

#: One deal, and as many as a table can have (it plays at most MAX_DEALS).
BEFORE = pytest.mark.parametrize(
    "deals_before", [1, MAX_DEALS - 10], ids=["1 deal", "a full table"]
)

#: The table's receipt on the captain page (tournaments/ledger/receipts.py): its entries' values.
RECEIPT_QUERIES = 1
#: The receipt header after a save: the entry saved by the form's submission (one query
#: for every kind of entry), then the receipts.
RECEIPT_HEADER_QUERIES = 1 + RECEIPT_QUERIES
#: The captain page: the table by its link with its tournament and seats, the latest entries,
#: and the totals summed by the database; the receipt.
PAGE_QUERIES = 3 + RECEIPT_QUERIES
#: deal_record: SAVEPOINT, the table, its tournament and its seats with their players locked
#: in one statement (issue 22), the latest entries, the deal, its history entry, the table's
#: running totals (its deals summed, the table's row and the seats' rows written), RELEASE
#: SAVEPOINT.
RECORD_QUERIES = 9
#: deal_record at the link: the table is read by its link only under the lock, so the same
#: queries as RECORD_QUERIES (issue 9: no read of the table before); it redirects, with the
#: receipt's header.
SAVE_QUERIES = RECORD_QUERIES + RECEIPT_HEADER_QUERIES
#: A save through htmx, answered with the new screen: RECORD_QUERIES, then the totals (the next
#: entry is worked out from the save: no query) and the receipt, which the screen reads once
#: and the receipt's header takes from it (no query of its own).
SCREEN_SAVE_QUERIES = RECORD_QUERIES + 1 + RECEIPT_QUERIES
#: A deal the rules refuse: deal_record at the link up to the rules' verdict (SAVEPOINT, the
#: locked read of table and seats, latest entries, ROLLBACK TO SAVEPOINT, RELEASE), then the
#: latest entries and the totals to show the page again, and the receipt. The answer says "refused"
#: (X-Preisfipsen-Entry), so the receipt's header looks for no saved entry.
REFUSED_QUERIES = 5 + 2 + RECEIPT_QUERIES


def tables_with_deals(deals_before: int) -> Table:
    """A night of two tables of four that both have ``deals_before`` deals; the first table."""
    tournament = night(present=8, deals_at_four=deals_before + 10)
    tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    tables = list(Table.objects.select_related("tournament").filter(tournament=tournament))
    assert len(tables) == 2
    for table in tables:
        deals_played(table, deals_before)
    return tables[0]


def form_of(client: Client, table: Table) -> dict[str, str]:
    """The hidden fields of the entry form, as the page serves them."""
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }


@BEFORE
def test_saving_a_deal_on_the_page(
    django_assert_num_queries: DjangoAssertNumQueries, deals_before: int
) -> None:
    table = tables_with_deals(deals_before)
    client = Client()
    data = {**form_of(client, table), "declarer": 1, "contract": "3", "result": "won"}

    with django_assert_num_queries(SAVE_QUERIES):
        response = client.post(reverse("scoring:table_entry", args=[table.token]), data)

    assert response.status_code == 302
    assert Deal.objects.get(table=table, sequence=deals_before + 1).game == "3 gewonnen"


@BEFORE
def test_saving_a_deal_with_htmx_answers_with_the_new_screen(
    django_assert_num_queries: DjangoAssertNumQueries, deals_before: int
) -> None:
    table = tables_with_deals(deals_before)
    client = Client()
    url = reverse("scoring:table_entry", args=[table.token])
    data = {**form_of(client, table), "declarer": 1, "contract": "3", "result": "won"}

    with django_assert_num_queries(SCREEN_SAVE_QUERIES):
        response = client.post(url, data, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert Deal.objects.get(table=table, sequence=deals_before + 1).game == "3 gewonnen"
    # The screen worked out from the save is the one the table's entries give when read.
    read = client.get(url, headers={"HX-Request": "true"}).content.decode()
    for part in (r"<h1.*?</h1>", r'<ol class="totals".*?</ol>', r'<ul class="deal-list">.*?</ul>'):
        saved = re.search(part, response.content.decode(), re.DOTALL)
        assert saved is not None
        assert saved.group(0) == re.search(part, read, re.DOTALL).group(0)  # type: ignore[union-attr]


@BEFORE
def test_a_deal_the_rules_refuse(
    django_assert_num_queries: DjangoAssertNumQueries, deals_before: int
) -> None:
    table = tables_with_deals(deals_before)
    client = Client()
    data = {**form_of(client, table), "declarer": 1, "contract": "kieker", "hand": "on"}

    with django_assert_num_queries(REFUSED_QUERIES):
        response = client.post(reverse("scoring:table_entry", args=[table.token]), data)

    assert response.status_code == 200
    assert "field-invalid" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == deals_before


@BEFORE
def test_deal_record(django_assert_num_queries: DjangoAssertNumQueries, deals_before: int) -> None:
    table = tables_with_deals(deals_before)

    with django_assert_num_queries(RECORD_QUERIES):
        deal = services.deal_record(
            table=table,
            sequence=deals_before + 1,
            submission=uuid.uuid4(),
            declarer=2,
            game=Game.parse("4 Hand verloren"),
        )

    assert (deal.number, deal.score) == (deals_before + 1, -16)


@BEFORE
def test_the_captain_page(
    django_assert_num_queries: DjangoAssertNumQueries, deals_before: int
) -> None:
    table = tables_with_deals(deals_before)
    client = Client()

    with django_assert_num_queries(PAGE_QUERIES):
        response = client.get(reverse("scoring:table_entry", args=[table.token]))

    assert response.status_code == 200
    # The totals it shows are those of all the deals before: 2 points a deal, by seat.
    sheet = selectors.table_sheet(table=table)
    assert sum(sheet.totals) == 2 * deals_before
    page = response.content.decode()
    shown = [int(t) for t in re.findall(r'class="total-points"[^>]*>(-?\d+)<', page)]
    assert shown == list(sheet.totals)
