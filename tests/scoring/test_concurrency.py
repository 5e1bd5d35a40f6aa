"""Two phones at one table never lose or double a deal: real concurrent requests.

The app runs in pytest-django's live server (a thread per request, each with its own database
connection); each "phone" is an HTTP client with its own cookies that opens the captain page,
takes the form with its CSRF token, sequence and submission id from the HTML, and posts it.
Several phones post at the same moment (a `threading.Barrier`).

On PostgreSQL `deal_record` serialises the entries of a table with a row lock
(`select_for_update`); a second test holds that lock itself until every phone's request waits
at it, so that the race is certain rather than likely. On SQLite the write lock of the
`IMMEDIATE` transactions (preisfipsen/config.py) serialises them instead, and the same races
run there too.
"""

import html
import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from typing import Any, TypeVar
from urllib.error import HTTPError
from urllib.parse import urlencode, urljoin
from urllib.request import (
    HTTPCookieProcessor,
    HTTPRedirectHandler,
    OpenerDirector,
    Request,
    build_opener,
)

import pytest
from django.db import connection, transaction
from pytest_django.live_server_helper import LiveServer

from scoring import services
from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tests.scoring.sheet_checks import assert_sheet_is_sound
from tests.waiting import wait_until
from tournaments import services as tournament_services
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="holds PostgreSQL's row lock and watches pg_stat_activity for the waiting requests",
)

#: How long a phone waits for an answer (seconds); the server answers in milliseconds.
TIMEOUT = 30

#: What each phone enters when several race for one deal: (declarer seat, contract, result).
#: All different, so the deal saved tells which phone won.
ENTRIES = [(0, "3", "won"), (1, "2", "lost"), (2, "4", "won"), (3, "kieker", "lost")]


T = TypeVar("T")


@dataclass(frozen=True)
class Reply:
    status: int
    location: str
    #: The page the phone lands on (after the redirect), entities resolved, whitespace collapsed.
    text: str

    @property
    def saved(self) -> bool:
        """The answer to a deal that was saved: back to the captain page, which says so."""
        return self.status == 302 and "status-line status-success" in self.text


class _Inputs(HTMLParser):
    """The hidden inputs of the deal form (and the CSRF token) by name."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        fields = dict(attrs)
        if tag == "input" and fields.get("type") == "hidden" and fields.get("name"):
            self.values[fields["name"] or ""] = fields.get("value") or ""


class _Stay(HTTPRedirectHandler):
    """Report a redirect instead of following it: a 302 is the "saved" answer."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Phone:
    """One captain's phone: its own cookies (so its own CSRF token) and its own form."""

    def __init__(self, live_server: LiveServer, table: Table) -> None:
        self.url = f"{live_server.url}/t/{table.token}/"
        self.opener: OpenerDirector = build_opener(HTTPCookieProcessor(CookieJar()), _Stay)

    def open_form(self) -> dict[str, str]:
        """Open the captain page: the form's hidden fields as it serves them."""
        reply = self._send(Request(self.url))  # noqa: S310 (the live server's http URL)
        assert reply.status == 200, reply
        parser = _Inputs()
        parser.feed(reply.raw)
        form = parser.values
        assert {"csrfmiddlewaretoken", "sequence", "submission"} <= form.keys(), form
        return form

    def post(self, form: dict[str, str], declarer: int, contract: str, result: str) -> Reply:
        fields = {**form, "declarer": declarer, "contract": contract, "result": result}
        body = urlencode(fields).encode()
        request = Request(self.url, data=body, method="POST")  # noqa: S310 (as above)
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        answer = self._send(request)
        if answer.status == 302:  # saved (or refused), the page it leads to says which
            landed = self._send(Request(urljoin(self.url, answer.location)))  # noqa: S310
            assert landed.status == 200, landed
            return Reply(answer.status, answer.location, landed.reply.text)
        return answer.reply

    def _send(self, request: Request) -> "_Raw":
        request.add_header("Accept-Language", "de-DE")
        try:
            with self.opener.open(request, timeout=TIMEOUT) as response:
                return _Raw(response.status, "", response.read().decode())
        except HTTPError as error:  # the 302 of a saved deal, or a real error
            with error:
                return _Raw(error.code, error.headers.get("Location", ""), error.read().decode())


@dataclass(frozen=True)
class _Raw:
    status: int
    location: str
    raw: str

    @property
    def reply(self) -> Reply:
        return Reply(self.status, self.location, " ".join(html.unescape(self.raw).split()))


