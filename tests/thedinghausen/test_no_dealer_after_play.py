"""A race table that takes no more deals (ended early) marks no dealer: no deal follows."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services as scoring_services
from tests.thedinghausen.helpers import race_table

pytestmark = pytest.mark.django_db


def test_an_ended_race_table_marks_no_dealer() -> None:
    table = race_table()
    url = reverse("races:entry", args=[table.token])
    assert Client().get(url).content.decode().count('<span class="badge">Geber</span>') == 1
    scoring_services.table_end_early(table=table, reason="Feierabend", user=None)
    assert '<span class="badge">Geber</span>' not in Client().get(url).content.decode()
