"""Browser tests: Debian's Chromium, headless, driven by Playwright, against `live_server`.

Every test in tests/browser/ is marked `browser` (select with `-m browser`, leave out with
`-m "not browser"`). A test asks for `page` (a desktop window) or `phone_page` (390×844, touch),
both German (de-DE) and already pointed at the live server, so paths are enough:

    def test_start_page(page: Page) -> None:
        page.goto("/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Willkommen bei Preisfipsen")

Create data in the test as usual (factories); the live server shares the test database
(`live_server` makes the test transactional). `log_in(page, user)` logs a user in without the
form; `organiser` is a staff superuser. When a test fails, every page it opened is saved as a
PNG and the paths are shown under "browser screenshots" in the report.

One Chromium serves all browser tests of a run: it starts with the first and stops after the
last (package scope, see `browser`). Each test gets its own context, i.e. fresh cookies.

The browser is Debian's Chromium headless shell (package ``chromium-headless-shell``): the same
Blink and V8 as ``chromium``, without the desktop browser around them, and what Playwright
itself runs headless. The browser tests took half the CPU time with it (83 s against 40 s for
test_one_screen_entry.py and test_small_phones.py). What only the whole browser does (asking for
the favicon) is tested in ``chromium`` itself: mark the test ``full_chromium``.
"""

import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    expect,
    sync_playwright,
)
from pytest_django.live_server_helper import LiveServer

from tests.conftest import require_program
from tests.factories import UserFactory

#: Debian's packages (scripts/sysdeps installs them): the headless shell for every browser test,
#: the whole browser for those marked ``full_chromium``.
CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = "/usr/bin/chromium"

# Headless, and nothing that reaches for the network: this machine has none beyond the package
# registries, and Chromium's background requests would only be refused, many at a time. Playwright
# adds a fresh --user-data-dir of its own for every launch.
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: What `phone_page` looks like: a common phone (iPhone 12 to 15 size) held upright.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

#: Playwright's waits (clicks, `expect`) give up after this many milliseconds. `make test`
#: runs both passes' browser tests at once on two cores: a desk's swap and the launcher's first
#: page each took over 10 s there (tests/browser/test_tournament_night.py, test_offline_worker.py)
#: and pass alone. A wait bound, not a timing assertion: a passing wait ends as soon as it holds.
TIMEOUT_MS = 30_000
# `expect` has its own default (5 s), not the context's: a save answered late on a loaded
# machine failed a CI run at 5 s while every click would have waited 10 s.
expect.set_options(timeout=TIMEOUT_MS)

POLICY = "Content-Security-Policy violation"
_PAGES = pytest.StashKey[list[Page]]()
_SCREENSHOT_DIR = pytest.StashKey[Path]()


class NewPage(Protocol):
    def __call__(self, **context_options: Any) -> Page: ...


@pytest.fixture(scope="package")
def playwright_driver() -> Iterator[Playwright]:
    """Playwright, started once for the browser tests of a package and stopped after the last.

    Package scope rather than session: Playwright's sync API keeps an asyncio loop running in
    this thread while it is started, and Django refuses ORM calls while a loop runs
    (SynchronousOnlyOperation). DJANGO_ALLOW_ASYNC_UNSAFE lifts that for exactly as long as
    Playwright runs, here; the rest of the suite keeps Django's check.
    """
    with pytest.MonkeyPatch.context() as env:
        env.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            yield playwright


@pytest.fixture(scope="package")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    """Chromium's headless shell, started with the package's first browser test."""
    yield from _launched(playwright_driver, CHROMIUM_HEADLESS_SHELL, "Chromium's headless shell")


@pytest.fixture(scope="package")
def full_browser(playwright_driver: Playwright) -> Iterator[Browser]:
    """The whole Chromium, headless, for the tests marked ``full_chromium``."""
    yield from _launched(playwright_driver, CHROMIUM, "Chromium")


