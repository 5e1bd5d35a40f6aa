"""Reading the PDFs the app makes (poppler-utils, which `make` installs), and a night to print."""

import datetime
import shutil
import subprocess

import pytest

from tournaments import services
from tournaments.models import Tournament

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
        player = services.player_create(name=name, club=CLUBS[number % 2])
        services.registration_add(tournament=tournament, player=player, check_in=True)
    return services.tournament_draw(tournament=tournament, seed=seed)


def _poppler(program: str) -> str:
    path = shutil.which(program)
    if path is None:
        pytest.fail(
            f"{program} is missing: `make test` installs it (scripts/sysdeps, poppler-utils)"
        )
    return path


def pdf_text(pdf: bytes, *, page: int | None = None, layout: bool = False) -> str:
    """The text of a PDF (or of one page, counted from 1), in reading order; with ``layout``
    as laid out, so that a table's row is one line."""
    options = ["-f", str(page), "-l", str(page)] if page else []
    options += ["-layout"] if layout else []
    return subprocess.run(
        [_poppler("pdftotext"), *options, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


def pdf_pages(pdf: bytes) -> int:
    info = subprocess.run(
        [_poppler("pdfinfo"), "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])


def pdf_fonts(pdf: bytes) -> list[str]:
    """The names of the fonts in the PDF (without the subset prefix, e.g. ``ABCDEF+``)."""
    listing = subprocess.run(
        [_poppler("pdffonts"), "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return [line.split()[0].split("+")[-1] for line in listing.splitlines()[2:] if line.strip()]
