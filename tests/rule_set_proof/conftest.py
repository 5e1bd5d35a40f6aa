"""Münzfips and Reizfips registered in the registries for the tests
of this folder, and undone after: no file of the project names them."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytest_django import Settings

from fipsen_rules import rulesets
from fipsen_rules.rulesets import Registration
from tests.rule_set_proof import muenzfips, muenzfips_pages, reizfips, reizfips_pages
from tournaments import games


@contextmanager
def game_registered(registration: Registration, game: games.Game) -> Iterator[None]:
    """The library's registration, then the web's game (as a game's package would be found);
    both undone after."""
    rulesets.register(registration)
    games.register_game(game)
    try:
        yield
    finally:
        games.withdraw_game(game.name)
        rulesets.unregister(game.name)


@pytest.fixture
def muenzfips_registered() -> Iterator[None]:
    with game_registered(muenzfips.REGISTRATION, muenzfips_pages.GAME):
        yield


@pytest.fixture
def reizfips_registered(settings: Settings, tmp_path: Path) -> Iterator[None]:
    """Reizfips as Münzfips, and its own German catalogue first among the catalogues (the
    settings' change makes Django read them afresh, and again after)."""
    settings.LOCALE_PATHS = [reizfips_pages.compiled_locale(tmp_path), *settings.LOCALE_PATHS]
    with game_registered(reizfips.REGISTRATION, reizfips_pages.GAME):
        yield
