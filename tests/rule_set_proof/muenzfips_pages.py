"""Münzfips's web side (issue 17, item 6): what the organiser reads of it and its pages.

A scored rule set needs no page of its own: scoring's generic pages (the captain's deal form
built from its vocabulary, the sheets, the standings, the scoresheet PDF, the night file) play
it. This module says what they show of it (:data:`GAME`): its choice on the new-tournament
form, and scoring's pages (:func:`scoring.scored_pages.scored_pages`) with its own demo. A
fixture registers it after the library's registration, and withdraws it when the test is done.
"""

from itertools import accumulate

from fipsen_rules import Result
from scoring.demo import GameDraw
from scoring.demo import scored_night as demo_night
from scoring.scored_pages import scored_pages
from tests.rule_set_proof.muenzfips import NAME, TITLE, Muenzfips, MuenzGame
from tournaments import rule_choice
from tournaments.games import Game

CHOICE = rule_choice.Choice(
    NAME,
    TITLE,
    "Ein Spiel der Tests: 1 bis 3 Stiche angesagt, gewonnen oder verloren, so viele Punkte.",
)


def _games(rules: Muenzfips) -> GameDraw:
    games = tuple(MuenzGame(n, result) for n in (1, 2, 3) for result in (Result.WON, Result.LOST))
    return GameDraw(games, tuple(accumulate(1.0 for _ in games)), passed=None)


#: Scoring's pages with its own demo, and no paper sheet; found as a game's package's ``GAMES``
#: would be, but registered by a fixture (conftest.py).
GAME = Game(CHOICE, scored_pages(demo=demo_night(_games)))
