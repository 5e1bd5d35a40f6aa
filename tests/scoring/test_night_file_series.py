"""A night of several series as one file (scoring/night_file/transfer.py, transfer_frame.py,
transfer_checks.py): its count of series and each table's series travel (a seat's is its
table's), a night of one series is still the version 5 file it always was, and a file whose
series contradict each other is refused, nothing saved."""

import json
from typing import Any

import pytest
from django.core.management import call_command

from scoring.night_file.transfer import (
    NightFileError,
    night_export,
    night_export_bytes,
    night_import_bytes,
)
from tests.factories import UserFactory
from tests.night_file_helpers import without_accounts
from tests.scoring.helpers import enter
from tests.scoring.test_night_file_round_trip import json_bytes
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.series_draw import Method
from tournaments.draw.series_selectors import series_draw_matches
from tournaments.draw.series_services import series_draw_next
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, SeriesDraw, Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_series() -> Tournament:
    """Eight players, two tables a series; deals at a table of each series."""
    tournament = two_series_night(night(present=8, deals_at_four=6))
    for series in (1, 2):
        table = Table.objects.get(tournament=tournament, series=series, number=1)
        enter(table, 0, "3 gewonnen")
        enter(table, 1, "2 Hand verloren")
    return tournament


def wipe() -> None:
    call_command("flush", interactive=False, verbosity=0)


def seating(tournament: Tournament) -> list[tuple[int, int, int, str]]:
    seats = Seat.objects.filter(table__tournament=tournament)
    return sorted(
        seats.values_list("series", "table__number", "position", "registration__player__name")
    )


def test_a_night_of_two_series_comes_back_whole(two_series: Tournament) -> None:
    exported = night_export(tournament=two_series)
    content = night_export_bytes(tournament=two_series)
    before = seating(two_series)
    wipe()

    imported = night_import_bytes(content)

    assert imported.series_count == 2
    assert seating(imported) == before
    assert all(seat.series == seat.table.series for seat in Seat.objects.select_related("table"))
    assert night_export(tournament=imported) == exported
    imported.refresh_from_db()  # the rule options in the database's order (PostgreSQL: jsonb)
    assert night_export_bytes(tournament=imported) == content


def test_the_file_of_two_series_says_so(two_series: Tournament) -> None:
    data = night_export(tournament=two_series)

    assert data["preisfipsen_night"] == 6
    assert data["tournament"]["series_count"] == 2
    assert [(t["series"], t["number"]) for t in data["tables"]] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert all("series" not in seat for table in data["tables"] for seat in table["seats"])
    assert [len(t["deals_played"]) for t in data["tables"]] == [2, 0, 2, 0]


def test_a_night_of_one_series_is_the_file_it_always_was() -> None:
    tournament = night(present=8)

    tournament_draw(tournament=tournament, seed=3)
    data = night_export(tournament=tournament)

    assert data["preisfipsen_night"] == 5
    assert "series_count" not in data["tournament"]
    assert all("series" not in table for table in data["tables"])


def _spoilt(data: dict[str, Any], change: str) -> None:
    tables = data["tables"]
    if change == "series beyond the night's":
        tables[-1]["series"] = 3
    elif change == "no first series":
        data["tables"] = [table for table in tables if table["series"] == 2]
    elif change == "a seat twice in a series":
        tables[3]["seats"][0]["registration"] = tables[2]["seats"][0]["registration"]
    elif change == "a table number twice in a series":
        tables[3]["number"] = 1
    elif change == "series count zero":
        data["tournament"]["series_count"] = 0
    elif change == "series not a number":
        tables[0]["series"] = "zwei"
    elif change == "a table of series 1 relabelled series 3":
        data["tournament"]["series_count"] = 3
        tables[1]["series"] = 3  # series 1's table 2


