"""Corrections under the table's lock, at a race's, a Tippen and a scored rule set's table:
real concurrent requests (issue 18, item 1).

Each request runs in its own thread with its own database connection (Django's test client
through the whole stack: middleware, view, service). The test holds the table's row lock
itself until every request waits for it, so the order they reach it in is certain: a save of
the next deal and then a correction of "the last deal"; or two corrections of the last deal.
PostgreSQL only: SQLite's write lock is taken at BEGIN and orders whole requests, so there is
no window to race in.
"""

import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.tippen.models import PotDeal, PotDealChange
from scoring.models import DealChange
from tests.scoring.helpers import enter, playing_table
from tests.scoring.test_concurrency import _requests_waiting_for_a_lock
from tests.thedinghausen.helpers import deals_entered as race_deals_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pot_deals_entered
from tests.tippen.helpers import tippen_table
from tests.waiting import wait_until
from tournaments.models import Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="holds PostgreSQL's row lock and watches pg_stat_activity for the waiting requests",
    ),
]

TIMEOUT = 30
EVEN = [2, 1, 1, 1, 0]


def _post(url: str, data: dict[str, Any]) -> int:
    """One phone's request, on this thread's own connection."""
    try:
        return Client().post(url, data).status_code
    finally:
        connection.close()


@contextmanager
def requests_in_order(table: Table) -> Iterator[Callable[[str, dict[str, Any]], Future[int]]]:
    """Hold the table's lock; each request started reaches the lock before the next one
    starts, and all go on, in that order, when the body ends."""
    with ThreadPoolExecutor(4) as pool, transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        started: list[Future[int]] = []

        def start(url: str, data: dict[str, Any]) -> Future[int]:
            started.append(pool.submit(_post, url, data))
            wait_until(
                lambda: _requests_waiting_for_a_lock() >= len(started),
                "the request to reach the table's lock",
                timeout=TIMEOUT,
                interval=0.005,
            )
            return started[-1]

        yield start


def _counts(counts: list[int], **fields: object) -> dict[str, object]:
    return {**{f"count-{seat}": count for seat, count in enumerate(counts)}, **fields}


def _fix(taps: list[str], **fields: object) -> dict[str, object]:
    return {**{f"fix-seat-{seat}": tap for seat, tap in enumerate(taps)}, **fields}


def test_a_race_correction_waiting_behind_a_save_does_not_correct_an_older_deal() -> None:
    table = race_table()
    race_deals_entered(table, EVEN)
    url = reverse("races:entry", args=[table.token])
    with requests_in_order(table) as start:
        save = start(url, _counts(EVEN, action="save_counts", sequence=2))
        fix = start(url, _counts([1, 2, 1, 1, 0], action="correct_last", sequence=1))
    assert (save.result(TIMEOUT), fix.result(TIMEOUT)) == (302, 422)
    assert [deal.counts for deal in RaceDeal.objects.order_by("sequence")] == [EVEN, EVEN]
    assert not RaceDealChange.objects.exists()


def test_two_race_corrections_at_once_chain_their_history() -> None:
    table = race_table()
    race_deals_entered(table, EVEN)
    url = reverse("races:entry", args=[table.token])
    first, second = [1, 2, 1, 1, 0], [0, 1, 1, 1, 2]
    with requests_in_order(table) as start:
        replies = [
            start(url, _counts(counts, action="correct_last", sequence=1))
            for counts in (first, second)
        ]
    assert [reply.result(TIMEOUT) for reply in replies] == [302, 302]
    changes = list(RaceDealChange.objects.order_by("pk"))
    assert [(c.before_counts, c.after_counts) for c in changes] == [
        (EVEN, first),
        (first, second),
    ]
    assert RaceDeal.objects.get().counts == second


