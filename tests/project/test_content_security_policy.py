"""The Content-Security-Policy (issue 18): on every answer, and no page needs more than it allows.

The policy allows scripts and styles from the app's own files only, plus the one inlined
stylesheet by its hash; so a page must carry no inline script, no event handler attribute, no
style attribute and no htmx feature that needs eval. A crawl through demo nights of every kind
of ledger, as the organiser and then as a phone with no session, checks each page it reaches.
The browser tests (tests/browser) run under the same header and fail on any violation.
"""

import base64
import hashlib
import io
import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from preisfipsen.middleware import HTMX_INDICATOR_STYLE
from tests.factories import UserFactory
from tournaments.models import Table

pytestmark = pytest.mark.django_db

HEADER = "Content-Security-Policy"

#: Crawled pages at most: a bound on the test's time, far above what the nights have.
MOST_PAGES = 1500

#: Paths not followed: Django's admin (its own pages), logging out, switching the language.
NOT_FOLLOWED = ("/admin/", "/logout/", "/i18n/")

#: htmx attributes that run JavaScript from the page (eval), refused by the policy.
EVAL_ATTRIBUTES = re.compile(r"^(hx-on.*|data-hx-on.*|hx-vars|data-hx-vars)$")


def directives(response: object) -> dict[str, list[str]]:
    header = response[HEADER]  # type: ignore[index]
    parsed = {}
    for directive in header.split(";"):
        name, *sources = directive.split()
        parsed[name] = sources
    return parsed


class _Page(HTMLParser):
    """What a page carries that the policy would refuse, and its links."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.links: list[str] = []
        self.styles: list[str] = []
        self._in: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if self._in == "title":  # a browser shows it as the title's text
            self.problems.append(f"<{tag}> inside <title>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=…> (an inline event handler)")
            elif name == "style":
                self.problems.append(f"<{tag} style=…> (an inline style)")
            elif EVAL_ATTRIBUTES.match(name) or (name == "hx-trigger" and "[" in (value or "")):
                self.problems.append(f"<{tag} {name}={value!r}> (htmx eval)")
            elif (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}> (a javascript: address)")
        if tag == "script" and not values.get("src"):
            self.problems.append("<script> without src (an inline script)")
        if tag in ("script", "style", "title"):
            self._in, self._text = tag, []
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))

    def handle_data(self, data: str) -> None:
        if self._in:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            text = "".join(self._text)
            if tag == "script" and text.strip():
                self.problems.append(f"<script> with content: {text[:60]!r}")
            if tag == "style":
                self.styles.append(text)
            self._in = None


def style_source(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def check_page(url: str, response: object, found: list[str]) -> list[str]:
    """The page's problems appended to ``found``; its links to follow returned."""
    if HEADER not in response:  # type: ignore[operator]
        found.append(f"{url}: no {HEADER} header")
        return []
    if "text/html" not in response["Content-Type"]:  # type: ignore[index]
        return []
    page = _Page()
    page.feed(response.content.decode())  # type: ignore[attr-defined]
    allowed = directives(response)["style-src"]
    for text in page.styles:
        if style_source(text) not in allowed:
            page.problems.append("a <style> whose hash the policy does not allow")
    found.extend(f"{url}: {problem}" for problem in page.problems)
    return page.links


def crawl(client: Client, start: list[str]) -> tuple[int, list[str]]:
    """Follow the site's own links from ``start``: pages seen, and every problem found."""
    seen, queue, found = set(start), deque(start), []
    while queue and len(seen) < MOST_PAGES:
        url = queue.popleft()
        response = client.get(url)
        for href in check_page(url, response, found):
            href = urldefrag(href).url
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not href.startswith("/"):
                continue
            if href.startswith(NOT_FOLLOWED) or href in seen:
                continue
            seen.add(href)
            queue.append(href)
    return len(seen), found


@pytest.fixture
def nights() -> None:
    """A demo night of each kind of ledger (scored, club points, race, Tippen), two deals a
    table, and the first night finished (its closing pages)."""
    for rules in ("prisdorf", "ansegger", "thedinghausen", "tippen"):
        call_command("demo_night", "--rules", rules, "--deals", "2", stdout=io.StringIO())


def test_every_page_of_the_nights_keeps_to_the_policy(nights: None) -> None:
    organiser = Client()
    organiser.force_login(UserFactory(is_staff=True, is_superuser=True))
    pages, found = crawl(organiser, [reverse("tournaments:home")])
    assert pages > 100, "the crawl reached the nights' pages"
    assert found == []
    # A phone with no session: the start page, the login, the captains' pages.
    links = [reverse("scoring:table_entry", args=[table.token]) for table in Table.objects.all()]
    pages, found = crawl(Client(), ["/", reverse("tournaments:login"), *links])
    assert pages > len(links)
    assert found == []


@pytest.mark.parametrize(
    "path", ["/", "/no-such-page/", "/t/mistyped/", "/static/js/tile-toggle.js", "/favicon.ico"]
)
def test_every_answer_carries_the_policy(client: Client, path: str) -> None:
    response = client.get(path)
    assert directives(response) == {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", directives(response)["style-src"][1], HTMX_INDICATOR_STYLE],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'none'"],
    }


def test_the_one_inline_style_allowed_is_the_inlined_stylesheet(client: Client) -> None:
    response = client.get("/")
    (style,) = re.findall(r"<style>(.*?)</style>", response.content.decode(), re.DOTALL)
    assert directives(response)["style-src"] == [
        "'self'",
        style_source(style),
        HTMX_INDICATOR_STYLE,
    ]


def test_htmx_s_indicator_style_is_allowed_by_its_hash() -> None:
    """The <style> htmx 2 adds to <head> at start (its insertIndicatorStyles)."""
    indicator = (
        ".htmx-indicator{opacity:0;visibility: hidden} .htmx-request .htmx-indicator, "
        ".htmx-request.htmx-indicator{opacity:1;visibility: visible;"
        "transition: opacity 200ms ease-in}"
    )
    assert style_source(indicator) == HTMX_INDICATOR_STYLE


def test_a_page_with_an_inline_script_is_caught() -> None:
    """The checks themselves: each kind of inline code is found."""
    found: list[str] = []
    page = (
        '<script>alert(1)</script><script src="/s.js"></script><a onclick="x()">'
        '<div style="color:red" hx-trigger="change[x]"><a href="javascript:x()"><style>b{}</style>'
        '<title>A <script src="/s.js"></script></title>'
    )

    class Answer(dict[str, str]):
        content = page.encode()

    answer = Answer({HEADER: "style-src 'self'", "Content-Type": "text/html"})
    check_page("/x/", answer, found)
    assert len(found) == 8
