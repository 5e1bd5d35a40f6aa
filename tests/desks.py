"""Organiser desks as real HTTP clients of the live server, for races between them.

Each desk is logged in (the session cookie of ``Client.force_login``) and sends the CSRF
cookie with its token, as a browser does; it follows no redirect, so a 302 is seen as such.
Pages come back with their entities resolved and whitespace collapsed.
"""

import contextlib
import html
import secrets
import string
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPRedirectHandler, OpenerDirector, Request, build_opener

from django.contrib.auth.models import User
from django.test import Client
from pytest_django.live_server_helper import LiveServer

#: How long a desk waits for an answer (seconds); the server answers in milliseconds.
TIMEOUT = 30

T = TypeVar("T")


@dataclass(frozen=True)
class Answer:
    status: int
    location: str
    text: str


class _Stay(HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Desk:
    """One organiser's browser at the desk."""

    def __init__(self, live_server: LiveServer, user: User) -> None:
        client = Client()
        client.force_login(user)
        self.url = live_server.url
        self.csrf = "".join(secrets.choice(string.ascii_letters) for _ in range(32))
        self.cookies = f"sessionid={client.cookies['sessionid'].value}; csrftoken={self.csrf}"
        self.opener: OpenerDirector = build_opener(_Stay)

    def post(self, path: str, data: dict[str, Any]) -> Answer:
        body = urlencode({**data, "csrfmiddlewaretoken": self.csrf}, doseq=True).encode()
        request = Request(self.url + path, data=body, method="POST")  # noqa: S310 (http URL)
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        return self._send(request)

    def get(self, path: str) -> Answer:
        return self._send(Request(self.url + path))  # noqa: S310 (the live server's URL)

    def _send(self, request: Request) -> Answer:
        request.add_header("Accept-Language", "de-DE")
        request.add_header("Cookie", self.cookies)
        try:
            with self.opener.open(request, timeout=TIMEOUT) as response:
                return Answer(response.status, "", _text(response.read()))
        except HTTPError as error:  # a redirect (not followed), or an error page
            with error:
                return Answer(error.code, error.headers.get("Location", ""), _text(error.read()))


def _text(raw: bytes) -> str:
    return " ".join(html.unescape(raw.decode()).split())


def at_once(calls: list[Callable[[], T]]) -> list[T]:
    """Run the calls in threads released together by a barrier; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)
    failures: list[BaseException] = []

    def run(index: int, call: Callable[[], T]) -> None:
        try:
            barrier.wait(timeout=TIMEOUT)
            answers[index] = call()
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=run, args=item) for item in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT * 2)
    if failures:
        raise failures[0]
    return answers


def meeting_point(parties: int) -> Callable[[], None]:
    """A meeting point for the server's threads: each request that calls it waits until
    ``parties`` have come, so that all have read before any writes (the race made certain).
    Where the code under test holds a lock before the point, the waiting ends after a
    while instead, and the requests go on one by one."""
    barrier = threading.Barrier(parties)

    def meet() -> None:
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=3)

    return meet