CHANGES = [
    ("series beyond the night's", "Serie 3"),
    ("no first series", "Serie davor"),
    ("a seat twice in a series", "schon einen Platz"),
    ("a table number twice in a series", "zweimal"),
    ("series count zero", "größer oder gleich 1"),
    ("series not a number", "series"),
    # Issue 30, 10: it was taken, series 3 of one table 2.
    ("a table of series 1 relabelled series 3", "Serie 3 hat die Tische 2"),
]


@pytest.mark.parametrize(("change", "said"), CHANGES, ids=[c for c, _ in CHANGES])
def test_series_that_contradict_each_other_are_refused(
    two_series: Tournament, change: str, said: str
) -> None:
    data = night_export(tournament=two_series)
    wipe()
    _spoilt(data, change)

    with pytest.raises(NightFileError, match=said):
        night_import_bytes(json.dumps(data).encode())

    assert not Tournament.objects.exists()
    assert not Table.objects.exists()


# The later series' draws (helper A's SeriesDraw)


@pytest.fixture
def drawn_twice() -> Tournament:
    """Eight players; series 1 played, series 2 drawn seeded by the standings, by "leitung"."""
    tournament = night(present=8, deals_at_four=3)
    tournament.series_count = 2
    tournament.save(update_fields=["series_count"])
    tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    for number, table in enumerate(Table.objects.filter(tournament=tournament)):
        for _ in range(3):
            enter(table, number % 4, "3 gewonnen")
    series_draw_next(
        tournament=tournament,
        method=Method.SEEDED,
        seed=77,
        user=UserFactory(username="leitung"),
    )
    tournament.refresh_from_db()
    return tournament


def test_the_draw_of_a_later_series_travels_and_still_repeats(drawn_twice: Tournament) -> None:
    data = night_export(tournament=drawn_twice)
    content = night_export_bytes(tournament=drawn_twice)
    (drawn,) = data["series_draws"]
    keys = {r["key"] for r in data["registrations"]}
    assert (drawn["number"], drawn["method"], drawn["seed"]) == (2, "seeded", 77)
    assert set(drawn["order"]) == keys
    assert {int(key) for key in drawn["places"]} == keys
    assert drawn["user"] == "leitung"
    wipe()

    imported = night_import_bytes(content)

    record = SeriesDraw.objects.get(tournament=imported)
    assert record.user is None  # a name in a file proves nothing
    assert series_draw_matches(tournament=imported, drawn=record)
    imported.refresh_from_db()
    assert night_export_bytes(tournament=imported) == json_bytes(without_accounts(data))


def test_a_night_without_a_later_draw_has_no_key_of_them(two_series: Tournament) -> None:
    assert "series_draws" not in night_export(tournament=two_series)


def _draw_spoilt(data: dict[str, Any], change: str) -> None:
    drawn = data["series_draws"][0]
    if change == "a series not drawn":
        drawn["number"] = 3
    elif change == "the first series":
        drawn["number"] = 1
    elif change == "twice":
        data["series_draws"].append(dict(drawn))
    elif change == "an unknown player":
        drawn["order"][0] = 99
    elif change == "a place of no one":
        drawn["places"]["99"] = 1
    elif change == "a place not a number":
        drawn["places"][next(iter(drawn["places"]))] = "erster"
    elif change == "an unknown way":
        drawn["method"] = "würfeln"


DRAW_CHANGES = [
    ("a series not drawn", "Serie 3"),
    ("the first series", "Serie 1"),
    ("twice", "Serie 2"),
    ("an unknown player", "99"),
    ("a place of no one", "99"),
    ("a place not a number", "Platz"),
    ("an unknown way", "würfeln"),
]


@pytest.mark.parametrize(("change", "said"), DRAW_CHANGES, ids=[c for c, _ in DRAW_CHANGES])
def test_a_spoilt_draw_is_refused_and_nothing_saved(
    drawn_twice: Tournament, change: str, said: str
) -> None:
    data = night_export(tournament=drawn_twice)
    wipe()
    _draw_spoilt(data, change)

    with pytest.raises(NightFileError, match=said):
        night_import_bytes(json.dumps(data).encode())

    assert not Tournament.objects.exists()
    assert not SeriesDraw.objects.exists()
