"""A phone left on the captain's page of a table whose series is over, a later series drawn:
the page says so and where each of its players sits now ("Anna – Serie 2, Tisch 3"), by
table number only (the new tables' links are their cards' secrets); one query more than a
table whose series is the latest, asserted."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tests.scoring.helpers import deals_played
from tests.tournaments.test_series_services import started
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Seat, Table, Tournament

pytestmark = pytest.mark.django_db

OVER = "Serie 1 ist vorbei."
NEW_CARD = "Für die neue Serie scannen Sie bitte den QR-Code auf der Karte Ihres neuen Tisches"


def series_one_played() -> Tournament:
    """A night of two series, 16 players, every table of series 1 played to its last deal."""
    tournament = started(16)
    for table in Table.objects.filter(tournament=tournament, series=1):
        deals_played(table, table.deals)
    return tournament


def page_of(table: Table) -> str:
    return Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()


def test_the_old_series_page_says_where_each_player_sits_now() -> None:
    tournament = series_one_played()
    series_draw_next(tournament=tournament, method=Method.LOT, seed=5)
    old = Table.objects.get(tournament=tournament, series=1, number=2)
    page = page_of(old)
    assert OVER in page
    assert NEW_CARD in page
    for seat in old.seats.select_related("registration__player"):
        now = Seat.objects.select_related("table").get(
            series=2, registration_id=seat.registration_id
        )
        assert (
            f"<strong>{seat.registration.player.name}</strong> – Serie 2, Tisch {now.table.number}"
            in page
        )
    for new in Table.objects.filter(tournament=tournament, series=2):
        assert new.token not in page  # the new table's link stays on its card


def test_a_player_who_stopped_is_said_not_to_play_the_new_series() -> None:
    tournament = series_one_played()
    old = Table.objects.get(tournament=tournament, series=1, number=1)
    stopping = old.seats.select_related("registration__player").order_by("position")[0]
    series_draw_next(
        tournament=tournament, method=Method.LOT, seed=5, stopping=[stopping.registration_id]
    )
    page = page_of(old)
    assert (
        f"<strong>{stopping.registration.player.name}</strong> – spielt in Serie 2 nicht mit"
        in page
    )


def test_a_table_ended_early_says_it_too() -> None:
    tournament = started(16)
    Table.objects.filter(tournament=tournament, series=1).update(
        ended_early_at=timezone.now(), ended_early_after=0
    )
    series_draw_next(tournament=tournament, method=Method.LOT, seed=5)
    assert OVER in page_of(Table.objects.get(tournament=tournament, series=1, number=3))


def test_nothing_is_said_before_the_next_draw_nor_at_the_latest_series() -> None:
    tournament = series_one_played()
    old = Table.objects.get(tournament=tournament, series=1, number=1)
    assert OVER not in page_of(old)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=5)
    new = Table.objects.get(tournament=tournament, series=2, number=1)
    page = page_of(new)
    assert "ist vorbei" not in page
    assert "Spiel 1 von" in page


#: The captain's page of a table whose deals are all played: its seats, deals, totals and the
#: session's; at a night of several series one more asks for the latest series.
QUERIES = 4


def test_a_night_of_one_series_asks_nothing_more(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tournament = started(16, series=1)
    table = Table.objects.get(tournament=tournament, number=1)
    deals_played(table, table.deals)
    with django_assert_num_queries(QUERIES):
        assert "ist vorbei" not in page_of(table)


def test_the_old_series_page_costs_one_query_more_than_before_the_draw(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tournament = series_one_played()
    old = Table.objects.get(tournament=tournament, series=1, number=1)
    url = reverse("scoring:table_entry", args=[old.token])
    with django_assert_num_queries(QUERIES + 1):
        Client().get(url)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=5)
    with django_assert_num_queries(QUERIES + 2):
        assert OVER in Client().get(url).content.decode()
