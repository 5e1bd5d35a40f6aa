"""Duttfips's refusals name Vorhand's player, as the phone shows players by name, not by seat
(the walk's finding: "Wenn niemand reizt, nimmt die Vorhand (Platz 1) den Dutt.")."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors
from tests.scoring.helpers import meck_night
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def _post(table: Table, declarer: int, contract: str) -> str:
    client = Client()
    url = reverse("scoring:table_entry", args=[table.token])
    page = client.get(url).content.decode()
    data = {"declarer": str(declarer), "contract": contract, "result": "won"}
    for name in ("sequence", "submission"):
        data[name] = re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    return html.unescape(" ".join(client.post(url, data).content.decode().split()))


def test_the_dutt_of_the_wrong_player_names_vorhand() -> None:
    table = Table.objects.get(tournament=meck_night("duttfips"))
    vorhand = (selectors.next_deal(table=table).dealer + 1) % 4
    name = Seat.objects.get(table=table, position=vorhand).registration.player.name
    text = _post(table, (vorhand + 1) % 4, "dutt")
    assert f"nimmt die Vorhand, Platz {vorhand + 1} ({name}), den Dutt." in text
    text = _post(table, vorhand, "oewer")
    assert f"Die Vorhand, Platz {vorhand + 1} ({name}), hat den Dutt schon" in text
    assert not table.deal_set.exists()
