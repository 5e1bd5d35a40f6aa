"""Reizfips's web side (issue 27): its choice on the new-tournament form, its pages (scoring's
generic ones), and its own German words: the catalogue in ``tests/rule_set_proof/locale``
translates its number's label, its result, its notation word and its error codes, as a game's
package brings its own ``locale`` (a real game's words go into the project's ``.po``). A
fixture calls :func:`register` after the library's registration, :func:`unregister` after.
"""

import subprocess
from itertools import accumulate
from pathlib import Path

from scoring.demo import GameDraw
from scoring.demo import scored_night as demo_night
from scoring.scored_pages import scored_pages
from tests.rule_set_proof.reizfips import BIDS, NAME, TITLE, Ending, Reizfips, ReizGame
from tournaments import rule_choice
from tournaments.games import Game

CHOICE = rule_choice.Choice(
    NAME,
    TITLE,
    "Ein Spiel der Tests: Farbe, Grand oder Null zum Reizwert; am Vierertisch setzt der Geber aus.",
)
#: Its German catalogue, compiled by :func:`compiled_locale`.
LOCALE = Path(__file__).parent / "locale"


def _games(rules: Reizfips) -> GameDraw:
    games = tuple(
        ReizGame(contract, bid, ending)
        for contract in ("farbe", "grand")
        for bid in BIDS[:6]
        for ending in Ending
    )
    return GameDraw(games, tuple(accumulate(1.0 for _ in games)), passed=None)


#: Scoring's pages with its own demo, and no paper sheet; found as a game's package's ``GAMES``
#: would be, but registered by a fixture (conftest.py).
GAME = Game(CHOICE, scored_pages(demo=demo_night(_games)))


def compiled_locale(folder: Path) -> Path:
    """Its catalogue compiled into ``folder`` (a ``LOCALE_PATHS`` entry), as `make` compiles
    the project's."""
    target = folder / "de" / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    source = LOCALE / "de" / "LC_MESSAGES" / "django.po"
    subprocess.run(["msgfmt", "--check", "-o", target / "django.mo", source], check=True)
    return folder
