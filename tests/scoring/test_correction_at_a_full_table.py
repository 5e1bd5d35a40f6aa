"""A captain's correction at a table that has played all its deals says whom to ask: the
organiser, who can still correct it (issue 18, a newcomer's finding)."""

import pytest
from django.test import Client
from django.urls import reverse

from fipsen_rules import Game
from scoring import services
from scoring.models import Deal
from tests.factories import UserFactory
from tests.scoring.helpers import playing_table

pytestmark = pytest.mark.django_db

ASK = "Bitte die Turnierleitung fragen, sie kann es auf ihren Seiten korrigieren."


@pytest.mark.parametrize("htmx", [True, False], ids=["on the screen", "without JavaScript"])
def test_the_captain_is_sent_to_the_organiser(client: Client, htmx: bool) -> None:
    table = playing_table(deals=4, played=4)
    last = Deal.objects.filter(table=table).order_by("sequence").last()
    assert last is not None
    url = reverse("scoring:table_correct", args=[table.token, last.pk])
    fields = {"sequence": last.sequence, "submission": last.submission,
              "declarer": 1, "contract": "3", "result": "lost"}  # fmt: skip
    headers = {"HX-Request": "true"} if htmx else {}
    page = client.post(url, fields, headers=headers).content.decode()
    assert "Dieser Tisch hat alle Spiele gespielt" in page
    assert ASK in page
    last.refresh_from_db()
    assert last.score == 2


def test_the_organiser_corrects_it() -> None:
    table = playing_table(deals=4, played=4)
    last = Deal.objects.filter(table=table).order_by("sequence").last()
    assert last is not None
    organiser = UserFactory(is_staff=True)
    services.deal_correct(deal=last, declarer=1, game=Game.parse("3 -"), user=organiser)
    last.refresh_from_db()
    assert last.score == -6
