"""Münzfips and Reizfips registered in the registries for the tests
of this folder, and undone after: no file of the project names them."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django import Settings

from fipsen_rules import rulesets
from tests.rule_set_proof import muenzfips, muenzfips_pages, reizfips, reizfips_pages


@pytest.fixture
def muenzfips_registered() -> Iterator[None]:
    """The library module's registration, then the web module's; both undone after."""
    rulesets.register(muenzfips.REGISTRATION)
    muenzfips_pages.register()
    try:
        yield
    finally:
        muenzfips_pages.unregister()
        rulesets.unregister(muenzfips.NAME)


@pytest.fixture
def reizfips_registered(settings: Settings, tmp_path: Path) -> Iterator[None]:
    """Reizfips's registrations as Münzfips's, and its own German catalogue first among the
    catalogues (the settings' change makes Django read them afresh, and again after)."""
    settings.LOCALE_PATHS = [reizfips_pages.compiled_locale(tmp_path), *settings.LOCALE_PATHS]
    rulesets.register(reizfips.REGISTRATION)
    reizfips_pages.register()
    try:
        yield
    finally:
        reizfips_pages.unregister()
        rulesets.unregister(reizfips.NAME)
