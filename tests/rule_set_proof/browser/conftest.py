"""The browser's fixtures (tests/browser/conftest.py: one headless Chromium, `page`,
`phone_page`, `organiser` as a user, `log_in`) for Münzfips's night in the browser;
tests/conftest.py marks every test here `browser`."""

from tests.browser.conftest import (  # noqa: F401 (fixtures, found by their names)
    browser,
    full_browser,
    log_in,
    new_page,
    organiser,
    page,
    phone_page,
    playwright_driver,
)
