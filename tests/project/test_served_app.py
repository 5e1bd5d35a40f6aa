"""Issue 29: the app as `make run` serves it answers every address a phone and the organiser
load.

The other tests serve the app through Django's test client or ``live_server``, with plain
static storage: there ``static("")`` worked, while under `make run` (gunicorn, DEBUG off, the
files collected with their manifest) every ``/sw.js`` answered 500 and the captain's page never
opened offline. Here the launcher of tests/project/test_serve.py starts once, on a free port
with a var/ of its own holding a night with a drawn table and some deals, and everything is
fetched over HTTP as a browser would: the organiser's pages after the login form, the
captain's page and what it links to, the board, every static file those pages (and their
stylesheets) load, ``/sw.js``, the table's web manifest and its icons, and a PDF (the final
ranking) made by the worker.

It needs the files collected (`make prepare`, which `make run` and `make test` run first).
"""

import json
import re
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import urldefrag, urlencode, urljoin, urlsplit
from urllib.request import HTTPCookieProcessor, OpenerDirector, Request, build_opener

import pytest
from django.conf import settings
from django.urls import reverse

from preisfipsen.serve.supervisor import tail
from scoring.printing_kinds import RANKING
from tests.project.test_content_security_policy import NOT_FOLLOWED
from tests.project.test_serve import Launcher, free_port, manage, migrated_var, wait_for
from tournaments.services.accounts import ORGANISER_USERNAME

#: The organiser's password at the launcher's first start (ORGANISER_PASSWORD: no one-time one).
PASSWORD = "Kreuz-Bube-Herz-Dame-29"
#: A bound for a crawl gone astray, far above the night's pages.
MOST_PAGES = 400
#: The night the launcher serves: one table of four playing, 3 of its 12 deals entered.
SEED = """
import json
from tests.scoring.helpers import playing_table
table = playing_table(deals=12, played=3)
print(json.dumps({"tournament": table.tournament_id, "table": table.pk, "token": table.token,
                  "board": table.tournament.board_token,
                  "declarer": table.seats.get(position=1).registration.player.name}))
"""
#: A name with collectstatic's hash in it: ``css/board.0123456789ab.css``.
HASHED = re.compile(r"\.[0-9a-f]{12}\.")
#: A stylesheet's ``url(…)``s, but ``data:`` ones.
CSS_URL = re.compile(r"""url\(\s*['"]?(?!data:)([^'")\s]+)""")
#: The status page's link to the file made, and what it says when the job failed.
DOWNLOAD = re.compile(r'href="(/files/[0-9a-f-]+/download/)"')
FAILED = "Noch einmal versuchen"


@dataclass
class Night:
    """The night the launcher serves: its ids, its table's link, its board's."""

    tournament: int
    table: int
    token: str
    board: str
    declarer: str  # the name on the table's first seat


@dataclass
class Answer:
    status: int
    content_type: str
    body: bytes
    url: str  # after redirects

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


@dataclass
class Served:
    """What a crawl fetched: every URL with its status, the static files the pages load."""

    launcher: Launcher
    answers: dict[str, int] = field(default_factory=dict)
    static: set[str] = field(default_factory=set)
    empty: list[str] = field(default_factory=list)  # files loaded that came without content

    def failing(self) -> list[str]:
        failed = [f"{status} {url}" for url, status in self.answers.items() if status >= 400]
        return failed + [f"empty {url}" for url in self.empty]


