"""The end of a Tippen night: a Tippen table has no count of deals to play (its stored
``Table.deals`` is a placeholder), so finishing, ending a table early, resuming it and the
home's progress count its deals entered and never read "of 1 deals"."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tippen.helpers import deals_entered, tippen_night
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

CONFIRMED = {"confirm": "yes", "reason": "Die Zeit ist um."}


def _text(client: Client, url: str, data: dict[str, str] | None = None) -> str:
    response = client.post(url, data, follow=True) if data else client.get(url)
    return " ".join(response.content.decode().split())


@pytest.fixture
def tipped() -> Tournament:
    tournament = tippen_night(4, 3)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - - -", "2 1 - 0", "- t - -")
    deals_entered(second, "1 1 1")
    return tournament


def test_finishing_names_the_tables_still_playing_with_their_deals(
    organiser: Client, tipped: Tournament
) -> None:
    page = _text(organiser, reverse("scoring:finish", args=[tipped.pk]))
    assert "Diese Tische spielen noch Tippen" in page
    assert "Tisch 1: 3 Spiele eingetragen" in page
    assert "Tisch 2: 1 Spiel eingetragen" in page
    assert "von 1 Spiel" not in page


def test_a_tippen_table_is_ended_early_after_its_deals_and_resumed(
    organiser: Client, tipped: Tournament
) -> None:
    first = Table.objects.get(tournament=tipped, number=1)
    url = reverse("scoring:table_end", args=[tipped.pk, first.pk])
    asked = _text(organiser, url)
    assert "Tisch 1 endet nach 3 Spielen; was in seinem Pott liegt, bleibt dort." in asked
    _text(organiser, url, CONFIRMED)
    first.refresh_from_db()
    assert first.ended_early_after == 3
    tables = _text(organiser, reverse("tournaments:tables", args=[tipped.pk]))
    assert "1 Spiel<" not in tables
    resume = reverse("scoring:table_resume", args=[tipped.pk, first.pk])
    assert "Tisch 1 spielt ab Spiel 4 weiter." in _text(organiser, resume)


def test_the_home_counts_the_deals_entered(organiser: Client, tipped: Tournament) -> None:
    home = _text(organiser, reverse("night:home", args=[tipped.pk]))
    assert "4 Spiele eingetragen" in home
