"""A phone keeps no copy of the table's link or the board (the walk's finding: after "Reopen
the tournament" a phone still showed its cached "The tournament is finished", a 410 sent
without Cache-Control). Every answer of those addresses says no-store, whatever its status."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import playing_table
from tournaments import services as tournament_services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _not_stored(response: object) -> bool:
    return "no-store" in response.get("Cache-Control", "")  # type: ignore[attr-defined]


def test_the_table_link_is_never_cached_during_play_nor_once_finished() -> None:
    table = playing_table(players=3, deals=10)
    url = reverse("scoring:table_entry", args=[table.token])
    playing = Client().get(url)
    assert playing.status_code == 200
    assert _not_stored(playing)

    tournament_services.tournament_finish(tournament=table.tournament)
    finished = Client().get(url)
    assert finished.status_code == 410
    assert _not_stored(finished)
    assert _not_stored(Client().get(reverse("scoring:table_sheet", args=[table.token])))


def test_an_unknown_table_link_is_not_cached_either() -> None:
    response = Client().get(reverse("scoring:table_entry", args=["x" * 22]))
    assert response.status_code == 404
    assert _not_stored(response)


def test_the_board_is_never_cached() -> None:
    table = playing_table(players=3, deals=10)
    response = Client().get(reverse("scoring:board", args=[table.tournament.board_token]))
    assert _not_stored(response)
