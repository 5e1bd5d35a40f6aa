"""The registration desk's lists as a user reads them: names in German order, and a withdrawn
player neither counted among the registrations nor offered without saying so."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import forms, services
from tournaments.desk import selectors as desk_selectors
from tournaments.desk import services as desk_services
from tournaments.desk.selectors import players_to_register
from tournaments.desk.services import registration_withdraw
from tournaments.draw.services import tournament_draw
from tournaments.models import Registration, Tournament
from tournaments.players.selectors import player_directory
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db

#: In German order, by family name as a phone book (issue 29.7): case and umlauts do not count
#: (Ö as Oe, DIN 5007), nor the database's collation.
NAMES_IN_ORDER = ["Wolfgang Alt", "Bernd Öhlers", "Ümit Özdemir", "Otto Ohm", "anna Zahl"]


def _tournament() -> Tournament:
    return services.tournament_create(name="Preisfipsen", date=datetime.date(2026, 11, 21))


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


def _register_all(tournament: Tournament) -> None:
    for name in reversed(NAMES_IN_ORDER):
        player = player_create(name=name)
        desk_services.registration_add(tournament=tournament, player=player, check_in=True)


def test_registrations_are_listed_in_german_order() -> None:
    tournament = _tournament()
    _register_all(tournament)
    listed = desk_selectors.registrations(tournament=tournament)
    assert [registration.player.name for registration in listed] == NAMES_IN_ORDER


def test_the_directory_lists_names_in_german_order() -> None:
    tournament = _tournament()
    for name in reversed(NAMES_IN_ORDER):
        player_create(name=name)
    found = players_to_register(tournament=tournament)
    assert [player.name for player in found] == NAMES_IN_ORDER
    assert [player.name for player in player_directory()] == NAMES_IN_ORDER


def test_the_swap_form_offers_the_seats_in_german_order() -> None:
    tournament = _tournament()
    _register_all(tournament)  # and a sixth, for two tables of three
    desk_services.registration_add(
        tournament=tournament, player=player_create(name="Paul Sechs"), check_in=True
    )
    tournament_draw(tournament=tournament)
    form = forms.SwapForm(tournament=tournament)
    seats = form.fields["first"].queryset  # type: ignore[attr-defined]
    expected = [*NAMES_IN_ORDER[:4], "Paul Sechs", *NAMES_IN_ORDER[4:]]
    assert [seat.registration.player.name for seat in seats] == expected


def _withdraw_one(tournament: Tournament) -> None:
    _register_all(tournament)
    registration_withdraw(registration=Registration.objects.get(player__name="Otto Ohm"))


def test_a_withdrawn_player_is_not_counted_among_the_registrations(organiser: Client) -> None:
    tournament = _tournament()
    _withdraw_one(tournament)
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert "<h2>4 Anmeldungen <small>(1 ausgetragen)</small></h2>" in page


def test_without_withdrawn_players_the_count_says_nothing_of_them(organiser: Client) -> None:
    tournament = _tournament()
    _register_all(tournament)
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert "<h2>5 Anmeldungen</h2>" in page


def test_the_directory_offers_a_withdrawn_player_to_register_again(organiser: Client) -> None:
    tournament = _tournament()
    _withdraw_one(tournament)
    player_create(name="Paula Voss")
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    directory = page.split('id="desk-directory"')[1].split('id="walk-in"')[0]
    withdrawn = directory.split("Otto Ohm")[1].split("</li>")[0]
    assert '<small class="badge">ausgetragen</small>' in withdrawn
    assert "Wieder anmelden und einchecken" in withdrawn
    assert "Nur wieder anmelden" in withdrawn
    other = directory.split("Paula Voss")[1].split("</li>")[0]
    assert "ausgetragen" not in other
    assert "Wieder" not in other

    organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": Registration.objects.get(player__name="Otto Ohm").player_id, "check_in": "1"},
    )
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert "<h2>5 Anmeldungen</h2>" in page
