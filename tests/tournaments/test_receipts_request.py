"""A request reads a table's chain once (tournaments.ledger.receipts.request_chain): the captain's
screen and the answer's receipt header share it, and the header finds the saved entry's code
in it by the form's submission."""

import pytest
from django.test import RequestFactory
from pytest_django import DjangoAssertNumQueries

from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tournaments.ledger.receipts import receipt_of_submission, request_chain, table_chain

pytestmark = pytest.mark.django_db


def test_a_request_reads_the_chain_once(django_assert_num_queries: DjangoAssertNumQueries) -> None:
    table = playing_table(players=4, deals=10, played=5)
    request = RequestFactory().get("/")
    with django_assert_num_queries(1):
        first = request_chain(request, table)
        assert request_chain(request, table) is first
    assert first == table_chain(table)
    # Another request reads it afresh: nothing outlives a request.
    with django_assert_num_queries(1):
        assert request_chain(RequestFactory().get("/"), table) is not first


def test_the_header_takes_the_code_from_the_chain_read(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    table = playing_table(players=4, deals=10, played=5)
    deal = Deal.objects.filter(table=table).order_by("sequence")[2]
    expected = table_chain(table).code_of(deal.sequence)
    request = RequestFactory().post("/")
    request_chain(request, table)
    with django_assert_num_queries(0):
        found = receipt_of_submission(
            token=table.token, submission=str(deal.submission), request=request
        )
    assert found == expected
    # Without a chain read, the same code from the database.
    assert receipt_of_submission(token=table.token, submission=str(deal.submission)) == expected
