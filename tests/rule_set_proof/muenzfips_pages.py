"""Münzfips's web side (issue 17, item 6): what the organiser reads of it and its pages.

A scored rule set needs no page of its own: scoring's generic pages (the captain's deal form
built from its vocabulary, the sheets, the standings, the scoresheet PDF, the night file) play
it. This module says what they show of it, by scoring's own :data:`scoring.rule_pages.SCORED`
with its own demo and no paper sheet, and registers it in the web's two places:
:func:`tournaments.rule_choice.offer` (the new-tournament form's radio list) and
:func:`tournaments.rule_pages.register` (the pages). A fixture calls :func:`register` after
the library's registration, and :func:`unregister` when the test is done.
"""

from dataclasses import replace
from itertools import accumulate

from fipsen_rules import Result
from scoring.demo import GameDraw
from scoring.demo import scored_night as demo_night
from scoring.rule_pages import SCORED
from tests.rule_set_proof.muenzfips import NAME, TITLE, Muenzfips, MuenzGame
from tournaments import rule_choice, rule_pages

CHOICE = rule_choice.Choice(
    NAME,
    TITLE,
    "Ein Spiel der Tests: 1 bis 3 Stiche angesagt, gewonnen oder verloren, so viele Punkte.",
)


def _games(rules: Muenzfips) -> GameDraw:
    games = tuple(MuenzGame(n, result) for n in (1, 2, 3) for result in (Result.WON, Result.LOST))
    return GameDraw(games, tuple(accumulate(1.0 for _ in games)), passed=None)


PAGES = replace(SCORED, demo=demo_night(_games), demo_check=None, paper_help=None)


def register() -> None:
    """Offer Münzfips on the form and play it on scoring's pages."""
    rule_choice.offer(CHOICE)
    rule_pages.register(NAME, PAGES)


def unregister() -> None:
    """Take it back out of both."""
    rule_pages.unregister(NAME)
    rule_choice.withdraw(NAME)