def _launched(playwright: Playwright, path: str, name: str) -> Iterator[Browser]:
    require_program(path, name)
    browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def new_page(
    live_server: LiveServer,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[NewPage]:
    """`new_page(**options)` opens a page in a new context (own cookies) of the shared browser.

    German and in Berlin's time unless the options say otherwise; further options are those of
    Playwright's `browser.new_context`, e.g. `new_page(**PHONE)` or `new_page(locale="en-GB")`.
    Two pages from two calls are two people (say an organiser and a table captain).
    """
    full = request.node.get_closest_marker("full_chromium") is not None
    browser: Browser = request.getfixturevalue("full_browser" if full else "browser")
    contexts: list[BrowserContext] = []
    pages = request.node.stash.setdefault(_PAGES, [])
    request.node.stash[_SCREENSHOT_DIR] = tmp_path_factory.getbasetemp() / "browser-screenshots"
    broken: list[str] = []

    def new_page(**context_options: Any) -> Page:
        options = {
            "base_url": live_server.url,
            "locale": "de-DE",
            "timezone_id": "Europe/Berlin",
            **context_options,
        }
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: broken.append(f"JavaScript error: {error}"))
        page.on("response", lambda response: _note_failed_response(response, broken))
        page.on("requestfailed", lambda request: _note_failed_request(request, broken))
        page.on("console", lambda message: _note_policy_violation(message, broken))
        pages.append(page)
        return page

    yield new_page

    for context in contexts:
        # A route handler still running (a slowed preview) would raise into the next test's
        # setup once its page is gone: let it end quietly with the test that set it.
        for opened in context.pages:
            opened.unroute_all(behavior="ignoreErrors")
        context.unroute_all(behavior="ignoreErrors")
        context.close()
    # A stylesheet or script that did not load fails the test that saw it, even if its
    # assertions passed: the page the user gets would not be the one that was tested.
    if request.node.get_closest_marker("requests_fail_on_purpose") is not None:
        broken = [line for line in broken if line.startswith(("JavaScript error", POLICY))]
    assert not broken, "The pages requested something that failed:\n" + "\n".join(broken)


def _note_failed_response(response: Response, broken: list[str]) -> None:
    # A page itself may answer 403 or 404 on purpose; what it loads (CSS, scripts) may not.
    if response.status >= 400 and response.request.resource_type != "document":
        broken.append(f"{response.status} for {response.url}")


def _note_policy_violation(message: ConsoleMessage, broken: list[str]) -> None:
    # What the Content-Security-Policy refused (an inline script or style, eval): the page
    # works otherwise than it was written to (preisfipsen/middleware.py).
    if message.type == "error" and "Content Security Policy" in message.text:
        broken.append(f"{POLICY}: {message.text}")


def _note_failed_request(request: Request, broken: list[str]) -> None:
    # Aborted: the page was left while it loaded, e.g. by a click. Not a fault of the page.
    if request.failure != "net::ERR_ABORTED":
        broken.append(f"{request.failure} for {request.url}")


@pytest.fixture
def page(new_page: NewPage) -> Page:
    """A desktop-sized page (1280×720), German, pointed at the live server."""
    return new_page()


@pytest.fixture
def phone_page(new_page: NewPage) -> Page:
    """A phone-sized page (390×844, touch), German, pointed at the live server."""
    return new_page(**PHONE)


@pytest.fixture
def organiser() -> AbstractBaseUser:
    """The organiser: staff and superuser, with tests.factories.PASSWORD."""
    user: AbstractBaseUser = UserFactory(username="leitung", is_staff=True, is_superuser=True)
    return user


@pytest.fixture
def log_in(live_server: LiveServer) -> Callable[[Page, AbstractBaseUser], None]:
    """`log_in(page, user)`: the page's context is logged in as user from its next request.

    Skips the login form (tests/browser/test_account.py tests that once) by giving the browser
    the session cookie of a Django test client that logged in.
    """

    def log_in(page: Page, user: AbstractBaseUser) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": live_server.url}]
        )

    return log_in


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """On a failed test, a screenshot of every page it opened, named in the report."""
    report = yield
    pages = item.stash.get(_PAGES, [])
    if report.when == "call" and report.failed and pages:
        folder = item.stash[_SCREENSHOT_DIR]
        folder.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^\w.-]+", "_", item.nodeid)
        saved = []
        for number, page in enumerate(pages, start=1):
            path = folder / f"{stem}-{number}.png"
            try:
                page.screenshot(path=path, full_page=True)
            except Exception as error:  # the test's own failure matters more
                saved.append(f"{path}: not saved ({error})")
            else:
                saved.append(str(path))
        report.sections.append(("browser screenshots", "\n".join(saved)))
    return report


#: The site's font, as the pages name it (static/css/site.css), and the phone's own instead.
SITE_FONT = "Atkinson Hyperlegible"
FALLBACK_FONT = "fallback"


def open_in_font(page: Page, url: str, font: str = SITE_FONT) -> None:
    """Open ``url`` laid out in ``font``: the site's (font-display: optional, so on a busy
    machine the first paint may take the fallback: loaded once, the font is there for the
    first paint of the page that follows) or ``FALLBACK_FONT`` (the font's files refused)."""
    if font == FALLBACK_FONT:
        page.route("**/*.woff2", lambda route: route.abort("aborted"))
    else:
        page.goto(url)
        page.evaluate(
            f"""Promise.all(['400 16px "{SITE_FONT}"', '700 16px "{SITE_FONT}"']
                .map(face => document.fonts.load(face)))"""
        )
    page.goto(url)
