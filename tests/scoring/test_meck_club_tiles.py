"""The captain's page and the organiser's correction of a Mecklenburg night offer a tile only
for a contract the club's table has points for (a tester tapped "1" and was refused after)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.helpers import meck_night
from tournaments.models import Table

pytestmark = pytest.mark.django_db

NO_ONES = {"2": [2, -2], "3": [3, -3], "4": [4, -4], "Fips": [10, -20]}
NO_RUTENFIPS = {"Dutt": [2, -2], "Ruten oewer": [4, -4], "Fips": [10, -20]}


def _tiles(page: str) -> set[str]:
    return set(re.findall(r'name="contract" id="[^"]+" value="([^"]+)"', page))


def test_ansegger_offers_no_tile_for_a_contract_without_points() -> None:
    tournament = meck_night("ansegger", points=NO_ONES)
    table = Table.objects.get(tournament=tournament)
    client = Client()
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert _tiles(page) == {"2", "3", "4", "fips", "passed"}
    assert 'name="ruten"' not in page  # no Ruten row at all
    data = {"declarer": "0", "contract": "2", "result": "won"}
    for name in ("sequence", "submission"):
        data[name] = re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    client.post(reverse("scoring:table_entry", args=[table.token]), data)
    deal = table.deal_set.get()
    client.force_login(UserFactory(is_staff=True))
    form = client.get(reverse("scoring:organiser_correct", args=[tournament.pk, deal.pk]))
    assert _tiles(form.content.decode()) == {"2", "3", "4", "fips", "passed"}
    assert 'name="ruten"' not in form.content.decode()


def test_ansegger_keeps_a_number_whose_ruten_has_points() -> None:
    table = Table.objects.get(tournament=meck_night("ansegger", points={"1 Ruten": [2, -2]}))
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert _tiles(page) == {"1", "passed"}
    assert 'name="ruten"' in page


def test_duttfips_offers_no_rutenfips_without_points() -> None:
    table = Table.objects.get(tournament=meck_night("duttfips", points=NO_RUTENFIPS))
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert _tiles(page) == {"dutt", "oewer", "fips"}