class _References(HTMLParser):
    """What a page makes the browser load (its inlined stylesheet's ``url(…)``s too), and the
    links (and htmx GETs) it offers."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.links: list[str] = []
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.loads.extend(CSS_URL.findall(data))

    def handle_endtag(self, tag: str) -> None:
        self._in_style = self._in_style and tag != "style"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self._in_style = tag == "style"
        if tag == "link" and values.get("href"):
            self.loads.append(values["href"])
        elif tag in ("script", "img", "source", "iframe") and values.get("src"):
            self.loads.append(values["src"])
        if tag == "a" and values.get("href"):
            self.links.append(values["href"])
        if values.get("hx-get"):
            self.links.append(values["hx-get"])


def references(html: str) -> _References:
    found = _References()
    found.feed(html)
    return found


def fetch(opener: OpenerDirector, url: str, data: dict[str, str] | None = None) -> Answer:
    body = None if data is None else urlencode(data).encode()
    try:
        with opener.open(Request(url, data=body), timeout=60) as response:  # noqa: S310
            content_type = response.headers.get("Content-Type", "")
            return Answer(response.status, content_type, response.read(), response.geturl())
    except HTTPError as error:
        content_type = error.headers.get("Content-Type", "")
        return Answer(error.code, content_type, error.read(), error.geturl())
    except URLError as error:  # no answer at all: as bad as a 500 for the phone
        return Answer(599, "", str(error).encode(), url)


def csrf_token(jar: CookieJar) -> str:
    return next(cookie.value or "" for cookie in jar if cookie.name == settings.CSRF_COOKIE_NAME)


class Crawl:
    """A browser of its own (its cookies): fetches pages, following the site's own links, and
    what they load, once each."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.jar = CookieJar()
        self.opener = build_opener(HTTPCookieProcessor(self.jar))
        self.origin = served.launcher.url("")

    def post(self, path: str, data: dict[str, str]) -> Answer:
        """A form sent (with the CSRF cookie's token), its redirect followed."""
        url = self.served.launcher.url(path)
        answer = fetch(self.opener, url, {**data, "csrfmiddlewaretoken": csrf_token(self.jar)})
        self.served.answers[url] = answer.status
        return answer

    def local(self, base: str, href: str) -> str | None:
        """``href`` as an absolute URL of the launcher, else None (another site, data:)."""
        url = urldefrag(urljoin(base, href)).url
        return url if url.startswith(self.origin + "/") else None

    def get(self, url: str) -> Answer:
        answer = fetch(self.opener, url)
        self.served.answers[url] = answer.status
        return answer

    def pages(self, start: list[str]) -> list[str]:
        """Each page reached from ``start``; the static files they load are fetched too."""
        queue = deque(self.served.launcher.url(path) for path in start)
        seen = set(queue)
        while queue and len(seen) < MOST_PAGES:
            url = queue.popleft()
            answer = self.get(url)
            if not answer.content_type.startswith("text/html"):
                continue
            found = references(answer.text())
            for href in found.loads:
                self.load(url, href)
            for href in found.links:
                link = self.local(url, href)
                if link and link not in seen and not urlsplit(link).path.startswith(NOT_FOLLOWED):
                    seen.add(link)
                    queue.append(link)
        return sorted(seen)

    def load(self, base: str, href: str) -> None:
        """A file a page (or a stylesheet, or the manifest) loads, and what it loads."""
        url = self.local(base, href)
        if url is None or url in self.served.answers:
            return
        if urlsplit(url).path.startswith(settings.STATIC_URL):
            self.served.static.add(urlsplit(url).path)
        answer = self.get(url)
        if answer.status == 200 and not answer.body:
            self.served.empty.append(url)
        if answer.status == 200 and answer.content_type.startswith("text/css"):
            for found in CSS_URL.findall(answer.text()):
                self.load(url, found)


def organiser_logged_in(served: Served) -> Crawl:
    """The organiser's browser, logged in through the login form."""
    organiser = Crawl(served)
    login = reverse("tournaments:login")
    organiser.get(served.launcher.url(login))  # the form, and the CSRF cookie
    form = {"username": ORGANISER_USERNAME, "password": PASSWORD}
    assert organiser.post(login, form).status == 200
    assert any(cookie.name == settings.SESSION_COOKIE_NAME for cookie in organiser.jar)
    return organiser


