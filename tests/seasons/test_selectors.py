"""The season's reads: its standings from the nights' running totals, in a fixed number of
queries whatever the number of nights (3 and 40), the seasons of a player."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from seasons import selectors, services
from tests.seasons.helpers import played_night, players
from tournaments.ledger.totals import SeatTotal
from tournaments.models import Seat, Table, new_token

pytestmark = pytest.mark.django_db

#: season_table's queries: the nights, their figures, the players.
TABLE_QUERIES = 3


def season_of_nights(count: int, size: int = 8, **rules):
    people = players(size, guests=[size - 1])
    season = services.season_create(name="Vereinsmeisterschaft 2027", **rules)
    for night in range(count):
        points = {p: (index * 37 + night * 11) % 90 - 20 for index, p in enumerate(people)}
        services.season_night_add(season, played_night(points))
    return season, people


@pytest.mark.parametrize("nights", [3, 40])
def test_the_standings_in_a_fixed_number_of_queries(nights: int) -> None:
    season, people = season_of_nights(nights, size=40 if nights == 40 else 8, best_of=2)
    with CaptureQueriesContext(connection) as queries:
        table = selectors.season_table(season)
        rows = [(table.name(row), row.total, [c.counted for c in row.cells])
                for row in table.every_row]  # fmt: skip
    assert len(queries) == TABLE_QUERIES
    assert len(table.nights) == nights
    assert len(rows) == len(people)
    assert all(sum(counted) == 2 for _, _, counted in rows)


def test_the_places_of_each_night_are_its_rule_set_s() -> None:
    anke, bernd, claus, dora = players(4)
    season = services.season_create(name="Saison", gives="places", place_points="10,6,3")
    services.season_night_add(season, played_night({anke: 50, bernd: 80, claus: 10, dora: 0}))
    services.season_night_add(season, played_night({anke: 90, bernd: 20, claus: 40, dora: 5}))
    # Not begun yet: a column, no results.
    services.season_night_add(season, played_night({anke: 0, dora: 0}, started=False))
    table = selectors.season_table(season)
    assert [(table.name(r), r.place, r.total) for r in table.standings.ranked] == [
        (anke.name, 1, 16), (bernd.name, 2, 13), (claus.name, 3, 9), (dora.name, 4, 0)
    ]  # fmt: skip
    assert [c.value for c in table.standings.ranked[0].cells] == [6, 10, None]
    assert table.rules_fixed


def test_a_player_s_seasons() -> None:
    _season, people = season_of_nights(3, minimum=2)
    other = services.season_create(name="Pokal")
    services.season_night_add(other, played_night({people[0]: 5, people[1]: 9}))
    with CaptureQueriesContext(connection) as queries:
        lines = selectors.player_seasons(people[0])
    assert len(queries) == 4
    assert sorted(line.season.name for line in lines) == ["Pokal", "Vereinsmeisterschaft 2027"]
    pokal = next(line for line in lines if line.season == other)
    assert (pokal.row.place, pokal.row.total, pokal.nights) == (2, 5, 1)
    assert selectors.player_seasons(players(1)[0]) == []


def test_a_night_of_two_series_counts_both() -> None:
    anke, bernd, claus, dora = players(4)
    night = played_night({anke: 10, bernd: 20, claus: 30, dora: 40})
    night.series_count = 2
    night.save()
    # Series 2: a table of its own, the same players, other points.
    table = Table.objects.create(tournament=night, series=2, number=1, deals=48, first_dealer=1,
                                 token=new_token())  # fmt: skip
    for position, (registration, points) in enumerate(
        zip(night.registrations.order_by("pk"), (100, 0, 0, 0), strict=True), start=1
    ):
        seat = Seat.objects.create(table=table, position=position, registration=registration,
                                   series=2)  # fmt: skip
        SeatTotal.objects.create(seat=seat, points=points)
    season = services.season_create(name="Saison")
    services.season_night_add(season, night)
    table = selectors.season_table(season)
    assert [(table.name(r), r.total) for r in table.standings.ranked] == [
        (anke.name, 110), (dora.name, 40), (claus.name, 30), (bernd.name, 20)
    ]  # fmt: skip


def test_a_race_night_places_by_games_then_money() -> None:
    anke, bernd, claus, dora = players(4)
    night = played_night({anke: 3, bernd: 3, claus: 1, dora: 0}, rule_set="thedinghausen")
    SeatTotal.objects.filter(seat__registration__player=bernd).update(cents=250)
    SeatTotal.objects.filter(seat__registration__player=anke).update(cents=-100)
    season = services.season_create(name="Saison", gives="places", place_points="10,6,3,1")
    services.season_night_add(season, night)
    table = selectors.season_table(season)
    assert [(table.name(r), r.total) for r in table.standings.ranked] == [
        (bernd.name, 10), (anke.name, 6), (claus.name, 3), (dora.name, 1)
    ]  # fmt: skip
