"""The board at a night of several series: the rows of the total; once a new series is seated,
its seating alone ("Serie 2: Tisch 1 …") until each of its tables has begun, then the
standings and that series' tables; the same queries at two series as at three. Series 2 and 3
are made directly (tests/series_helpers.py)."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scoring import selectors
from scoring.standings.board_views import SEATING_PER_PAGE
from tests.scoring.helpers import deals_played
from tests.series_helpers import series_added
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.series_draw import Method
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.draw.series_services import series_draw_next
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def drawn(players: int, series: int = 2) -> Tournament:
    tournament = night(present=players, deals_at_four=10)
    Tournament.objects.filter(pk=tournament.pk).update(series_count=series)
    tournament.refresh_from_db()
    tournament_draw(tournament=tournament, seed=11)
    tournament_services.tournament_start(tournament=tournament)
    for table in Table.objects.filter(tournament=tournament):
        deals_played(table, 10)
    return tournament


def board(tournament: Tournament, page: int = 1) -> str:
    cache.clear()  # the tables made here send no news to the board's cache
    url = reverse("scoring:board", args=[tournament.board_token])
    return " ".join(Client().get(f"{url}?page={page}").content.decode().split())


def test_a_new_series_is_announced_until_each_of_its_tables_has_begun() -> None:
    tournament = drawn(8)
    assert "neuen Plätze" not in board(tournament)
    tables = series_added(tournament, series=2)
    page = board(tournament)
    assert "Serie 2: die neuen Plätze" in page
    assert 'class="board-name"' not in page  # the seating alone
    for table in tables:
        names = [seat.registration.player.name for seat in table.seats.order_by("position")]
        assert (
            f'Tisch {table.number}</span> <span class="board-seating-names">{", ".join(names)}'
            in page
        )
    deals_played(tables[0], 1)
    assert "neuen Plätze" in board(tournament)  # table 2 has not begun
    deals_played(tables[1], 1)
    page = board(tournament)
    assert "neuen Plätze" not in page
    assert len(re.findall('class="board-name"', page)) == 8  # a row per player: the total


def test_the_board_pages_through_a_long_seating() -> None:
    tournament = drawn(24)
    series_added(tournament, series=2)
    first = board(tournament)
    assert "Seite 1 von 2" in first
    assert first.count('class="board-seating-table"') == SEATING_PER_PAGE
    assert board(tournament, 2).count('class="board-seating-table"') == 6 - SEATING_PER_PAGE


def test_the_tables_shown_are_those_of_the_series_played() -> None:
    tournament = drawn(8)
    tables = series_added(tournament, series=2)
    for table in tables:
        deals_played(table, 3)
    cache.clear()
    made = last_series_drawn(tournament=tournament)
    assert made == 2
    page = board(tournament, 2)
    assert page.count('<li class="board-table') == 2
    assert "3 / 10" in page
    assert "10 / 10" not in page
    progress = selectors.deals_progress(tournament=tournament, series=2)
    assert (progress.played, progress.total) == (6, 20)


@pytest.mark.parametrize("series", [2, 3])
def test_a_page_costs_the_same_queries_at_two_series_as_at_three(
    django_assert_num_queries: DjangoAssertNumQueries, series: int
) -> None:
    tournament = drawn(8, series)
    for number in range(2, series + 1):
        for table in series_added(tournament, series=number):
            deals_played(table, 2)
    url = reverse("scoring:board", args=[tournament.board_token])
    cache.clear()
    # The tournament, the standings (seats with their running totals, prizes), the series
    # played, its seating (announced or not), its tables.
    with django_assert_num_queries(6):
        assert Client().get(url).status_code == 200
    assert Seat.objects.filter(table__tournament=tournament).count() == 8 * series


def test_the_board_announces_a_series_as_soon_as_it_is_drawn(
    django_capture_on_commit_callbacks: Any,
) -> None:
    tournament = drawn(8)
    url = reverse("scoring:board", args=[tournament.board_token])
    client = Client()
    assert "neuen Plätze" not in client.get(url).content.decode()  # kept in the cache
    with django_capture_on_commit_callbacks(execute=True):  # once the draw commits
        series_draw_next(tournament=tournament, method=Method.SEEDED, seed=5)
    assert "Serie 2: die neuen Plätze" in client.get(url).content.decode()
