"""The demo night's race: every table plays its games through the services."""

import random

import pytest

from races import selectors
from races.demo import race_demo_play
from tests.races.helpers import race_night

pytestmark = pytest.mark.django_db


def test_every_table_plays_three_games() -> None:
    tournament = race_night(5, 6, 4)
    entered = race_demo_play(tournament, random.Random(7))  # noqa: S311 (a demo)
    races = selectors.table_races(tournament=tournament)
    assert entered == sum(len(race.deals) for race in races)
    for race in races:
        assert sum(1 for game in race.evening.games if game.winner is not None) == 3
    players = selectors.race_players(tournament=tournament)
    assert sum(player.games_won for player in players) == 9
