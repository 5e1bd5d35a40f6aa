"""The demo night's race: every table plays its games through the services."""

import random

import pytest

from games.thedinghausen import selectors
from games.thedinghausen.demo import race_demo_play
from tests.thedinghausen.helpers import race_night

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


def test_the_demo_night_of_a_race() -> None:
    from django.core.management import call_command

    call_command("demo_night", "--rules", "thedinghausen", "--players", "13", "--seed", "5")
    from tournaments.models import Tournament

    tournament = Tournament.objects.get()
    assert tournament.rule_set == "thedinghausen"
    assert [t.seats.count() for t in tournament.tables.order_by("number")] == [5, 4, 4]
    assert sum(p.games_won for p in selectors.race_players(tournament=tournament)) == 9


def test_a_race_tournament_is_created_with_its_filler(organiser: object) -> None:
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import Tournament

    assert isinstance(organiser, Client)
    response = organiser.post(
        reverse("tournaments:tournament_create"),
        {
            "name": "Bauernkör",
            "date": "2026-11-21",
            "rule_set": "thedinghausen",
            "thedinghausen_filler": "6",
            "thedinghausen_must_trump": "on",
            "deals_at_four": "100",
            "deals_at_three": "120",
            "entry_fee": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name="Bauernkör")
    assert tournament.rule_options == {"must_trump": True, "filler": 6, "announced_fipsen": False}


def test_a_demo_race_of_eleven_is_seated_at_a_five_and_a_six() -> None:
    from django.core.management import call_command

    from tournaments.models import Tournament

    call_command("demo_night", "--rules", "thedinghausen", "--players", "11", "--seed", "5")
    tournament = Tournament.objects.get()
    assert [t.seats.count() for t in tournament.tables.order_by("number")] == [5, 6]
