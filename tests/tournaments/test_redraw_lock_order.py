"""A redraw while a captain saves takes the locks in the save's order (issue 30, 10): on
PostgreSQL it deadlocked once in six ("Laptop beschäftigt"). Both take the tournament's row
first now.

The interleaving is made certain: the test holds a seat of table 2 until the redraw waits
for it, the redraw holding the tournament; then a save at table 1 starts and waits; then the
test lets go. Before, the save held table 1 and waited for the tournament while the redraw,
holding the tournament, came to delete table 1: a deadlock. Real concurrent requests through
the whole stack (a thread each, its own connection), PostgreSQL only: SQLite's write lock
orders whole transactions.
"""

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.test_concurrency import _requests_waiting_for_a_lock
from tests.tournaments.test_series_services import play_out, started
from tests.waiting import wait_until
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Seat, Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="holds PostgreSQL's row locks and watches pg_stat_activity for the waiting",
    ),
]

TIMEOUT = 30


def _redraw(url: str, organiser: object) -> int:
    client = Client()
    client.force_login(organiser)  # type: ignore[arg-type]
    try:
        return client.post(url, {"method": "lot", "confirm": "yes"}).status_code
    finally:
        connection.close()


def _save(url: str) -> tuple[int, str]:
    deal = {"sequence": 1, "submission": str(uuid.uuid4()), "declarer": 1, "contract": "3",
            "result": "won"}  # fmt: skip
    try:
        answer = Client().post(url, deal, headers={"X-Preisfipsen-Queue": "1"})
        return answer.status_code, answer.headers.get("X-Preisfipsen-Entry", "")
    finally:
        connection.close()


def test_a_redraw_and_a_save_at_once_do_not_deadlock() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    first = Table.objects.get(tournament=tournament, series=2, number=1)
    second = Table.objects.get(tournament=tournament, series=2, number=2)
    organiser = UserFactory(is_staff=True, is_superuser=True)
    redraw_url = reverse("tournaments:series_redraw", args=[tournament.pk])
    save_url = reverse("scoring:table_entry", args=[first.token])

    with ThreadPoolExecutor(2) as pool:
        with transaction.atomic():
            Seat.objects.select_for_update().filter(table=second).first()
            redraw = pool.submit(_redraw, redraw_url, organiser)
            wait_until(lambda: _requests_waiting_for_a_lock() >= 1, "the redraw to wait")
            save = pool.submit(_save, save_url)
            wait_until(lambda: _requests_waiting_for_a_lock() >= 2, "the save to wait")
        redrawn, saved = redraw.result(TIMEOUT), save.result(TIMEOUT)

    assert redrawn == 302  # drawn again, no "Laptop beschäftigt"
    assert saved == (404, "closed")  # its link is gone: said as final to the phone's queue
    assert not Table.objects.filter(pk=first.pk).exists()
