"""The tables page of a night of several series (tournaments/views/series*.py): the current
series shown, an older one a link away, "Draw series 2" as three tiles, a confirmation, the
new seating; the latest series drawn again before its first deal; fixed query counts."""

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.draw.services import tournament_draw
from tournaments.models import (
    Registration,
    Seat,
    SeriesDraw,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.players.services import player_create

from .night_helpers import night
from .test_series_services import play_out, started

pytestmark = pytest.mark.django_db

CONFIRMED = {"confirm": "yes"}


def tables_url(tournament, series: int | None = None) -> str:
    url = reverse("tournaments:tables", args=[tournament.pk])
    return url if series is None else f"{url}?series={series}"


def test_after_the_series_the_page_offers_the_next(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    page = organiser.get(tables_url(tournament)).content.decode()
    assert "Serie 2 auslosen" in page
    assert reverse("tournaments:series_draw", args=[tournament.pk]) in page
    assert "Serie 1" in page
    assert "von 2" in page


def test_the_draw_page_shows_three_tiles_and_who_stops(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    page = organiser.get(reverse("tournaments:series_draw", args=[tournament.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert text.count('class="tile tile-series"') == 3
    assert "Nach Stand gesetzt" in text or "nach dem Stand" in text
    assert "Wer hört nach dieser Serie auf?" in text
    assert "Ja, Serie 2 auslosen" in text
    assert not Table.objects.filter(series=2).exists()


def test_refused_with_the_reason_while_tables_are_open(organiser: Client) -> None:
    tournament = started(16)
    url = reverse("tournaments:series_draw", args=[tournament.pk])
    page = organiser.post(url, {"method": "lot", **CONFIRMED}).content.decode()
    assert "noch offene Tische: 1, 2, 3, 4" in page
    assert not Table.objects.filter(series=2).exists()


def test_confirmed_it_draws_and_shows_the_new_seating(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    stopping = Seat.objects.filter(series=1).order_by("pk")[0]
    answer = organiser.post(
        reverse("tournaments:series_draw", args=[tournament.pk]),
        {"method": "avoiding", "stopping": []},
    )
    assert answer.status_code == 200  # not confirmed: the page again, nothing drawn
    assert not SeriesDraw.objects.exists()
    answer = organiser.post(
        reverse("tournaments:series_draw", args=[tournament.pk]),
        {"method": "seeded", "stopping": [stopping.registration_id], **CONFIRMED},
        follow=True,
    )
    drawn = SeriesDraw.objects.get()
    assert (drawn.number, drawn.method) == (2, Method.SEEDED)
    assert answer.redirect_chain[-1][0] == tables_url(tournament, 2)
    page = answer.content.decode()
    assert "Serie 2 ist ausgelost" in page
    assert "Die Auslosung der Serie 2" in page
    seated = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert stopping.registration_id not in seated
    assert Seat.objects.filter(series=2).count() == 15
    event = TournamentEvent.objects.get(kind=TournamentEvent.Kind.SERIES_DRAWN)
    assert event.user is not None


def test_an_older_series_is_one_link_away(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    first = Table.objects.get(tournament=tournament, series=1, number=1)
    second = Table.objects.get(tournament=tournament, series=2, number=1)
    current = organiser.get(tables_url(tournament)).content.decode()
    assert second.token in current
    assert first.token not in current
    older = organiser.get(tables_url(tournament, 1)).content.decode()
    assert first.token in older
    assert second.token not in older
    assert "Serie 2 neu auslosen" in current


def test_redraw_confirmed(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    url = reverse("tournaments:series_redraw", args=[tournament.pk])
    page = organiser.get(url).content.decode()
    assert "Wer hört vor dieser Serie auf?" in page
    assert "Alle anderen werden neu ausgelost." in page
    stops = Seat.objects.filter(series=2).order_by("pk").first()
    organiser.post(url, {"method": "avoiding", "stopping": [stops.registration_id], **CONFIRMED})
    assert SeriesDraw.objects.get().method == Method.AVOIDING
    seated = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert len(seated) == 15
    assert stops.registration_id not in seated
    assert TournamentEvent.objects.filter(kind=TournamentEvent.Kind.SERIES_REDRAWN).count() == 1


def test_the_redraw_offers_no_late_arrival_to_stop(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = started(16, series=3)
    player = player_create(name="Spät Kommer", club="")
    registration_add(tournament=tournament, player=player, check_in=True)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    url = reverse("tournaments:series_redraw", args=[tournament.pk])
    organiser.get(url)
    with django_assert_num_queries(9):  # 8, and the tables whose phones keep deals
        page = organiser.get(url).content.decode()
    assert "Spät Kommer" not in page
    assert page.count('name="stopping"') == 16


def test_a_night_of_one_series_shows_no_series(organiser: Client) -> None:
    tournament = started(8, series=1)
    page = organiser.get(tables_url(tournament)).content.decode()
    assert "Serie 1" not in page
    assert "auslosen" not in page


@pytest.mark.parametrize("present", [16, 40])
def test_the_tables_page_of_a_second_series_in_fixed_queries(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, present: int
) -> None:
    tournament = started(present)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.AVOIDING, seed=1)
    organiser.get(tables_url(tournament))
    with django_assert_num_queries(12):
        assert organiser.get(tables_url(tournament)).status_code == 200


NEW = {"name": "Zwei Serien", "date": "2026-11-21", "rule_set": "prisdorf",
       "prisdorf_min_bid": 2, "deals_at_four": 48, "deals_at_three": 36,
       "tie_break": "fewer_lost,best_game", "entry_fee": "0"}  # fmt: skip


def test_a_new_tournament_of_two_series(organiser: Client) -> None:
    page = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    assert "Serien des Abends" in page
    answer = organiser.post(reverse("tournaments:tournament_create"), {**NEW, "series_count": 2})
    assert answer.status_code == 302
    tournament = Tournament.objects.get(name="Zwei Serien")
    assert tournament.series_count == 2
    rules = organiser.get(reverse("tournaments:tournament_rules", args=[tournament.pk]))
    assert "Serien des Abends" in rules.content.decode()


def test_more_series_than_allowed_refused(organiser: Client) -> None:
    answer = organiser.post(reverse("tournaments:tournament_create"), {**NEW, "series_count": 7})
    assert answer.status_code == 200
    assert not Tournament.objects.exists()


def test_during_play_not_fewer_series_than_drawn(organiser: Client) -> None:
    tournament = started(16, series=3)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {**NEW, "deals_at_four": 4, "deals_at_three": 3, "tie_break": tournament.tie_break}
    answer = organiser.post(url, {**data, "series_count": 1})
    assert "Es sind schon 2 Serien ausgelost: mindestens 2." in answer.content.decode()
    organiser.post(url, {**data, "series_count": 2})
    tournament.refresh_from_db()
    assert tournament.series_count == 2


def test_the_desk_checks_in_a_late_arrival_during_play(organiser: Client) -> None:
    tournament = started(16, absent=1)
    absent = Registration.objects.get(tournament=tournament, checked_in_at__isnull=True)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert reverse("tournaments:arrive", args=[tournament.pk, absent.pk]) in page
    organiser.post(reverse("tournaments:arrive", args=[tournament.pk, absent.pk]), {"present": "1"})
    absent.refresh_from_db()
    assert absent.is_checked_in


def test_the_home_leads_to_the_next_series_once_one_is_played(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    home = organiser.get(reverse("night:home", args=[tournament.pk])).content.decode()
    assert "Serie 2 auslosen" in home
    assert reverse("tournaments:series_draw", args=[tournament.pk]) in home


def test_each_draw_page_says_which_series_of_how_many(organiser: Client) -> None:
    tournament = night(present=8, series_count=3)
    first = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    assert "Serie 1 von 3 auslosen?" in first
    tournament_draw(tournament=tournament, seed=11)
    again = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    assert "Serie 1 von 3 neu auslosen?" in again
    services.tournament_start(tournament=tournament)
    play_out(tournament, 1)
    url = reverse("tournaments:series_draw", args=[tournament.pk])
    assert "Serie 2 von 3 auslosen?" in organiser.get(url).content.decode()
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    url = reverse("tournaments:series_redraw", args=[tournament.pk])
    assert "Serie 2 von 3 neu auslosen?" in organiser.get(url).content.decode()


def test_the_first_draw_of_a_night_of_one_series_names_no_series(organiser: Client) -> None:
    tournament = night(present=8, series_count=1)
    page = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    assert "Tische auslosen?" in page
    assert "Serie 1" not in page
