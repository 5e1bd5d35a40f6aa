"""The Siegerliste from the standings (a newcomer's walk: after the finish the organiser lands
on the standings, and the ranking's PDF waited under "Drucken" only): a button on the
standings of every rule set, "Siegerliste drucken" once finished, provisional before."""

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from printing.models import GeneratedFile
from tests.scoring.helpers import playing_table
from tests.thedinghausen.helpers import race_night
from tests.tippen.helpers import tippen_night
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german", "media_root")]

ACTION = 'action="/tournaments/{pk}/files/ranking/'


def _scored() -> Tournament:
    return playing_table().tournament


NIGHTS: dict[str, tuple[Callable[[], Tournament], str]] = {
    "scored": (_scored, "scoring:standings"),
    "race": (lambda: race_night(5), "races:standings"),
    "tippen": (lambda: tippen_night(4), "pots:standings"),
}


def _page(client: Client, name: str, tournament: Tournament) -> str:
    url = reverse(NIGHTS[name][1], args=[tournament.pk])
    return " ".join(client.get(url).content.decode().split())


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_standings_offer_the_ranking_provisional_then_final(
    organiser: Client, name: str
) -> None:
    tournament = NIGHTS[name][0]()
    page = _page(organiser, name, tournament)
    assert "Rangliste drucken (vorläufig)" in page
    assert "Siegerliste drucken" not in page
    services.tournament_finish(tournament=tournament)
    page = _page(organiser, name, tournament)
    assert "Siegerliste drucken" in page
    assert "vorläufig)" not in page


def test_the_button_makes_the_ranking_after_the_finish(organiser: Client) -> None:
    tournament = _scored()
    services.tournament_finish(tournament=tournament)
    finished = organiser.get(reverse("scoring:standings", args=[tournament.pk]))
    assert ACTION.format(pk=tournament.pk) in finished.content.decode()
    organiser.post(
        reverse("tournaments:file_request", args=[tournament.pk, "ranking"]),
        {"next": reverse("scoring:standings", args=[tournament.pk])},
    )
    assert GeneratedFile.objects.filter(kind="ranking").count() == 1