def ranking_made(organiser: Crawl, night: Night) -> None:
    """The organiser asks for the final ranking (the print page's button); the worker makes
    it; its status page offers the download, which is a PDF."""
    answer = organiser.post(
        reverse("tournaments:file_request", args=[night.tournament, RANKING]), {}
    )
    if answer.status >= 400:
        return
    download: list[str] = []

    def offered() -> bool:
        page = organiser.get(answer.url)  # the status page the request led to
        download.extend(DOWNLOAD.findall(page.text()))
        return page.status >= 400 or bool(download) or FAILED in page.text()

    wait_for(offered, "the ranking made by the worker")
    assert download, "the worker made the ranking"
    pdf = organiser.get(organiser.served.launcher.url(download[0]))
    assert pdf.status != 200 or pdf.body.startswith(b"%PDF"), pdf.content_type


@contextmanager
def launcher_serving_a_night(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Launcher, Night]]:
    """`make run`'s launcher on a free port, its var/ holding the night (and the organiser's
    account with PASSWORD); stopped at the end."""
    if not (Path(settings.STATIC_ROOT) / "staticfiles.json").exists():
        pytest.fail("the static files are not collected: run `make prepare` first")
    var_dir = migrated_var(tmp_path_factory)
    night = Night(**json.loads(manage(var_dir, "shell", "-c", SEED).strip().splitlines()[-1]))
    launcher = Launcher(var_dir, free_port(), ORGANISER_PASSWORD=PASSWORD)
    try:
        launcher.note()
        yield launcher, night
    finally:
        launcher.stop()


@pytest.fixture(scope="module")
def night_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Launcher, Night]]:
    with launcher_serving_a_night(tmp_path_factory) as served:
        yield served


def test_every_address_a_phone_and_the_organiser_load_answers(
    night_served: tuple[Launcher, Night],
) -> None:
    launcher, night = night_served
    served = Served(launcher)
    organiser = organiser_logged_in(served)
    organiser_pages = organiser.pages([reverse("tournaments:home")])
    captain = reverse("scoring:table_entry", args=[night.token])
    board = reverse("scoring:board", args=[night.board])
    phone = Crawl(served)
    phone_pages = phone.pages([captain, board, "/", reverse("tournaments:login")])

    # What the captain's page adds by script: the worker and the table's web manifest.
    worker = phone.get(launcher.url("/sw.js"))
    web_manifest = phone.get(launcher.url(captain + "manifest.webmanifest"))
    if web_manifest.status == 200:
        loaded = json.loads(web_manifest.body)
        for href in [loaded["start_url"], *(icon["src"] for icon in loaded.get("icons", []))]:
            phone.load(web_manifest.url, href)
    ranking_made(organiser, night)

    assert len(organiser_pages) > 20, "the crawl reached the night's pages"
    assert launcher.url(captain) in phone_pages
    assert served.static, "the pages load static files"
    web_log = tail(launcher.var_dir / "log" / "web.log", lines=40)  # the 500s' tracebacks
    assert served.failing() == [], "\n".join([*served.failing(), "web.log:", web_log])

    # The worker keeps what lies under its static folder (the names the pages load, hashed by
    # collectstatic's manifest): every static file of the pages is there, by its hashed name.
    [prefix] = re.findall(r'const STATIC_PREFIX = "([^"]*)";', worker.text())
    assert prefix == settings.STATIC_URL
    hashed = set(
        json.loads((Path(settings.STATIC_ROOT) / "staticfiles.json").read_text())["paths"].values()
    )
    unhashed = [path for path in served.static if path.removeprefix(prefix) not in hashed]
    assert unhashed == []
    assert all(HASHED.search(path) for path in served.static)
    # Issue 29, finding 8: no traceback in the worker's log for the ranking it made.
    log = (launcher.var_dir / "log" / "worker.log").read_text()
    assert "Traceback" not in log