def at_once(calls: list[Callable[[], T]]) -> list[T]:
    """Run the calls in threads released together by a barrier; their answers in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], T]) -> T:
        barrier.wait(timeout=TIMEOUT)
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def race(phones: list[Phone], forms: list[dict[str, str]]) -> list[Reply]:
    """Every phone posts its own deal (ENTRIES, in order) for its form, at the same moment."""
    calls = [
        (lambda p=phone, f=form, e=entry: p.post(f, *e))
        for phone, form, entry in zip(phones, forms, ENTRIES, strict=False)
    ]
    return at_once(calls)


def entered_words(table: Table, sequence: int) -> str:
    """The deal of entry ``sequence`` as the "already entered" message names it."""
    deal = Deal.objects.get(table=table, sequence=sequence)
    return services.deal_words(deal, seats_of(table=table))


def assert_one_won(table: Table, sequence: int, replies: list[Reply]) -> None:
    """Exactly one phone saved the deal (answered with a redirect); each other one was told at
    once that it is already entered, and what was entered, its taps kept for the next deal."""
    assert Deal.objects.filter(table=table, sequence=sequence).count() == 1
    assert sorted(r.status for r in replies) == [200] * (len(replies) - 1) + [302], replies
    assert sum(r.saved for r in replies) == 1, replies
    winner = next(i for i, r in enumerate(replies) if r.saved)
    deal = Deal.objects.get(table=table, sequence=sequence)
    declarer, _contract, _result = ENTRIES[winner]
    assert deal.declarer == declarer  # the deal saved is the one the winner posted
    words = entered_words(table, sequence)
    for reply in replies:
        if not reply.saved:
            assert f"Dieses Spiel ist schon eingetragen: {words}." in reply.text, reply.text


@pytest.mark.parametrize(("phones", "deals"), [(2, 20), (4, 10)])
def test_phones_racing_for_each_deal_save_it_once(
    live_server: LiveServer, phones: int, deals: int
) -> None:
    """Deal after deal, each posted by every phone at the same moment."""
    table = playing_table()
    devices = [Phone(live_server, table) for _ in range(phones)]
    for sequence in range(1, deals + 1):
        forms = at_once([device.open_form for device in devices])
        assert {form["sequence"] for form in forms} == {str(sequence)}
        assert len({form["submission"] for form in forms}) == phones

        replies = race(devices, forms)

        assert_one_won(table, sequence, replies)
    assert len(assert_sheet_is_sound(table)) == deals


def test_the_same_form_posted_twice_at_once_is_saved_once(live_server: LiveServer) -> None:
    """A phone that lost its connection and sends the form again while the first is underway.

    Both answers are "saved", and the deal is there once, with one history entry.
    """
    table = playing_table()
    phone = Phone(live_server, table)
    for sequence in range(1, 21):
        form = phone.open_form()

        replies = at_once([lambda f=form: phone.post(f, *ENTRIES[0])] * 2)

        assert [r.status for r in replies] == [302, 302], replies
        assert Deal.objects.filter(table=table, sequence=sequence).count() == 1
        assert Deal.objects.get(submission=uuid.UUID(form["submission"])).sequence == sequence
    assert len(assert_sheet_is_sound(table)) == 20


# The race made certain: the test holds the table's row lock until every request waits for it.


def _requests_waiting_for_a_lock() -> int:
    """Other connections to this database that wait for a lock (a row lock, here)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # else the view keeps its first answer
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            " AND pid <> pg_backend_pid()"
        )
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


@contextmanager
def table_locked(table: Table, *, until_waiting: int) -> Iterator[None]:
    """Hold the table's row lock, as a slow phone's entry would, while the body starts the
    requests; let go once ``until_waiting`` of them wait for it."""
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        yield
        wait_until(
            lambda: _requests_waiting_for_a_lock() >= until_waiting,
            "the requests to reach the table's lock",
            timeout=TIMEOUT,
            interval=0.005,
        )


def _start(pool: ThreadPoolExecutor, calls: list[Callable[[], Reply]]) -> list[Any]:
    return [pool.submit(call) for call in calls]


@postgresql_only
@pytest.mark.parametrize("phones", [2, 4])
def test_phones_waiting_at_the_lock_save_the_deal_once(
    live_server: LiveServer, phones: int
) -> None:
    table = playing_table()
    devices = [Phone(live_server, table) for _ in range(phones)]
    forms = [device.open_form() for device in devices]
    calls = [
        (lambda p=device, f=form, e=entry: p.post(f, *e))
        for device, form, entry in zip(devices, forms, ENTRIES, strict=False)
    ]

    with ThreadPoolExecutor(phones) as pool:
        with table_locked(table, until_waiting=phones):
            futures = _start(pool, calls)
        replies = [future.result(timeout=TIMEOUT) for future in futures]

    assert_one_won(table, 1, replies)
    assert len(assert_sheet_is_sound(table)) == 1


@postgresql_only
def test_the_same_form_waiting_twice_at_the_lock_is_saved_once(live_server: LiveServer) -> None:
    """Both copies of the form wait at the lock: the second, once it has it, must recognise
    its own deal, saved by the first, and not call it another phone's."""
    table = playing_table()
    phone = Phone(live_server, table)
    form = phone.open_form()

    with ThreadPoolExecutor(2) as pool:
        with table_locked(table, until_waiting=2):
            futures = _start(pool, [lambda: phone.post(form, *ENTRIES[0])] * 2)
        replies = [future.result(timeout=TIMEOUT) for future in futures]

    assert [r.status for r in replies] == [302, 302], replies
    assert Deal.objects.filter(table=table).count() == 1
    assert len(assert_sheet_is_sound(table)) == 1


@postgresql_only
def test_an_entry_waiting_at_the_lock_sees_the_tournament_finished_meanwhile(
    live_server: LiveServer,
) -> None:
    """The entry's statement starts before the finish is committed and waits for the lock:
    once it has the lock it must see the finished tournament, not the one it started with."""
    table = playing_table()
    phone = Phone(live_server, table)
    form = phone.open_form()

    with ThreadPoolExecutor(1) as pool:
        with table_locked(table, until_waiting=1):
            future = pool.submit(lambda: phone.post(form, *ENTRIES[0]))
            tournament_services.tournament_finish(tournament=table.tournament)
        reply = future.result(timeout=TIMEOUT)

    # A finished tournament's link answers with the final totals, read only (410), as every
    # view of it does since finishing keeps the printed links.
    assert reply.status == 410
    assert "Das Turnier ist beendet." in reply.text
    assert not Deal.objects.filter(table=table).exists()
