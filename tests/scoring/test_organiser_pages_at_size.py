"""The organiser's pages at a large night (issue 31, bench/bench_organiser_pages.py): the
standings' rows, written by the table rather than a template's loop, show every player as the
export has him; their seats' query leaves out columns no standings page reads; the desk's rows,
written by tournaments/desk/rows.py, list every player. The queries stay the same at 10 tables
and at 200."""

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from fipsen_rules.signs import signed_total
from tests.scoring.test_running_totals import big_night, queries

pytestmark = pytest.mark.django_db

#: The standings page of a scored night in play, its progress too, however many players.
STANDINGS_QUERIES = 7
ROW = re.compile(r"<tr><td class=\"num place\">(.*?)</tr>")
CELL = re.compile(r"<td[^>]*>(.*?)</td>")


def test_the_standings_page_shows_every_player_as_the_export_has_him(organiser: Client) -> None:
    night = big_night(10, deals=7)
    url = reverse("scoring:standings", args=[night.pk])
    page = organiser.get(url).content.decode()
    rows = [CELL.findall(f'<td class="num place">{row}') for row in ROW.findall(page)]
    export = organiser.get(f"{url}?_export=csv").content.decode("utf-8-sig")
    exported = list(csv.reader(io.StringIO(export), delimiter=";"))[1:]
    assert len(rows) == len(exported) == 40
    for row, line in zip(rows, exported, strict=True):
        # Place, name, club, table, deals, points, declared, won, lost; the best game "–"
        # where he declared none, written with a real minus sign as every page writes it.
        assert row[:4] == line[:4]
        assert row[4] == line[4] == "7"
        assert row[5] == signed_total(int(line[5]))
        assert row[6:9] == line[6:9]


def test_the_standings_and_the_desk_cost_the_same_queries_at_10_and_at_200_tables(
    organiser: Client,
) -> None:
    big_night(1, deals=1)  # a night before both: the desk offers its players (a query)
    small, large = big_night(10, deals=2), big_night(200, deals=2)
    standings = [reverse("scoring:standings", args=[night.pk]) for night in (small, large)]
    assert [queries(organiser, url) for url in standings] == [STANDINGS_QUERIES] * 2
    desks = [reverse("tournaments:night", args=[night.pk]) for night in (small, large)]
    desk_queries = [queries(organiser, url) for url in desks]
    assert desk_queries[0] == desk_queries[1], desk_queries
    page = organiser.get(desks[1]).content.decode()
    assert page.count('<li id="registration-') == 800
