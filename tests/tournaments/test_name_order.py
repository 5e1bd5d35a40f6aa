"""Issue 29.7: the directory and the lists to tick read by first name, so that two Schröders
stood apart ("Anna Schröder" first, "Zoe Schröder" last). Every list of players in
alphabetical order is now a phone book's: by family name, then the given names, both folded
(tournaments.players.selectors.by_family_name, one ordering for all of them)."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.desk.fees import fees
from tournaments.desk.selectors import players_to_register, previous_night, registrations
from tournaments.desk.services import registration_withdraw
from tournaments.draw.series_forms import SeriesDrawForm
from tournaments.draw.services import tournament_draw
from tournaments.forms import SwapForm
from tournaments.models import Player, Registration, Tournament
from tournaments.players.names import player_name_key
from tournaments.players.selectors import player_directory

from .night_helpers import night
from .test_series_services import play_out, started

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

#: The names as typed, in no order; a comma puts the family name first.
NAMES = (
    "Anna Schröder",
    "Bernd Albers",
    "Zoe Schröder",
    "Uwe Schröderbach",
    "Müller, Hans",
    "Carla Meyer",
    "Karl-Heinz von der Heide",
    "Ümit Aydın",
)
#: By family name, then given name: the two Schröders together, "Schröderbach" after them.
PHONE_BOOK = [
    "Bernd Albers",
    "Ümit Aydın",
    "Karl-Heinz von der Heide",
    "Carla Meyer",
    "Müller, Hans",
    "Anna Schröder",
    "Zoe Schröder",
    "Uwe Schröderbach",
]


def _named(players: list[Player]) -> None:
    """The players renamed to NAMES, as the directory's form would store them."""
    for player, name in zip(players, NAMES, strict=True):
        Player.objects.filter(pk=player.pk).update(name=name, name_key=player_name_key(name))


def _night_of_names(*, present: bool = True) -> Tournament:
    tournament = night(present=len(NAMES) if present else 0, absent=0 if present else len(NAMES))
    _named([r.player for r in Registration.objects.filter(tournament=tournament).order_by("pk")])
    return tournament


def test_the_directory_lists_by_family_name(organiser: Client) -> None:
    _night_of_names()
    page = organiser.get(reverse("tournaments:player_list")).content.decode()
    assert [player.name for player in player_directory()] == PHONE_BOOK
    assert [page.index(f">{name}<") for name in PHONE_BOOK] == sorted(
        page.index(f">{name}<") for name in PHONE_BOOK
    )


def test_the_desk_lists_the_registered_and_the_open_fees_by_family_name() -> None:
    tournament = _night_of_names()
    tournament.entry_fee = 5
    tournament.save(update_fields=["entry_fee"])
    registered = registrations(tournament=tournament)
    assert [registration.player.name for registration in registered] == PHONE_BOOK
    open_fees = fees(tournament=tournament).open
    assert [registration.player.name for registration in open_fees] == PHONE_BOOK


def test_the_desk_offers_the_directory_to_register_by_family_name() -> None:
    tournament = _night_of_names(present=False)
    for registration in Registration.objects.filter(tournament=tournament):
        registration_withdraw(registration=registration)
    offered = players_to_register(tournament=tournament)
    assert [player.name for player in offered] == PHONE_BOOK


def test_the_tick_list_of_last_time_is_by_family_name() -> None:
    last_time = _night_of_names()
    tonight = services.tournament_create(
        name="Preisfipsen", date=last_time.date.replace(day=28), place="Prisdorf"
    )
    found = previous_night(tournament=tonight)
    assert found is not None
    assert [player.name for player in found.players] == PHONE_BOOK


def test_the_list_of_who_stops_after_a_series_is_by_family_name() -> None:
    tournament = started(8)
    play_out(tournament, 1)
    _named([r.player for r in Registration.objects.filter(tournament=tournament).order_by("pk")])
    form = SeriesDrawForm(tournament=tournament, series=1)
    names = [label.rsplit(" (", 1)[0] for _value, label in form.fields["stopping"].choices]
    assert names == PHONE_BOOK


def test_the_list_to_swap_two_players_is_by_family_name() -> None:
    tournament = _night_of_names()
    tournament_draw(tournament=tournament, seed=3)
    seats = SwapForm(tournament=tournament).fields["first"].queryset
    assert [seat.registration.player.name for seat in seats] == PHONE_BOOK
