"""The race's captain page answers the phone's queue (issue 19, the plan's contract): each post
that saves a new deal says in ``X-Preisfipsen-Entry`` what became of it, a queued post is
answered with the page itself (no redirect), and the same deal sent again is stored once."""

import uuid
from urllib.parse import unquote

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.thedinghausen.models import RaceDeal
from tests.thedinghausen.helpers import deals_entered, race_table
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

EVEN = [2, 1, 1, 1, 0]
QUEUED = {"headers": {"X-Preisfipsen-Queue": "1"}}


def counts_post(
    client: Client,
    table: Table,
    counts: list[int],
    *,
    sequence: int = 1,
    submission: uuid.UUID | None = None,
    queued: bool = True,
) -> HttpResponse:
    data = {
        "action": "save_counts",
        "sequence": sequence,
        "submission": str(submission or uuid.uuid4()),
        **{f"count-{seat}": count for seat, count in enumerate(counts)},
    }
    url = reverse("races:entry", args=[table.token])
    response: HttpResponse = client.post(url, data, **(QUEUED if queued else {}))
    return response


def entry(response: HttpResponse) -> str:
    return str(response.headers.get("X-Preisfipsen-Entry"))


def test_a_queued_deal_is_saved_and_answered_with_the_page(client: Client) -> None:
    table = race_table()
    response = counts_post(client, table, EVEN)
    assert (response.status_code, entry(response)) == (200, "saved")
    page = response.content.decode()
    assert "Eingetragen: Spiel 1" in page  # the message, shown at once, not after a redirect
    assert 'name="sequence" value="2"' in page
    assert [deal.counts for deal in RaceDeal.objects.all()] == [EVEN]


def test_the_same_submission_twice_is_a_duplicate_and_stored_once(client: Client) -> None:
    table = race_table()
    submission = uuid.uuid4()
    first = counts_post(client, table, EVEN, submission=submission)
    again = counts_post(client, table, EVEN, submission=submission)
    assert (entry(first), entry(again), again.status_code) == ("saved", "duplicate", 200)
    assert RaceDeal.objects.count() == 1


def test_taps_sent_twice_are_stored_once(client: Client) -> None:
    table = race_table()
    url = reverse("races:entry", args=[table.token])
    data = {"action": "save_taps", "taps": "0,1,2,3,0", "sequence": 1, "submission": uuid.uuid4()}
    answers = [entry(client.post(url, data, **QUEUED)) for _ in range(2)]
    assert answers == ["saved", "duplicate"]
    assert [deal.taps for deal in RaceDeal.objects.all()] == [[0, 1, 2, 3, 0]]


def test_another_phone_s_same_deal_is_a_duplicate_and_a_different_one_a_conflict(
    client: Client,
) -> None:
    table = race_table()
    deals_entered(table, EVEN)
    same = counts_post(client, table, EVEN)
    assert entry(same) == "duplicate"
    assert "schon genau so eingetragen" in same.content.decode()
    other = counts_post(client, table, [0, 1, 1, 1, 2])
    assert (entry(other), other.status_code) == ("conflict", 200)
    assert unquote(other.headers["X-Preisfipsen-Reason"])
    assert [deal.counts for deal in RaceDeal.objects.all()] == [EVEN]


def test_a_deal_the_table_has_not_reached_is_a_conflict(client: Client) -> None:
    table = race_table()
    assert entry(counts_post(client, table, EVEN, sequence=3)) == "conflict"
    assert not RaceDeal.objects.exists()


def test_a_refused_deal_says_why_in_the_page_and_the_header(client: Client) -> None:
    table = race_table()
    response = counts_post(client, table, [1, 1, 1, 1, 0])
    assert (response.status_code, entry(response)) == (200, "refused")
    reason = unquote(response.headers["X-Preisfipsen-Reason"])
    assert "5" in reason
    assert reason in response.content.decode()
    assert not RaceDeal.objects.exists()
    incomplete = client.post(
        reverse("races:entry", args=[table.token]),
        {"action": "save_taps", "taps": "0,1", "sequence": 1, "submission": uuid.uuid4()},
        **QUEUED,
    )
    assert entry(incomplete) == "refused"


def test_a_table_that_takes_no_deals_is_closed_but_a_deal_saved_before_is_a_duplicate(
    client: Client,
) -> None:
    table = race_table()
    submission = uuid.uuid4()
    counts_post(client, table, EVEN, submission=submission)
    Table.objects.filter(pk=table.pk).update(ended_early_at=timezone.now())
    assert entry(counts_post(client, table, EVEN, sequence=2)) == "closed"
    assert entry(counts_post(client, table, EVEN, submission=submission)) == "duplicate"
    Tournament.objects.filter(pk=table.tournament_id).update(state=Tournament.State.FINISHED)
    assert entry(counts_post(client, table, EVEN, sequence=2)) == "closed"
    assert RaceDeal.objects.count() == 1


def test_a_plain_post_still_redirects_and_a_refused_one_is_422(client: Client) -> None:
    table = race_table()
    saved = counts_post(client, table, EVEN, queued=False)
    assert (saved.status_code, entry(saved)) == (302, "saved")
    refused = counts_post(client, table, [1, 1, 1, 1, 0], sequence=2, queued=False)
    assert (refused.status_code, entry(refused)) == (422, "refused")


def test_the_page_names_its_queue_and_its_deal_forms(client: Client) -> None:
    table = race_table()
    deals_entered(table, EVEN)
    page = client.get(reverse("races:entry", args=[table.token])).content.decode()
    url = reverse("races:entry", args=[table.token])
    assert f'data-table-token="{table.token}" data-queue-url="{url}"' in page
    assert page.count('data-queue="deal"') == 2  # the taps and the typed counts; not the correction
    assert "js/race-taps.js" in page
