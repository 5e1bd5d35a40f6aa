"""The organiser's check of a receipt at a night of several series (tournaments/receipt_check.py,
views/receipts.py): the table's series is asked first (the series drawn last by default),
since a table's number repeats in every series."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import enter
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments.models import Table, Tournament
from tournaments.receipt_check import receipt_verdict
from tournaments.receipts import table_chain

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


@pytest.fixture
def two_series() -> Tournament:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    for series, game in ((1, "3 gewonnen"), (2, "2 Hand verloren")):
        enter(Table.objects.get(tournament=tournament, series=series, number=1), 0, game)
    return tournament


def code(tournament: Tournament, series: int) -> str:
    table = Table.objects.get(tournament=tournament, series=series, number=1)
    link = table_chain(table).numbered(1)
    assert link is not None
    return link.code


@pytest.mark.parametrize("series", [1, 2])
def test_a_receipt_is_checked_at_the_table_of_its_series(
    two_series: Tournament, series: int
) -> None:
    own, other = code(two_series, series), code(two_series, 3 - series)
    assert own != other
    assert receipt_verdict(two_series, series=series, table=1, deal=1, code=own).matches
    assert not receipt_verdict(two_series, series=series, table=1, deal=1, code=other).matches


def test_the_page_asks_the_series_first_the_last_drawn_by_default(
    organiser: Client, two_series: Tournament
) -> None:
    url = reverse("tournaments:receipt_check", args=[two_series.pk])
    page = organiser.get(url).content.decode()
    assert page.index('name="series"') < page.index('name="table"')
    assert 'name="series" value="2"' in page

    asked = {"series": "1", "table": "1", "deal": "1", "code": code(two_series, 1)}
    answer = organiser.get(url, asked).content.decode()
    assert "message-success" in answer


def test_a_night_of_one_series_asks_no_series(organiser: Client) -> None:
    tournament = night(present=4)
    page = organiser.get(reverse("tournaments:receipt_check", args=[tournament.pk]))
    assert 'name="series"' not in page.content.decode()
