"""A game's registration is all or nothing (tournaments.games.register_game): pages the
registry refuses leave the game not offered on the new-tournament form either."""

import pytest

from fipsen_rules import rulesets
from tests.rule_set_proof import muenzfips, muenzfips_pages
from tournaments import games, rule_pages
from tournaments.rule_choice import CHOICES


def test_pages_refused_leave_the_game_not_offered() -> None:
    name = muenzfips.NAME
    rulesets.register(muenzfips.REGISTRATION)
    try:
        # A ledger's pages for a rule set whose deals are scored: refused by the registry.
        ledger = games.Game(muenzfips_pages.CHOICE, rule_pages.registered()["tippen"])
        with pytest.raises(ValueError, match="as the library does"):
            games.register_game(ledger)
        assert name not in CHOICES
        assert name not in rule_pages.registered()
        games.register_game(muenzfips_pages.GAME)  # its own pages: registered whole
        assert name in CHOICES
        games.withdraw_game(name)
    finally:
        rulesets.unregister(name)
