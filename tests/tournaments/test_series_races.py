"""Two desks confirm "Serie 2 auslosen" at the same moment (issue 30, 10): one draws it, the
other is told it was drawn just now, not that series 2 has open tables. Real concurrent
requests to the live server, on SQLite and PostgreSQL."""

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.desks import Desk, at_once
from tests.factories import UserFactory
from tests.tournaments.test_series_services import play_out, started
from tournaments.models import SeriesDraw, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_second_of_two_draws_at_once_is_told_the_series_was_drawn_just_now(
    live_server: LiveServer,
) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    organiser = UserFactory(is_staff=True, is_superuser=True)
    desks = [Desk(live_server, organiser) for _ in range(2)]
    path = reverse("tournaments:series_draw", args=[tournament.pk])
    assert 'name="drawing" value="2"' in desks[0].get(path).text  # the page names its series
    confirmed = {"method": "lot", "drawing": "2", "confirm": "yes"}

    answers = at_once([lambda d=desk: d.post(path, confirmed) for desk in desks])

    assert sorted(answer.status for answer in answers) == [200, 302]
    told = next(answer.text for answer in answers if answer.status == 200)
    assert "Serie 2 wurde eben ausgelost." in told
    assert "noch offene" not in told
    assert SeriesDraw.objects.filter(tournament=tournament).count() == 1
    assert Table.objects.filter(tournament=tournament, series=2).count() == 4
