"""A captain's save that cannot get the database's lock in time answers 503 "the laptop is busy"
in the site's layout, and nothing is saved; the phone's queue sends it again (issue 18).

For real: another thread (its own database connection) holds the write lock (SQLite: its
IMMEDIATE transaction; PostgreSQL: the table's row, select_for_update) while the captain posts on
a connection that waits only a moment for it (the test shortens the busy / lock timeout).
"""

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection, transaction
from django.test import Client, RequestFactory
from django.urls import reverse

from preisfipsen.middleware import _resend, is_lock_timeout
from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tests.thedinghausen.helpers import deals_entered as race_deals_entered
from tests.thedinghausen.helpers import race_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 30
BUSY = "Der Laptop ist gerade beschäftigt"


@pytest.fixture(autouse=True)
def short_lock_wait(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every connection opened from here on gives up on a lock after a moment."""
    options = connection.settings_dict["OPTIONS"]
    if connection.vendor == "sqlite":
        monkeypatch.setitem(options, "timeout", 0.05)
    else:
        monkeypatch.setitem(options, "options", "-c lock_timeout=50")
    connection.close()
    yield
    connection.close()


@contextmanager
def lock_held(table: Table) -> Iterator[None]:
    """Another connection holds the write lock (and the table's row) until the body ends."""
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(pk=table.pk)
                held.set()
                release.wait(TIMEOUT)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(TIMEOUT), "the other connection took the lock"
        yield
    finally:
        release.set()
        holder.join(TIMEOUT)


def _deal(table: Table) -> dict[str, Any]:
    return {"sequence": 1, "submission": str(uuid.uuid4()), "declarer": 0,
            "contract": "3", "result": "won"}  # fmt: skip


def test_a_save_that_cannot_get_the_lock_answers_503_and_offers_to_send_it_again() -> None:
    table = playing_table()
    url = reverse("scoring:table_entry", args=[table.token])
    deal = _deal(table)
    with lock_held(table):
        response = Client().post(url, deal)
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "no-store" in response["Cache-Control"]
    text = response.content.decode()
    assert 'class="site-header"' in text
    assert '<html lang="de">' in text
    assert BUSY in text
    assert "bitte noch einmal tippen" in text
    assert f'name="submission" value="{deal["submission"]}"' in text
    assert not Deal.objects.exists()
    # The same post again, once the lock is free, saves the deal (once).
    assert Client().post(url, deal).status_code == 302
    assert Deal.objects.count() == 1


def test_the_phone_s_queue_is_told_it_will_be_sent_again() -> None:
    table = playing_table()
    url = reverse("scoring:table_entry", args=[table.token])
    with lock_held(table):
        response = Client().post(
            url, _deal(table), headers={"X-Preisfipsen-Queue": "1", "HX-Request": "true"}
        )
    assert response.status_code == 503
    text = response.content.decode()
    assert BUSY in text
    assert "Ihre Eingabe wird gleich noch einmal gesendet" in text
    assert "Noch einmal senden" not in text


def test_a_race_save_that_cannot_get_the_lock_answers_503() -> None:
    table = race_table()
    race_deals_entered(table, [2, 1, 1, 1, 0])
    url = reverse("races:entry", args=[table.token])
    counts = {f"count-{seat}": count for seat, count in enumerate([2, 1, 1, 1, 0])}
    with lock_held(table):
        response = Client().post(url, {**counts, "action": "save_counts", "sequence": 2})
    assert response.status_code == 503
    assert BUSY in response.content.decode()


def test_a_password_or_a_file_is_never_written_into_the_busy_page() -> None:
    """Only a plain form is sent back as it was; a login or an upload is typed again."""
    factory = RequestFactory()
    login = factory.post("/login/", {"username": "anna", "password": "geheim-123"})
    upload = factory.post("/players/import/", {"file": SimpleUploadedFile("a.csv", b"x")})
    deal = factory.post("/t/x/", {"sequence": "1", "declarer": "0"})
    assert _resend(login) is None
    assert _resend(upload) is None
    assert _resend(factory.get("/t/x/")) is None
    assert _resend(deal) == [("sequence", "1"), ("declarer", "0")]


def test_only_a_lock_that_was_not_had_in_time_is_busy() -> None:
    assert not is_lock_timeout(OperationalError("no such table: x"))
    assert not is_lock_timeout(ValueError("database is locked"))
