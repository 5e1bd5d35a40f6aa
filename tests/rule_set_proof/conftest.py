"""Münzfips registered in the two registries for the tests of this folder, and undone after:
no file of the project names it."""

from collections.abc import Iterator

import pytest

from fipsen_rules import rulesets
from tests.rule_set_proof import einsatzfips, muenzfips, muenzfips_pages


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
def einsatzfips_registered() -> Iterator[None]:
    """Einsatzfips (Münzfips with stakes) in the three registries, undone after."""
    einsatzfips.register()
    try:
        yield
    finally:
        einsatzfips.unregister()
