"""The tables' phones on the night's home at a night of several series: those of the series
drawn last only (an earlier series' tables have played; a newcomer's walk read a finished
series-1 table as 'seit 05:11 ohne Verbindung' beside series 2's)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import selectors
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments.draw.services import tournament_draw

pytestmark = pytest.mark.django_db


def test_the_links_are_the_latest_series_tables_in_two_queries() -> None:
    tournament = two_series_night(night(present=8, deals_at_four=8))

    with CaptureQueriesContext(connection) as queries:
        links = selectors.tournament_links(tournament=tournament)

    assert len(queries) == 2
    assert [link.table.series for link in links] == [2, 2]
    assert [link.table.number for link in links] == [1, 2]


def test_a_night_of_one_series_shows_every_table() -> None:
    tournament = night(present=8, deals_at_four=8)
    tournament_draw(tournament=tournament, seed=3)
    assert [link.table.number for link in selectors.tournament_links(tournament=tournament)] == [
        1,
        2,
    ]
