"""A night's series 2 drawn from real deals (scoring's demo, every rule set): seeded by the
standings, the best at table 1 as the night's own ranking places them; the draw repeats from
its record."""

from itertools import pairwise

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from scoring.demo import demo_night_play
from tournaments.draw.series_draw import Method
from tournaments.draw.series_selectors import series_draw_matches, series_open_tables
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Registration, Seat, Tournament
from tournaments.players.night_figures import ranked_nights

pytestmark = pytest.mark.django_db

NIGHTS = {"prisdorf": 16, "grossenaspe": 15, "thedinghausen": 20, "tippen": 16}


def played(rule_set: str) -> Tournament:
    """A demo night, its tables all played (or, where they play until the end, ended), of
    two series."""
    tournament = demo_night_play(
        players=NIGHTS[rule_set], seed=3, deals=6, rule_set=rule_set
    ).tournament
    Tournament.objects.filter(pk=tournament.pk).update(series_count=2)
    tournament.refresh_from_db()
    if series_open_tables(tournament=tournament, series=1):
        tournament.tables.update(ended_early_at=timezone.now(), ended_early_after=6)
    return tournament


@pytest.mark.parametrize("rule_set", NIGHTS)
def test_seeded_by_the_nights_own_places(rule_set: str) -> None:
    tournament = played(rule_set)
    ranked = ranked_nights(tournaments=[tournament])[tournament.pk]
    place_of_player = {row.figures.key: row.place for row in ranked}
    drawn = series_draw_next(tournament=tournament, method=Method.SEEDED, seed=9)
    player_of = dict(Registration.objects.values_list("pk", "player_id"))
    by_table: dict[int, list[int]] = {}
    for number, registration in Seat.objects.filter(series=2).values_list(
        "table__number", "registration_id"
    ):
        by_table.setdefault(number, []).append(place_of_player[player_of[registration]])
    numbers = sorted(by_table)
    for better, worse in pairwise(numbers):
        assert max(by_table[better]) <= min(by_table[worse])
    assert series_draw_matches(tournament=tournament, drawn=drawn)


@pytest.mark.parametrize("method", list(Method))
def test_the_draw_repeats_from_its_record(method: Method) -> None:
    tournament = played("prisdorf")
    drawn = series_draw_next(tournament=tournament, method=method, seed=5)
    assert series_draw_matches(tournament=tournament, drawn=drawn)
    table = tournament.tables.get(series=2, number=1)
    table.first_dealer = (table.first_dealer + 1) % table.seats.count()
    table.save(update_fields=["first_dealer"])  # another dealer than drawn
    assert not series_draw_matches(tournament=tournament, drawn=drawn)


@pytest.mark.parametrize("players", [16, 40])
def test_the_draw_page_in_fixed_queries(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    tournament = demo_night_play(players=players, seed=3, deals=2).tournament
    Tournament.objects.filter(pk=tournament.pk).update(series_count=2)
    url = reverse("tournaments:series_draw", args=[tournament.pk])
    organiser.get(url)
    with django_assert_num_queries(8):
        page = organiser.get(url)
    assert "Wer hört nach dieser Serie auf?" in page.content.decode()
