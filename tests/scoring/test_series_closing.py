"""The end of a night of several series (scoring/closing_views.py, preisfipsen/journey.py):
it finishes once its last series is played or ended; the finish page names a series not
drawn yet and each table still playing by its series; ending or resuming a table names its
series (a table's number repeats in every series)."""

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from preisfipsen.journey import NightFigures, StepKey, current_step, next_link, night_steps
from scoring import services
from tests.scoring.helpers import deals_played
from tests.scoring.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def first_series_played() -> Tournament:
    """Eight players, two series of 4 deals at each table; series 1 drawn and played."""
    tournament = night(present=8, deals_at_four=4)
    tournament.series_count = 2  # the tournament's form sets it (helper A's part)
    tournament.save(update_fields=["series_count"])
    tournament_services.tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    for table in Table.objects.filter(tournament=tournament):
        deals_played(table, 4)
    return tournament


def test_the_finish_page_says_a_series_is_not_drawn_yet(organiser: Client) -> None:
    tournament = first_series_played()
    page = organiser.get(reverse("scoring:finish", args=[tournament.pk])).content.decode()
    assert "Serie 2 von 2 ist noch nicht ausgelost" in page
    assert "nach Serie 1" in page


def test_the_finish_page_names_the_tables_still_playing_by_series(organiser: Client) -> None:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    for table in Table.objects.filter(tournament=tournament, series=1):
        deals_played(table, 4)
    deals_played(Table.objects.get(tournament=tournament, series=2, number=1), 1)

    page = organiser.get(reverse("scoring:finish", args=[tournament.pk])).content.decode()

    assert "Serie 2 · Tisch 1: 1 von 4 Spielen" in page
    assert "Serie 2 · Tisch 2: 0 von 4 Spielen" in page
    assert "Serie 1 ·" not in page
    assert "noch nicht ausgelost" not in page


def test_a_night_of_one_series_names_no_series_on_finishing(organiser: Client) -> None:
    tournament = night(present=8, deals_at_four=4)
    tournament_services.tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    page = organiser.get(reverse("scoring:finish", args=[tournament.pk])).content.decode()
    assert "Tisch 1: 0 von 4 Spielen" in page
    assert "Serie" not in page


def test_ending_a_table_names_its_series(organiser: Client) -> None:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    table = Table.objects.get(tournament=tournament, series=2, number=2)
    url = reverse("scoring:table_end", args=[tournament.pk, table.pk])

    assert "Serie 2 · " in organiser.get(url).content.decode()
    done = organiser.post(url, {"confirm": "yes", "reason": "Zeit"}, follow=True)

    assert "Serie 2 · " in done.content.decode()
    table.refresh_from_db()
    assert table.ended_early
    other = Table.objects.get(tournament=tournament, series=1, number=2)
    assert not other.ended_early


def test_resuming_a_table_names_its_series(organiser: Client) -> None:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    table = Table.objects.get(tournament=tournament, series=2, number=1)
    services.table_end_early(table=table, reason="Zeit", user=None)
    url = reverse("scoring:table_resume", args=[tournament.pk, table.pk])
    assert "Serie 2 · " in organiser.get(url).content.decode()


# The journey


PLAYED = {"deals_played": 16, "deals_total": 16, "series_count": 2}
ONE_PLAYED = NightFigures("playing", deals_played=16, deals_total=16)


@pytest.mark.parametrize(
    ("figures", "step", "link"),
    [
        (NightFigures("playing", **PLAYED, series_drawn=1), StepKey.PLAY, "tournaments:tables"),
        (NightFigures("playing", **PLAYED, series_drawn=2), StepKey.FINISH, "scoring:finish"),
        (
            NightFigures("playing", deals_played=3, deals_total=16, series_count=2),
            StepKey.PLAY,
            "scoring:dashboard",
        ),
        (
            NightFigures("playing", deals_played=16, deals_total=16),
            StepKey.FINISH,
            "scoring:finish",
        ),
    ],
    ids=["series 1 played", "series 2 played", "series 1 playing", "one series played"],
)
def test_the_night_finishes_once_its_last_series_is_played(
    figures: NightFigures, step: StepKey, link: str
) -> None:
    assert current_step(figures) == step
    assert next_link(figures)[0] == link


def test_the_next_step_is_the_next_series_in_words() -> None:
    figures = NightFigures("playing", **PLAYED, series_drawn=1)
    assert next_link(figures)[1] == "Serie 2 auslosen"
    play = next(step for step in night_steps(figures) if step.key == StepKey.PLAY)
    assert play.label == "Serie 1 von 2: 16 von 16 Spielen gespielt"


def test_the_home_leads_to_the_next_series(organiser: Client) -> None:
    tournament = first_series_played()
    page = organiser.get(reverse("night:home", args=[tournament.pk])).content.decode()
    assert f'href="/tournaments/{tournament.pk}/tables/">Serie 2 auslosen<' in page


@pytest.mark.parametrize("present", [8, 40])
def test_the_finish_page_of_two_series_costs_the_same_queries(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, present: int
) -> None:
    tournament = two_series_night(night(present=present, deals_at_four=4))
    url = reverse("scoring:finish", args=[tournament.pk])
    organiser.get(url)
    with django_assert_num_queries(6):  # a night of one series: 5, and the series drawn
        assert organiser.get(url).status_code == 200
