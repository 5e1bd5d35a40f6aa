"""Aussetzfips's web side (issue 27): the choice on the new-tournament form and scoring's
generic pages (:data:`scoring.rule_pages.SCORED`) with its own demo and no paper sheet, as
Münzfips's (:mod:`tests.rule_set_proof.muenzfips_pages`). A fixture calls :func:`register`
after the library's registration, and :func:`unregister` when the test is done."""

from dataclasses import replace
from itertools import accumulate

from fipsen_rules import Result
from scoring.demo import GameDraw
from scoring.demo import scored_night as demo_night
from scoring.rule_pages import SCORED
from tests.rule_set_proof.aussetzfips import NAME, TITLE, Aussetzfips, MuenzGame
from tournaments import rule_choice, rule_pages

CHOICE = rule_choice.Choice(
    NAME,
    TITLE,
    "Ein Spiel der Tests: am Vierertisch setzt der Geber aus; alle gepasst zählt als Spiel.",
)


def _games(rules: Aussetzfips) -> GameDraw:
    games = tuple(MuenzGame(n, result) for n in (1, 2, 3) for result in (Result.WON, Result.LOST))
    return GameDraw(games, tuple(accumulate(1.0 for _ in games)), passed=None)


PAGES = replace(SCORED, demo=demo_night(_games), demo_check=None, paper_help=None)


def register() -> None:
    """Offer Aussetzfips on the form and play it on scoring's pages."""
    rule_choice.offer(CHOICE)
    rule_pages.register(NAME, PAGES)


def unregister() -> None:
    """Take it back out of both."""
    rule_pages.unregister(NAME)
    rule_choice.withdraw(NAME)
