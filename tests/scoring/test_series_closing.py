"""The end of a night of several series (scoring/closing_views.py, scoring/night/journey.py):
it finishes once its last series is played or ended; the finish page names a series not
drawn yet and each table still playing by its series; ending or resuming a table names its
series (a table's number repeats in every series)."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scoring import services
from scoring.night.journey import NightFigures, StepKey, current_step, next_link, night_steps
from tests.scoring.helpers import deals_played
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def first_series_played() -> Tournament:
    """Eight players, two series of 4 deals at each table; series 1 drawn and played."""
    tournament = night(present=8, deals_at_four=4)
    tournament.series_count = 2  # the tournament's form sets it (helper A's part)
    tournament.save(update_fields=["series_count"])
    tournament_draw(tournament=tournament, seed=5)
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
    tournament_draw(tournament=tournament, seed=5)
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


DRAW = "tournaments:series_draw"
PLAYED = {"deals_played": 16, "deals_total": 16, "series_count": 2}
ONE_PLAYED = NightFigures("playing", deals_played=16, deals_total=16)


@pytest.mark.parametrize(
    ("figures", "step", "link"),
    [
        (
            NightFigures("playing", **PLAYED, series_drawn=1),
            StepKey.PLAY,
            "tournaments:series_draw",
        ),
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
    assert f'href="/tournaments/{tournament.pk}/series/draw/">Serie 2 auslosen<' in page


@pytest.mark.parametrize("present", [8, 40])
def test_the_finish_page_of_two_series_costs_the_same_queries(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, present: int
) -> None:
    tournament = two_series_night(night(present=present, deals_at_four=4))
    url = reverse("scoring:finish", args=[tournament.pk])
    organiser.get(url)
    with django_assert_num_queries(7):  # a night of one series: 6, and the series drawn
        assert organiser.get(url).status_code == 200


# Ending a series' tables still playing


def series_one_half_played() -> Tournament:
    """Two series drawn; at series 1, table 1 has played all 4 deals, table 2 one."""
    tournament = two_series_night(night(present=8, deals_at_four=4))
    deals_played(Table.objects.get(tournament=tournament, series=1, number=1), 4)
    deals_played(Table.objects.get(tournament=tournament, series=1, number=2), 1)
    return tournament


def test_ending_a_series_ends_its_tables_still_playing_only() -> None:
    tournament = series_one_half_played()

    ended = services.series_end_early(tournament=tournament, series=1, reason="Zeit", user=None)

    assert [(t.series, t.number, t.ended_early_after) for t in ended] == [(1, 2, 1)]
    still = Table.objects.filter(tournament=tournament, ended_early_at__isnull=True)
    assert sorted(still.values_list("series", "number")) == [(1, 1), (2, 1), (2, 2)]
    events = tournament.events.filter(kind="table_ended_early")
    assert list(events.values_list("table_number", "reason")) == [(2, "Zeit")]


def test_a_series_with_every_table_done_cannot_be_ended() -> None:
    tournament = series_one_half_played()
    services.series_end_early(tournament=tournament, series=1, reason="Zeit", user=None)
    with pytest.raises(ValidationError) as refused:
        services.series_end_early(tournament=tournament, series=1, reason="Zeit", user=None)
    assert refused.value.code == "series_complete"


def test_ending_a_series_needs_a_reason_and_ends_nothing_without() -> None:
    tournament = series_one_half_played()
    with pytest.raises(ValidationError):
        services.series_end_early(tournament=tournament, series=2, reason="  ", user=None)
    assert not Table.objects.filter(ended_early_at__isnull=False).exists()


def test_the_series_end_page_names_its_tables_and_asks_why(organiser: Client) -> None:
    tournament = series_one_half_played()
    url = reverse("scoring:series_end", args=[tournament.pk, 1])

    page = organiser.get(url).content.decode()
    assert "Serie 1 · Tisch 2: 1 von 4 Spielen" in page
    assert "Tisch 1:" not in page
    unchanged = organiser.post(url, {"confirm": "yes", "reason": ""})
    assert unchanged.status_code == 200
    assert not Table.objects.filter(ended_early_at__isnull=False).exists()

    done = organiser.post(url, {"confirm": "yes", "reason": "Zeit ist um"}, follow=True)

    assert "Die Tische der Serie 1 sind fertig" in done.content.decode()
    assert Table.objects.get(ended_early_at__isnull=False).ended_early_reason == "Zeit ist um"


def test_the_series_end_page_of_a_series_done_says_so(organiser: Client) -> None:
    tournament = series_one_half_played()
    services.series_end_early(tournament=tournament, series=1, reason="Zeit", user=None)
    page = organiser.get(reverse("scoring:series_end", args=[tournament.pk, 1]))
    assert "Jeder Tisch der Serie 1 ist fertig" in page.content.decode()


def test_a_table_of_a_later_series_says_its_series_on_every_page(organiser: Client) -> None:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    first = Table.objects.get(tournament=tournament, series=1, number=1)
    later = Table.objects.get(tournament=tournament, series=2, number=1)
    assert (str(first), str(later)) == ("Tisch 1", "Serie 2 · Tisch 1")
    paper = organiser.get(reverse("scoring:organiser_paper", args=[tournament.pk, later.pk]))
    assert "Serie 2 · Tisch 1" in paper.content.decode()
    captain = organiser.get(f"/t/{later.token}/")
    assert "Serie 2 · Tisch 1" in captain.content.decode()
