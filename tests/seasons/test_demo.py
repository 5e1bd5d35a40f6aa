"""`manage.py demo_night --season N`: N demo nights a week apart in one season."""

import io

import pytest
from django.core.management import CommandError, call_command

from seasons.models import Season
from seasons.selectors import season_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_a_demo_season_of_three_nights() -> None:
    out = io.StringIO()
    call_command("demo_night", "--season", "3", "--deals", "2", "--seed", "5", stdout=out)
    season = Season.objects.get()
    assert f"/seasons/{season.pk}/" in out.getvalue()
    table = season_table(season)
    assert len(table.nights) == 3
    assert [night.date for night in table.nights] == sorted(n.date for n in table.nights)
    # The made-up names come back: players play several nights of the season.
    assert any(row.played > 1 for row in table.every_row)
    assert table.standings.ranked


def test_a_demo_season_says_what_it_cannot() -> None:
    with pytest.raises(CommandError):
        call_command("demo_night", "--season", "61", stdout=io.StringIO())
