"""The print page of a night of several series (scoring/night/views.py, night/print.html,
tournaments/files/_pdf_buttons.html): the files of the series drawn last, the others one tap
away (?series=1), every button carrying its series to the job."""

import re

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from printing.models import GeneratedFile
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_series() -> Tournament:
    return two_series_night(night(present=8, deals_at_four=8))


def series_posted(page: str) -> set[str]:
    return set(re.findall(r'name="series" value="(\d+)"', page))


def test_the_print_page_offers_the_series_drawn_last(
    organiser: Client, two_series: Tournament
) -> None:
    page = organiser.get(f"/tournaments/{two_series.pk}/print/").content.decode()

    assert 'href="?series=1"' in page
    assert re.search(r'href="\?series=2" aria-current="page">Serie 2<', page)
    assert series_posted(page) == {"2"}


def test_the_first_series_is_one_tap_away(organiser: Client, two_series: Tournament) -> None:
    page = organiser.get(f"/tournaments/{two_series.pk}/print/?series=1").content.decode()
    assert series_posted(page) == {"1"}


@pytest.mark.parametrize("asked", ["3", "0", "x", "1" * 30])
def test_a_series_not_drawn_shows_the_one_drawn_last(
    organiser: Client, two_series: Tournament, asked: str
) -> None:
    page = organiser.get(f"/tournaments/{two_series.pk}/print/?series={asked}")
    assert page.status_code == 200
    assert series_posted(page.content.decode()) == {"2"}


def test_a_night_of_one_series_offers_no_series(organiser: Client) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=3)
    page = organiser.get(f"/tournaments/{tournament.pk}/print/").content.decode()
    assert 'name="series"' not in page
    assert "?series=" not in page


def test_a_button_sends_its_series_to_the_job(organiser: Client, two_series: Tournament) -> None:
    organiser.post(
        f"/tournaments/{two_series.pk}/files/seating_list/",
        {"series": "1", "next": f"/tournaments/{two_series.pk}/print/"},
    )
    assert GeneratedFile.objects.get(kind="seating_list").options["series"] == "1"


@pytest.mark.parametrize("series", [1, 2])
def test_the_print_page_reads_as_many_queries_for_either_series(
    organiser: Client,
    two_series: Tournament,
    django_assert_num_queries: DjangoAssertNumQueries,
    series: int,
) -> None:
    with django_assert_num_queries(7):
        organiser.get(f"/tournaments/{two_series.pk}/print/?series={series}")


@pytest.mark.parametrize(("asked", "posted"), [("", "2"), ("?series=1", "1")])
def test_the_tables_page_prints_the_series_it_shows(
    organiser: Client, two_series: Tournament, asked: str, posted: str
) -> None:
    page = organiser.get(f"/tournaments/{two_series.pk}/tables/{asked}").content.decode()
    assert series_posted(page) == {posted}


def test_the_tables_page_offers_to_end_the_series_before_the_next(
    organiser: Client, two_series: Tournament
) -> None:
    tables = f"/tournaments/{two_series.pk}/tables/"
    assert "/series/2/end/" not in organiser.get(tables).content.decode()  # the last series
    two_series.series_count = 3
    two_series.save(update_fields=["series_count"])
    page = organiser.get(tables).content.decode()
    assert f'href="/tournaments/{two_series.pk}/series/2/end/"' in page
    assert "Tische der Serie 2 beenden, die noch spielen" in page
