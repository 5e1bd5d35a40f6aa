"""The captain's page of a Mecklenburg table (SPEC C5): its tiles, a deal entered and scored by
the club's table, the preview, a contract the club lacks refused on its tile, the organiser's
correction page, and the paper sheet's page offered."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.helpers import meck_night
from tournaments.models import Table

pytestmark = pytest.mark.django_db

CLUB = {"1": [1, -2], "2 Ruten": [5, -10], "Fips": [15, -30], "Rutenfips": [30, -60]}


def _page(client: Client, table: Table) -> str:
    return client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()


def _hidden(page: str) -> dict[str, str]:
    return {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())


def test_ansegger_tiles_a_deal_and_its_preview() -> None:
    table = Table.objects.get(tournament=meck_night("ansegger", points=CLUB))
    client = Client()
    page = _page(client, table)
    for tile in ('value="1"', 'value="fips"', 'value="passed"', 'name="ruten"'):
        assert tile in page
    for absent in ("Siebener", "Kieker", 'name="hand"', 'name="durch"', "aufgegeben"):
        assert absent not in page
    data = {**_hidden(page), "declarer": "2", "contract": "2", "ruten": "on", "result": "lost"}
    preview = _text(client.post(reverse("scoring:table_preview", args=[table.token]), data))
    assert "2 Ruten verloren" in preview
    assert "−10" in preview
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data, follow=True)
    text = _text(response)
    assert "2 Ruten verloren" in text
    assert table.deal_set.get().score == -10


def test_a_contract_the_club_lacks_is_refused_on_its_tile() -> None:
    table = Table.objects.get(tournament=meck_night("ansegger", points=CLUB))
    client = Client()
    page = _page(client, table)
    data = {**_hidden(page), "declarer": "1", "contract": "3", "result": "won"}
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    text = _text(response)
    assert "Punktetabelle des Vereins" in text
    assert "3" in text
    assert not table.deal_set.exists()


def test_duttfips_tiles_and_the_dutt_of_the_wrong_player() -> None:
    table = Table.objects.get(tournament=meck_night("duttfips"))
    client = Client()
    page = _page(client, table)
    for word in ("Dutt", "Ruten oewer", "Rutenfips"):
        assert word in page
    assert 'value="passed"' not in page
    assert 'name="ruten"' not in page
    from scoring import selectors

    dealer = selectors.next_deal(table=table).dealer
    wrong = (dealer + 2) % 4
    data = {**_hidden(page), "declarer": str(wrong), "contract": "dutt", "result": "won"}
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert "Vorhand" in _text(response)
    data["declarer"] = str((dealer + 1) % 4)
    client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert table.deal_set.get().game == "Dutt gewonnen"


def test_the_organiser_corrects_a_deal_on_its_page() -> None:
    tournament = meck_night("ansegger", points=CLUB)
    table = Table.objects.get(tournament=tournament)
    client = Client()
    page = _page(client, table)
    data = {**_hidden(page), "declarer": "0", "contract": "1", "result": "won"}
    client.post(reverse("scoring:table_entry", args=[table.token]), data)
    deal = table.deal_set.get()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:organiser_correct", args=[tournament.pk, deal.pk])
    form = client.get(url).content.decode()
    assert re.search(r'name="contract" id="[^"]+" value="1" checked', form)
    fixed = {**_hidden(form), "declarer": "0", "contract": "fips", "ruten": "on",
             "result": "won", "reason": "Rutenfips"}  # fmt: skip
    response = client.post(url, fixed)
    assert response.status_code == 302, _text(response)
    deal.refresh_from_db()
    assert (deal.game, deal.score) == ("Rutenfips gewonnen", 30)


def test_a_paper_sheet_is_typed_in_on_the_table_s_link() -> None:
    # the sheet itself: test_mecklenburg_paper.py
    table = Table.objects.get(tournament=meck_night("ansegger"))
    page = Client().get(reverse("scoring:table_paper", args=[table.token])).content.decode()
    assert "Papierzettel lassen sich nur" not in page
    assert 'name="text"' in page
