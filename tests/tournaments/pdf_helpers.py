"""A night to print, and asking for one of its files (reading the PDFs back:
tests/printing/pdf_reading.py)."""

import datetime
from collections.abc import Mapping

from printing import services as printing_services
from printing.models import GeneratedFile
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament
from tournaments.players.services import player_create
from tournaments.printing_kinds import file_title, owner_of_tournament

#: The players of the printed night: umlauts, ß, a name with markup in it, a latin-ext letter.
NAMES = (
    "Jürgen Müßig",
    "Ute <b>& Co",
    "Anna Zander",
    "Östen Berg",
    "Bernd ackermann",
    "Carla Öhrling",
    "Dieter Übel",
    "Erika Nuß",
    "Łukasz Wójcik",
    "Gisela Straße",
    "Heinz Kuhn",
    "Inge Lang",
    "Karl Maier",
)
CLUBS = ("SC Prisdorf", "Skatfreunde Pinneberg")
BASE_URL = "http://192.168.1.20:8000"


def drawn_night(*, names: tuple[str, ...] = NAMES, seed: int = 7) -> Tournament:
    """A tournament with these players checked in and drawn to tables (13 → 4, 3, 3, 3)."""
    tournament = services.tournament_create(
        name="Herbstpreis & <Co>", date=datetime.date(2026, 11, 21), place="Gasthof Zur Linde"
    )
    for number, name in enumerate(names):
        player = player_create(name=name, club=CLUBS[number % 2])
        registration_add(tournament=tournament, player=player, check_in=True)
    return tournament_draw(tournament=tournament, seed=seed)


def file_request(
    *, tournament: Tournament, kind: str, options: Mapping[str, str] | None = None
) -> GeneratedFile:
    """Ask printing for a file of the tournament's, as the button's page does."""
    return printing_services.file_request(
        owner=owner_of_tournament(tournament),
        kind=kind,
        title=file_title(tournament),
        options=options,
    )
