"""The race's and Tippen's standings of a night of several series: one row per player, his
games won and money (the race) or chips (Tippen) summed over his seats, a column per series;
the same queries at one series as at three. Series 2 and 3 are made directly
(tests/series_helpers.py)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from games.thedinghausen import selectors
from games.tippen import selectors as pot_selectors
from scoring import renderers
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_text
from tests.series_helpers import series_added
from tests.thedinghausen.helpers import deals_entered, race_night
from tests.tippen.helpers import deals_entered as pot_deals_entered
from tests.tippen.helpers import tippen_night
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

#: A game won by seat 0 (his tenth trick).
GAME = [(2, 1, 1, 1, 0)] * 4 + [(2, 0, 0, 0, 0)]


def several(tournament: Tournament, series: int) -> Tournament:
    Tournament.objects.filter(pk=tournament.pk).update(series_count=series)
    tournament.refresh_from_db()
    for number in range(2, series + 1):
        series_added(tournament, series=number)
    return tournament


def table(tournament: Tournament, series: int, number: int = 1) -> Table:
    return Table.objects.select_related("tournament").get(
        tournament=tournament, series=series, number=number
    )


@pytest.fixture
def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def test_a_race_of_one_series_has_no_series_columns() -> None:
    tournament = race_night(5, 5)
    deals_entered(table(tournament, 1), *GAME)
    players = selectors.race_players(tournament=tournament)
    assert len(players) == 10
    assert all(player.series == () for player in players)


def test_a_race_sums_games_and_money_over_the_series(organiser: Client) -> None:
    tournament = several(race_night(5, 5), 2)
    first = table(tournament, 1)
    deals_entered(first, *GAME)
    winner = first.seats.get(position=0).registration_id
    again = table(tournament, 2).seats.get(position=0)
    assert again.registration_id == winner  # seat 0 of table 1 stays (tests/series_helpers.py)
    deals_entered(table(tournament, 2), *GAME)
    players = selectors.race_players(tournament=tournament)
    assert len(players) == 10
    top = players[0]
    assert (top.place, top.games_won, top.series, top.seat_series) == (1, 2, (1, 1), 2)
    assert top.cents > 0
    assert sum(player.cents for player in players) == 0
    assert {player.series for player in players[1:]} <= {(0, 0), (0, None), (None, 0)}
    page = organiser.get(reverse("races:standings", args=[tournament.pk])).content.decode()
    assert "Serie 2</th>" in page
    assert "Serie 2 · Tisch 1" in page


def test_tippen_sums_chips_over_the_series(organiser: Client) -> None:
    tournament = several(tippen_night(4, 4), 2)
    pot_deals_entered(table(tournament, 1), "2 1 - 0")
    pot_deals_entered(table(tournament, 2), "2 1 - 0")
    players = pot_selectors.pot_players(tournament=tournament)
    assert len(players) == 8
    assert (
        sum(player.chips for player in players)
        + sum(line.pot + line.reserve for line in pot_selectors.pot_tables(tournament=tournament))
        == 0
    )
    for player in players:
        assert player.chips == sum(chips or 0 for chips in player.series)
    page = organiser.get(reverse("pots:standings", args=[tournament.pk])).content.decode()
    assert "Serie 1</th>" in page


@pytest.mark.parametrize("series", [1, 3])
def test_the_race_standings_cost_the_same_queries_at_one_series_as_at_three(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, series: int
) -> None:
    tournament = several(race_night(5, 5), series)
    for number in range(1, series + 1):
        deals_entered(table(tournament, number), *GAME)
    with django_assert_num_queries(1):
        assert len(selectors.race_players(tournament=tournament)) == 10
    with django_assert_num_queries(1):
        assert len(pot_selectors.pot_players(tournament=tournament)) == 10
    url = reverse("races:standings", args=[tournament.pk])
    organiser.get(url)
    # As many at three series as at one: the session, the user, the tournament, the players,
    # the prize list, the seats' categories, the tables, the page's navigation.
    with django_assert_num_queries(8):
        organiser.get(url)


def test_the_race_ranking_pdf_has_a_column_per_series() -> None:
    tournament = several(race_night(5, 5), 2)
    deals_entered(table(tournament, 1), *GAME)
    deals_entered(table(tournament, 2), *GAME)
    with translation.override("de"):
        text = pdf_text(renderers.own_ranking_pdf(tournament=tournament), layout=True)
    assert "Serie 1" in text
    assert "Serie 2" in text
    winner = selectors.race_players(tournament=tournament)[0].name
    line = next(line for line in text.splitlines() if winner in line)
    # Each series, then the race's own columns: his table, the games won (the total), sweeps.
    assert " ".join(line.split()).startswith(f"1. {winner} 1 1 1 2 0")
