"""The captain's page of a Großenaspe table (SPEC C3): its tiles, a deal entered, the totals
with each opponent's gain, the preview, and the dealer of a five not offered."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import aspe_night
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _page(client: Client, table: Table) -> str:
    return client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()


def _hidden(page: str) -> dict[str, str]:
    return {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }


def test_the_captain_taps_a_beet_and_each_opponent_gains() -> None:
    table = Table.objects.get(tournament=aspe_night(4, kloppen=True))
    client = Client()
    page = _page(client, table)
    for word in ("Gute", "Kreuz", "Durch", "geklopft", "pott beet", "Fips"):
        assert word in page
    assert "Siebener" not in page
    data = {**_hidden(page), "declarer": "1", "contract": "3", "gute": "on", "result": "beet"}
    preview = client.post(reverse("scoring:table_preview", args=[table.token]), data)
    assert "3 Gute beet" in preview.content.decode()
    assert "+6" in preview.content.decode()
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data, follow=True)
    text = " ".join(response.content.decode().split())
    assert "3 Gute beet – die Gegner je +6" in text  # not "−6": each opponent gains


def test_at_a_table_of_five_the_dealer_is_not_offered() -> None:
    table = Table.objects.get(tournament=aspe_night(5))
    page = _page(Client(), table)
    offered = re.findall(r'name="declarer" id="[^"]+" value="(\d)"', page)
    assert len(offered) == 4
