"""The same night imported twice under another name does not count twice in a season (issue
30, 10): the second is refused when it would join the season, naming the first."""

import json

import pytest
from django.core.exceptions import ValidationError

from scoring.demo import demo_night_play
from scoring.night_file.transfer import night_export, night_import_bytes
from seasons import services
from tests.seasons.helpers import played_night, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_a_night_imported_again_under_another_name_is_refused_by_its_season() -> None:
    first = demo_night_play(players=8, seed=3, deals=12, name="Herbstabend").tournament
    data = night_export(tournament=first)
    data["tournament"]["name"] = "Herbstabend (vom Stick)"
    again = night_import_bytes(json.dumps(data).encode())
    season = services.season_create(name="Saison")
    services.season_night_add(season, first)

    with pytest.raises(ValidationError) as refused:
        services.season_night_add(season, again)

    assert refused.value.code == "same_night"
    assert "derselbe Abend wie Herbstabend" in refused.value.messages[0]
    assert list(season.nights.values_list("tournament", flat=True)) == [first.pk]


def test_two_nights_of_one_day_with_other_results_both_count() -> None:
    anke, bernd, claus, dora = players(4)
    first = played_night({anke: 50, bernd: 80, claus: 10, dora: 0})
    second = played_night({anke: 90, bernd: 20, claus: 40, dora: 5})
    second.date = first.date
    second.save()
    season = services.season_create(name="Saison")
    services.season_night_add(season, first)
    services.season_night_add(season, second)
    assert season.nights.count() == 2
