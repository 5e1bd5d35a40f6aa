"""The season's writes: its rules fixed once a night of it has begun, one season a night,
bad input refused with nothing saved."""

import pytest
from django.core.exceptions import ValidationError

from seasons import services
from seasons.models import Season
from tests.seasons.helpers import played_night, players

pytestmark = pytest.mark.django_db


def test_the_rules_are_fixed_once_a_night_has_begun() -> None:
    season = services.season_create(name=" Saison  2027 ", best_of=10)
    assert season.name == "Saison 2027"
    waiting = played_night(dict.fromkeys(players(4), 0), started=False)
    services.season_night_add(season, waiting)
    services.season_update(season, name="Saison 2027", best_of=8)  # not begun: free
    services.season_night_add(season, played_night(dict.fromkeys(players(4), 3)))
    with pytest.raises(ValidationError) as refused:
        services.season_update(season, name="Saison 2027", best_of=6)
    assert refused.value.code == "rules_fixed"
    services.season_update(season, name="Vereinsmeisterschaft", best_of=8)  # the name may
    season.refresh_from_db()
    assert (season.name, season.best_of) == ("Vereinsmeisterschaft", 8)


def test_a_night_is_in_one_season() -> None:
    first = services.season_create(name="Eins")
    second = services.season_create(name="Zwei")
    night = played_night(dict.fromkeys(players(4), 0))
    services.season_night_add(first, night)
    with pytest.raises(ValidationError) as refused:
        services.season_night_add(second, night)
    assert refused.value.code == "in_a_season"
    services.season_night_remove(first, night)
    services.season_night_add(second, night)
    assert night.season_night.season == second


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        ({"gives": "places", "place_points": ""}, "place_points"),
        ({"gives": "places", "place_points": "25, zwanzig"}, "place_points"),
        ({"best_of": 0}, None),
        ({"guests": "everyone"}, None),
    ],
)
def test_bad_rules_save_nothing(rules, code) -> None:
    with pytest.raises(ValidationError) as refused:
        services.season_create(name="Saison", **rules)
    assert code is None or refused.value.code == code
    assert not Season.objects.exists()


def test_place_points_as_typed() -> None:
    assert services.place_points_cleaned("25, 20; 16\n13 11") == "25,20,16,13,11"
    season = services.season_create(name="S", gives="places", place_points="25 20 16")
    assert season.rules().place_points == (25, 20, 16)
