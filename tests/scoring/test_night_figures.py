"""Every player's figures of a night from the running totals, ranked as his rule set ranks
(tournaments/players/night_figures.py): the standings' places, for every rule set, in one query."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.thedinghausen import selectors as race_selectors
from games.tippen import selectors as pot_selectors
from scoring.demo import demo_night_play
from scoring.standings import selectors as standings_selectors
from tournaments.models import Player
from tournaments.players.night_figures import ranked_nights

pytestmark = pytest.mark.django_db

NIGHTS = {"prisdorf": 8, "grossenaspe": 9, "thedinghausen": 10, "tippen": 8}


def standings_places(tournament):
    """Each player's (name) place as the night's own standings page gives it."""
    if tournament.rule_set == "thedinghausen":
        return {p.name: p.place for p in race_selectors.race_players(tournament=tournament)}
    if tournament.rule_set == "tippen":
        return {p.name: p.place for p in pot_selectors.pot_players(tournament=tournament)}
    return {s.name: s.place for s in standings_selectors.standings(tournament=tournament)}


@pytest.mark.parametrize("rule_set", NIGHTS)
def test_the_places_are_the_standings_places(rule_set: str) -> None:
    night = demo_night_play(players=NIGHTS[rule_set], seed=7, deals=12, rule_set=rule_set)
    ranked = ranked_nights(tournaments=[night.tournament])[night.tournament.pk]
    assert len(ranked) == NIGHTS[rule_set]
    names = dict(Player.objects.values_list("pk", "name"))
    assert {names[p.figures.key]: p.place for p in ranked} == standings_places(night.tournament)
    assert [p.place for p in ranked] == sorted(p.place for p in ranked)


def test_many_nights_in_one_query() -> None:
    nights = [
        demo_night_play(players=8, seed=seed, deals=6, name=f"Nacht {seed}").tournament
        for seed in range(3)
    ]
    with CaptureQueriesContext(connection) as queries:
        ranked = ranked_nights(tournaments=nights)
    assert len(queries) == 1
    assert sorted(ranked) == sorted(n.pk for n in nights)
    assert all(len(places) == 8 for places in ranked.values())
