"""The captain's save says what became of the deal in the header X-Preisfipsen-Entry, which
the phone's queue (static/js/offline-queue.js) reads: saved, duplicate (nothing stored twice),
refused, conflict, closed."""

import uuid
from html import unescape
from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from scoring.services import table_end_early
from tests.scoring.helpers import playing_table
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = pytest.mark.django_db

HEADERS = {"HX-Request": "true", "X-Preisfipsen-Queue": "1"}


def _deal(sequence: int, declarer: int = 1, tricks: str = "3", **more: object) -> dict[str, object]:
    return {"sequence": sequence, "submission": str(uuid.uuid4()), "declarer": declarer,
            "contract": tricks, "result": "won", **more}  # fmt: skip


def _send(table: Table, deal: dict[str, object]) -> str:
    response = Client().post(
        reverse("scoring:table_entry", args=[table.token]), deal, headers=HEADERS
    )
    return str(response["X-Preisfipsen-Entry"])


def test_a_deal_saved_then_sent_again_is_stored_once() -> None:
    table = playing_table()
    first = _deal(1)
    assert _send(table, first) == "saved"
    assert _send(table, first) == "duplicate"  # the same submission: the answer was lost
    second = _deal(2)
    assert _send(table, second) == "saved"
    assert _send(table, first) == "duplicate"  # even after the table moved on
    assert _send(table, {**first, "sequence": 3}) == "duplicate"  # renumbered behind a drop
    assert list(Deal.objects.filter(table=table).values_list("sequence", flat=True)) == [1, 2]


def test_the_same_deal_from_another_phone_is_a_duplicate_a_different_one_a_conflict() -> None:
    table = playing_table()
    assert _send(table, _deal(1)) == "saved"
    assert _send(table, _deal(1)) == "duplicate"  # another phone, the same deal
    assert _send(table, _deal(1, declarer=2)) == "conflict"
    assert _send(table, _deal(5)) == "conflict"  # a place the table has not reached
    assert Deal.objects.filter(table=table).count() == 1


def test_a_deal_the_rules_refuse_is_refused() -> None:
    table = playing_table()
    assert _send(table, _deal(1, tricks="kieker", hand="on")) == "refused"
    assert _send(table, {"sequence": 1, "submission": str(uuid.uuid4())}) == "refused"
    assert not Deal.objects.filter(table=table).exists()


def test_a_table_that_takes_no_deal_answers_closed() -> None:
    table = playing_table(deals=1)
    assert _send(table, _deal(1)) == "saved"
    assert _send(table, _deal(2)) == "closed"  # all its deals played
    ended = playing_table()
    table_end_early(table=ended, reason="Zug", user=None)
    assert _send(ended, _deal(1)) == "closed"
    finished = playing_table(deals=1)
    _send(finished, _deal(1))
    tournament_services.tournament_finish(tournament=finished.tournament)
    assert _send(finished, _deal(2)) == "closed"


def _reason(table: Table, deal: dict[str, object]) -> tuple[str, str, str]:
    """The outcome, the refusal's reason (header X-Preisfipsen-Reason) and the page."""
    response = Client().post(
        reverse("scoring:table_entry", args=[table.token]), deal, headers=HEADERS
    )
    reason = unquote(response.headers.get("X-Preisfipsen-Reason", ""))
    return str(response["X-Preisfipsen-Entry"]), reason, unescape(response.content.decode())


@pytest.mark.usefixtures("german")
def test_a_refused_deal_says_why_in_the_header_as_the_race_and_tippen_do() -> None:
    table = playing_table()
    outcome, reason, page = _reason(table, _deal(1, tricks="kieker", hand="on"))
    assert outcome == "refused"
    assert reason
    assert reason in " ".join(page.split())
    outcome, reason, _page = _reason(table, {"sequence": 1, "submission": str(uuid.uuid4())})
    assert (outcome, bool(reason)) == ("refused", True)


@pytest.mark.usefixtures("german")
def test_a_conflict_says_why_and_a_saved_deal_has_no_reason() -> None:
    table = playing_table()
    assert _reason(table, _deal(1))[:2] == ("saved", "")
    outcome, reason, _page = _reason(table, _deal(1, declarer=2))
    assert outcome == "conflict"
    assert "Handy" in reason or "eingetragen" in reason


@pytest.mark.parametrize("field", ["contract", "result"])
def test_the_reason_of_a_refusal_is_bounded_however_long_the_input(field: str) -> None:
    """Issue 30, 10: a 100,000-character field was echoed whole in the reason's header (64 KB,
    more than servers and proxies take). The header keeps the reason's start; the page has it."""
    table = playing_table()
    response = Client().post(
        reverse("scoring:table_entry", args=[table.token]),
        _deal(1, **{field: "ü" * 100_000}),
        headers=HEADERS,
    )
    assert response["X-Preisfipsen-Entry"] == "refused"
    reason = response["X-Preisfipsen-Reason"]
    assert len(reason) <= 2000
    assert unquote(reason).endswith("…")
