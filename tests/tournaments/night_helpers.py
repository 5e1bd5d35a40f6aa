"""Building a tournament night through the services, as the organiser would."""

import datetime

from tournaments import services
from tournaments.desk.services import registration_add, registration_mark_paid
from tournaments.models import Registration, Tournament
from tournaments.players.services import player_create


def night(*, present: int, absent: int = 0, **options: object) -> Tournament:
    """A tournament with ``present`` players checked in and ``absent`` only registered."""
    tournament = services.tournament_create(
        name="Preisfipsen", date=datetime.date(2026, 11, 21), place="Prisdorf", **options
    )
    for number in range(present + absent):
        player = player_create(name=f"Spieler {number:02d}", club="SC Prisdorf")
        registration_add(tournament=tournament, player=player, check_in=number < present)
    return tournament


def registration(tournament: Tournament, name: str) -> Registration:
    return Registration.objects.get(tournament=tournament, player__name=name)


def all_paid(tournament: Tournament) -> Tournament:
    """Every player present has paid the fee asked now (the desk's tap on his name)."""
    present = Registration.objects.filter(tournament=tournament, checked_in_at__isnull=False)
    for entry in present.select_related("tournament", "player"):
        registration_mark_paid(registration=entry, paid=True)
    return tournament