def test_a_race_organiser_s_correction_sees_the_captain_s_before_it(organiser: Client) -> None:
    """The organiser's page posts the deal's id: its "before" is read under the lock too."""
    table = race_table()
    (deal,) = race_deals_entered(table, EVEN)
    session = organiser.cookies
    captain_url = reverse("races:entry", args=[table.token])
    organiser_url = reverse("races:table_deals", args=[table.tournament_id, table.pk])
    first, second = [1, 2, 1, 1, 0], [0, 1, 1, 1, 2]

    def as_organiser() -> int:
        client = Client()
        client.cookies = session
        try:
            return client.post(organiser_url, _counts(second, deal=deal.pk)).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool, requests_in_order(table) as start:
        captain = start(captain_url, _counts(first, action="correct_last", sequence=1))
        organiser_reply = pool.submit(as_organiser)
        wait_until(
            lambda: _requests_waiting_for_a_lock() >= 2,
            "the organiser at the lock",
            timeout=TIMEOUT,
        )
    assert (captain.result(TIMEOUT), organiser_reply.result(TIMEOUT)) == (302, 302)
    changes = list(RaceDealChange.objects.order_by("pk"))
    assert [(c.before_counts, c.after_counts) for c in changes] == [
        (EVEN, first),
        (first, second),
    ]


def test_a_tippen_correction_waiting_behind_a_save_does_not_correct_an_older_deal() -> None:
    table = tippen_table(3)
    pot_deals_entered(table, "1 1 1")
    url = reverse("pots:entry", args=[table.token])
    taps = {f"seat-{seat}": "1" for seat in range(3)}
    with requests_in_order(table) as start:
        save = start(url, {**taps, "action": "save", "sequence": 2})
        fix = start(url, _fix(["-", "-", "0"], action="correct", sequence=1))
    assert (save.result(TIMEOUT), fix.result(TIMEOUT)) == (302, 422)
    assert [deal.taps for deal in PotDeal.objects.order_by("sequence")] == [[1, 1, 1]] * 2
    assert not PotDealChange.objects.exists()


def test_two_tippen_corrections_at_once_chain_their_history() -> None:
    table = tippen_table(3)
    pot_deals_entered(table, "1 1 1")
    url = reverse("pots:entry", args=[table.token])
    with requests_in_order(table) as start:
        replies = [
            start(url, _fix(taps, action="correct", sequence=1))
            for taps in (["-", "-", "0"], ["2", "1", "-"])
        ]
    assert [reply.result(TIMEOUT) for reply in replies] == [302, 302]
    changes = list(PotDealChange.objects.order_by("pk"))
    assert [(c.before_taps, c.after_taps) for c in changes] == [
        ([1, 1, 1], [None, None, 0]),
        ([None, None, 0], [2, 1, None]),
    ]


def test_a_scored_correction_waiting_behind_a_save_does_not_correct_an_older_deal() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    entry_url = reverse("scoring:table_entry", args=[table.token])
    fix_url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    with requests_in_order(table) as start:
        save = start(entry_url, {"sequence": 2, "submission": uuid.uuid4(),
                                 "declarer": 0, "contract": "2", "result": "won"})  # fmt: skip
        fix = start(fix_url, {"sequence": 1, "submission": deal.submission,
                              "declarer": 1, "contract": "3", "result": "lost"})  # fmt: skip
    assert save.result(TIMEOUT) == 302
    assert fix.result(TIMEOUT) in (200, 422)  # refused: only the last deal, from the table
    deal.refresh_from_db()
    assert (deal.score, deal.corrected_at) == (3, None)
    assert not DealChange.objects.filter(action="corrected").exists()


def test_two_scored_corrections_at_once_chain_their_history() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    url = reverse("scoring:table_correct", args=[table.token, deal.pk])
    fields = {"sequence": 1, "submission": deal.submission, "declarer": 1, "contract": "3"}
    with requests_in_order(table) as start:
        replies = [start(url, {**fields, "result": result}) for result in ("lost", "won")]
    assert [reply.result(TIMEOUT) for reply in replies] == [302, 302]
    changes = DealChange.objects.filter(action="corrected").order_by("pk")
    befores_afters = list(changes.values_list("before", "after"))
    entered = DealChange.objects.get(action="entered").after
    assert [before for before, _after in befores_afters] == [entered, befores_afters[0][1]]
