"""The desk's defects of issue 21: the tables page and the swap list show each player's club,
so that "Hans Mueller" and "Hans Müller" can be told apart."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.forms import SwapForm
from tournaments.models import Tournament
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db


def _drawn_with_two_hans() -> Tournament:
    tournament = services.tournament_create(name="Herbst", date=datetime.date(2026, 11, 21))
    players = [
        ("Hans Mueller", "SC Prisdorf"),
        ("Hans Müller", "Skatfreunde Pinneberg"),
        *((f"Spieler {number}", "") for number in range(6)),
    ]
    for name, club in players:
        player = player_create(name=name, club=club)
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament)
    return tournament


def test_the_swap_list_names_the_club(organiser: Client) -> None:
    tournament = _drawn_with_two_hans()
    labels = [label for _, label in SwapForm(tournament=tournament).fields["first"].choices]
    assert any(str(label).startswith("Hans Mueller, SC Prisdorf (Tisch ") for label in labels)
    assert any(
        str(label).startswith("Hans Müller, Skatfreunde Pinneberg (Tisch ") for label in labels
    )
    assert any(str(label).startswith("Spieler 0 (Tisch ") for label in labels)  # no club


def test_the_tables_page_names_the_club(organiser: Client) -> None:
    tournament = _drawn_with_two_hans()
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert (
        '<span class="seat-name">Hans Mueller</span> <small class="seat-club">SC Prisdorf' in page
    )
    assert (
        '<span class="seat-name">Hans Müller</span> <small class="seat-club">Skatfreunde Pinneberg'
        in page
    )
    assert "Hans Mueller, SC Prisdorf (Tisch" in page  # the swap list below
