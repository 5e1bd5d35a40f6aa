"""The browser's fixtures (tests/browser/conftest.py: one headless Chromium, `page`,
`phone_page`, `organiser` as a user, `log_in`) for the card night in the browser; every test here
is marked `browser`."""

from pathlib import Path

import pytest

from tests.browser.conftest import (  # noqa: F401 (fixtures, found by their names)
    browser,
    log_in,
    new_page,
    organiser,
    page,
    phone_page,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)
