"""The standings of a night of several series: one row per player, his points summed over his
seats (one per series), a column per series, the prizes on the total; the same queries at one
series as at three. Series 2 and 3 are made directly (tests/series_helpers.py)."""

import csv
import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from scoring import renderers, selectors
from scoring.standings import selectors as standings_selectors
from scoring.standings.ranking import Prize
from scoring.standings.services import prizes_set
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import deals_played
from tests.series_helpers import series_added
from tests.tournaments.night_helpers import all_paid, night
from tournaments import services as tournament_services
from tournaments.desk.fees import fees
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, Table, Tournament

pytestmark = pytest.mark.django_db


def drawn(players: int = 8, series: int = 2, **options: object) -> Tournament:
    """A night of ``series`` series drawn and started, series 1 seated by the draw."""
    tournament = night(present=players, deals_at_four=10, **options)
    Tournament.objects.filter(pk=tournament.pk).update(series_count=series)
    tournament.refresh_from_db()
    tournament_draw(tournament=tournament, seed=11)
    tournament_services.tournament_start(tournament=tournament)
    return tournament


def played(tournament: Tournament, series: int, deals: int) -> None:
    for table in Table.objects.filter(tournament=tournament, series=series).order_by("number"):
        deals_played(table, deals)


@pytest.fixture
def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def test_a_night_of_one_series_has_no_series_columns() -> None:
    tournament = drawn(series=1)
    played(tournament, 1, 4)
    ranked = standings_selectors.standings(tournament=tournament)
    assert len(ranked) == 8
    assert all(standing.series == () for standing in ranked)


def test_each_player_once_his_points_summed_over_the_series() -> None:
    tournament = drawn()
    played(tournament, 1, 4)  # each seat declares once: "2 gewonnen", 2 points
    series_added(tournament, series=2)
    played(tournament, 2, 8)  # twice: 4 points
    ranked = standings_selectors.standings(tournament=tournament)
    assert len(ranked) == 8
    assert {standing.series for standing in ranked} == {(2, 4)}
    assert {(s.points, s.won, s.declared, s.deals) for s in ranked} == {(6, 3, 3, 12)}
    assert all(standing.seat.series == 2 for standing in ranked)  # his table now
    assert all(len(standing.seats) == 2 for standing in ranked)


def test_a_series_not_yet_drawn_and_a_player_who_stopped_show_a_dash() -> None:
    tournament = drawn()
    played(tournament, 1, 4)
    ranked = standings_selectors.standings(tournament=tournament)
    assert {standing.series for standing in ranked} == {(2, None)}
    leaver = ranked[0].seat.registration_id
    series_added(tournament, series=2, leaving=frozenset({leaver}))
    played(tournament, 2, 1)
    rows = {s.seat.registration_id: s for s in standings_selectors.standings(tournament=tournament)}
    assert rows[leaver].series == (2, None)
    assert rows[leaver].seat.series == 1


def test_the_page_and_its_csv_have_a_column_per_series(organiser: Client) -> None:
    tournament = drawn()
    played(tournament, 1, 4)
    series_added(tournament, series=2)
    url = reverse("scoring:standings", args=[tournament.pk])
    page = organiser.get(url).content.decode()
    assert "Serie 1" in page
    assert "Serie 2" in page
    text = organiser.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    head = rows[0]
    assert head[head.index("Spiele") + 1 : head.index("Spiele") + 4] == [
        "Serie 1",
        "Serie 2",
        "Punkte",
    ]
    assert rows[1][head.index("Serie 1")] == "2"
    assert rows[1][head.index("Serie 2")] == "0"  # seated, nothing played yet
    sorted_page = organiser.get(url, {"sort": "-series_2"})
    assert sorted_page.status_code == 200
    assert organiser.get(url, {"_export": "xlsx"}).content[:2] == b"PK"


def test_the_prizes_go_by_the_total_and_the_fee_counts_a_player_once() -> None:
    tournament = drawn(entry_fee=Decimal(5))
    prizes_set(tournament=tournament, prizes=[Prize(1, Decimal(20))])
    played(tournament, 1, 4)
    series_added(tournament, series=2)
    first = Seat.objects.filter(table__tournament=tournament, series=2).order_by("pk")[0]
    deals_played(first.table, 1)  # the declarer of deal 1 is seat 1: 2 more points
    ranked = standings_selectors.standings(tournament=tournament)
    assert ranked[0].points == 4
    assert ranked[0].money == Decimal(20)
    assert [s.money for s in ranked[1:]] == [Decimal(0)] * 7
    all_paid(tournament)
    assert len(fees(tournament=tournament).paid) == 8


@pytest.mark.parametrize(("series", "queries"), [(1, 7), (2, 8), (3, 8)])
def test_the_standings_cost_the_same_queries_however_many_series(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, series: int, queries: int
) -> None:
    tournament = drawn(series=series)
    played(tournament, 1, 4)
    for number in range(2, series + 1):
        series_added(tournament, series=number)
        played(tournament, number, 4)
    with django_assert_num_queries(2):
        assert len(standings_selectors.standings(tournament=tournament)) == 8
    url = reverse("scoring:standings", args=[tournament.pk])
    organiser.get(url)
    # As at one series (tests/scoring/test_standings.py): the tournament, the seats with their
    # running totals, the prizes, the deals played; the session and the user. A night of
    # several series: the series played now too, whose deals it counts.
    with django_assert_num_queries(queries):
        organiser.get(url)


def test_the_progress_is_the_current_series(organiser: Client) -> None:
    tournament = drawn()
    played(tournament, 1, 10)
    tables = series_added(tournament, series=2)
    deals_played(tables[0], 6)
    page = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    assert "Vorläufiger Stand</strong>: Serie 2, 6 von 20 Spielen gespielt" in page
    dashboard = organiser.get(reverse("scoring:dashboard", args=[tournament.pk])).content.decode()
    assert dashboard.count('<article class="table-card') == 2
    assert "6/10" in dashboard
    assert "10/10" not in dashboard  # series 1: a link away
    assert 'href="?series=1"' in dashboard
    older = organiser.get(reverse("scoring:dashboard", args=[tournament.pk]), {"series": "1"})
    assert older.content.decode().count("10/10") == 2


def test_the_ranking_pdf_has_a_column_per_series() -> None:
    tournament = drawn()
    played(tournament, 1, 4)
    series_added(tournament, series=2)
    played(tournament, 2, 8)
    with translation.override("de"):
        pdf = renderers.ranking_pdf(
            tournament=tournament, standings=standings_selectors.standings(tournament=tournament)
        )
    text = pdf_text(pdf, layout=True)
    assert "Serie 1" in text
    assert "Serie 2" in text
    line = next(line for line in text.splitlines() if "Spieler 00" in line)
    # His table now, series 1 and 2, the total, games declared, won, lost.
    assert " ".join(line.split()).endswith("Spieler 00 2 2 4 6 3 3 0")


def test_a_table_left_short_is_named_with_its_series(organiser: Client) -> None:
    tournament = drawn()
    played(tournament, 1, 10)
    tables = series_added(tournament, series=2)
    for table in tables:
        deals_played(table, 3)
    Tournament.objects.filter(pk=tournament.pk).update(state=Tournament.State.FINISHED)
    short = selectors.tables_played_short(standings_selectors.standings(tournament=tournament))
    assert [(t.series, t.number, t.played, t.deals) for t in short] == [
        (2, 1, 3, 10),
        (2, 2, 3, 10),
    ]
    page = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    assert "Serie 2: Tisch 1 " in " ".join(page.split())
