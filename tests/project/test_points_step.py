"""A Mecklenburg night's home has a step for the club's points table (play cannot start without
it), done once saved and linking to its form; the start's confirmation names the table among
what becomes fixed."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.project.test_night_journey import cards_printed, current_label, home_page, next_button
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.club_points import example_points
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _drawn(rule_set: str) -> Tournament:
    tournament = night(present=8, rule_set=rule_set)
    return tournament_draw(tournament=tournament, seed=11)


def test_the_points_table_is_a_step_linking_to_its_form(client: Client) -> None:
    tournament = _drawn("ansegger")
    points = reverse("tournaments:tournament_points", args=[tournament.pk])
    html = home_page(client, tournament)
    assert f'href="{points}">Die Punktetabelle des Vereins</a>' in html
    assert html.count('class="journey-mark"') == 2  # check-in and draw
    cards_printed(tournament)
    html = home_page(client, tournament)
    assert current_label(html).endswith("Die Punktetabelle des Vereins</a>")
    assert next_button(html) == points
    services.tournament_points_set(tournament=tournament, points=example_points("ansegger"))
    html = home_page(client, tournament)
    assert current_label(html) == "Spielbeginn"
    assert html.count('class="journey-mark"') == 4  # check-in, draw, cards, points


def test_a_saved_table_is_done_before_the_draw(client: Client) -> None:
    tournament = night(present=3, absent=5, rule_set="duttfips")
    services.tournament_points_set(tournament=tournament, points=example_points("duttfips"))
    html = home_page(client, tournament)
    assert html.count('class="journey-mark"') == 1
    assert "is-done" in html.split("Die Punktetabelle des Vereins")[0].rsplit("<li", 1)[1]


def test_other_rule_sets_have_no_points_step(client: Client) -> None:
    html = home_page(client, _drawn("prisdorf"))
    assert "Punktetabelle" not in html


def test_the_start_confirmation_names_the_points_table(client: Client) -> None:
    tournament = _drawn("duttfips")
    services.tournament_points_set(tournament=tournament, points=example_points("duttfips"))
    home_page(client, tournament)  # logs the organiser in
    html = client.get(reverse("tournaments:start", args=[tournament.pk])).content.decode()
    assert "die Punktetabelle des Vereins" in html
