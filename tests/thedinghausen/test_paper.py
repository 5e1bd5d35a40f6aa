"""A race is not typed in from a paper sheet (docs/rules/thedinghausen.md, "No paper
transcription"): the organiser's paper page of a race table says so and saves nothing, the
captain's paper address of a race table is not a page, and the service refuses."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal
from scoring import selectors, services
from scoring.models import Deal
from tests.thedinghausen.helpers import deals_entered, race_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

REFUSAL = (
    "Papierzettel lassen sich nur für diese Spiele abtippen: Prisdorf Fipsen, Großenaspe "
    "Fipsen, Ansegger Fips (Mecklenburg), Duttfips (Mecklenburg), Preisskat (Turnierskat)."
)


def test_the_organisers_paper_page_of_a_race_table_refuses(organiser: Client) -> None:
    table = race_table()
    deals_entered(table, (2, 1, 1, 1, 0))
    url = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])

    page = organiser.get(url)
    sent = organiser.post(url, {"text": "2 1 1 1 0\n0 2 1 1 1", "check": "1"})

    assert page.status_code == 200
    assert REFUSAL in " ".join(page.content.decode().split())
    assert "von 1" not in page.content.decode()  # no "deal 2 of 1": the placeholder unread
    assert REFUSAL in " ".join(sent.content.decode().split())
    assert RaceDeal.objects.count() == 1
    assert not Deal.objects.exists()


def test_the_captains_paper_address_of_a_race_table_is_no_page(client: Client) -> None:
    table = race_table()
    assert client.get(reverse("scoring:table_paper", args=[table.token])).status_code == 404


def test_the_service_refuses_a_race_table() -> None:
    table = race_table()
    with pytest.raises(ValidationError) as refused:
        services.sheet_require_open(table=table, upcoming=selectors.next_deal(table=table))
    assert refused.value.code == "paper_rules"
