"""The draw's confirmation and the desk's summary name the tables the draw really makes:
each size with its count, in the singular for one, never a size with none, no stray commas."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.night_helpers import night
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

RACE = {"rule_set": "thedinghausen", "rule_options": {"must_trump": False, "filler": 6}}


def _draw_page(organiser: Client, tournament: Tournament) -> str:
    return organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()


def _summary(organiser: Client, tournament: Tournament) -> str:
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    start = page.index('id="split-summary"')
    return " ".join(page[start : page.index("</p>", start)].split())


def test_a_race_of_eleven_is_a_table_of_five_and_one_of_six(organiser: Client) -> None:
    tournament = night(present=11, **RACE)
    page = _draw_page(organiser, tournament)
    assert "1 Fünfertisch, 1 Sechsertisch." in page
    assert "Vierertisch" not in page
    assert "11 Spieler anwesend → 1 Fünfertisch, 1 Sechsertisch" in _summary(organiser, tournament)


@pytest.mark.parametrize("rules", [RACE, {"rule_set": "grossenaspe"}])
def test_five_players_are_one_table_without_a_comma(organiser: Client, rules: dict) -> None:
    summary = _summary(organiser, night(present=5, **rules))
    assert "5 Spieler anwesend → 1 Fünfertisch" in summary
    assert "," not in summary


def test_grossenaspe_says_one_table_in_the_singular(organiser: Client) -> None:
    tournament = night(present=9, rule_set="grossenaspe")
    page = _draw_page(organiser, tournament)
    assert "1 Vierertisch, 1 Fünfertisch (der Geber setzt jedes Spiel aus)." in page
    summary = _summary(organiser, tournament)
    assert "1 Vierertisch, 1 Fünfertisch" in summary
    assert " ," not in summary


def test_prisdorf_names_only_the_sizes_it_seats(organiser: Client) -> None:
    assert "2 Vierertische." in _draw_page(organiser, night(present=8))
    assert "1 Vierertisch, 1 Dreiertisch." in _draw_page(organiser, night(present=7))
    assert "1 Vierertisch, 3 Dreiertische." in _draw_page(organiser, night(present=13))


def test_the_start_names_what_the_rule_set_fixes(organiser: Client) -> None:
    aspe = tournament_draw(tournament=night(present=9, rule_set="grossenaspe"), seed=1)
    page = " ".join(_start_page(organiser, aspe).split())
    assert "Mindestgebot" not in page
    assert (
        "Diese Regeln lassen sich nicht mehr ändern: Großenaspe Fipsen, Kloppen, "
        "Spiele am Vierertisch, Spiele am Fünfertisch" in page
    )
    prisdorf = tournament_draw(tournament=night(present=7), seed=1)
    page = " ".join(_start_page(organiser, prisdorf).split())
    assert "Mindestgebot" in page
    assert "Spiele am Dreiertisch" in page
    assert "Fünfertisch" not in page


def _start_page(organiser: Client, tournament: Tournament) -> str:
    return organiser.get(reverse("tournaments:start", args=[tournament.pk])).content.decode()
