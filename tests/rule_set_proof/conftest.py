"""Münzfips and Aussetzfips registered in the two registries for the tests of this folder, and
undone after: no file of the project names them."""

from collections.abc import Iterator

import pytest

from fipsen_rules import rulesets
from tests.rule_set_proof import aussetzfips, aussetzfips_pages, muenzfips, muenzfips_pages


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
def aussetzfips_registered() -> Iterator[None]:
    """Aussetzfips, as :func:`muenzfips_registered` registers Münzfips."""
    rulesets.register(aussetzfips.REGISTRATION)
    aussetzfips_pages.register()
    try:
        yield
    finally:
        aussetzfips_pages.unregister()
        rulesets.unregister(aussetzfips.NAME)
