"""Tippen's captain page answers the phone's queue (issue 19, the plan's contract): each post
that saves a new deal says in ``X-Preisfipsen-Entry`` what became of it, a queued post is
answered with the page itself (no redirect), and the same deal sent again is stored once."""

import uuid
from urllib.parse import unquote

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.tippen.models import PotDeal
from tests.tippen.helpers import deals_entered, tippen_table
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

QUEUED = {"headers": {"X-Preisfipsen-Queue": "1"}}


def save(
    client: Client,
    table: Table,
    choices: list[str],
    *,
    sequence: int = 1,
    submission: uuid.UUID | None = None,
    queued: bool = True,
    action: str = "save",
) -> HttpResponse:
    data = {
        "action": action,
        "sequence": sequence,
        "submission": str(submission or uuid.uuid4()),
        **{f"seat-{seat}": choice for seat, choice in enumerate(choices)},
    }
    url = reverse("pots:entry", args=[table.token])
    response: HttpResponse = client.post(url, data, **(QUEUED if queued else {}))
    return response


def entry(response: HttpResponse) -> str:
    return str(response.headers.get("X-Preisfipsen-Entry"))


DEAL = ["2", "1", "-", "0"]


def test_a_queued_deal_is_saved_once_and_answered_with_the_page(client: Client) -> None:
    table = tippen_table()
    submission = uuid.uuid4()
    first = save(client, table, DEAL, submission=submission)
    assert (first.status_code, entry(first)) == (200, "saved")
    assert "Eingetragen: Spiel 1" in first.content.decode()
    again = save(client, table, DEAL, submission=submission)
    assert (again.status_code, entry(again)) == (200, "duplicate")
    assert [deal.taps for deal in PotDeal.objects.all()] == [[2, 1, None, 0]]
    passed = save(client, table, DEAL, sequence=2, action="all_passed")
    assert entry(passed) == "saved"
    assert PotDeal.objects.count() == 2


def test_another_phone_s_same_deal_is_a_duplicate_and_a_different_one_a_conflict(
    client: Client,
) -> None:
    table = tippen_table()
    deals_entered(table, "2 1 - 0")
    assert entry(save(client, table, DEAL)) == "duplicate"
    other = save(client, table, ["3", "0", "-", "-"])
    assert (other.status_code, entry(other)) == (200, "conflict")
    assert "Ein anderes Handy" in unquote(other.headers["X-Preisfipsen-Reason"])
    assert entry(save(client, table, DEAL, sequence=5)) == "conflict"
    assert PotDeal.objects.count() == 1


def test_a_refused_deal_says_why(client: Client) -> None:
    table = tippen_table()
    response = save(client, table, ["2", "2", "0", "-"])
    assert (response.status_code, entry(response)) == (200, "refused")
    assert unquote(response.headers["X-Preisfipsen-Reason"]) in response.content.decode()
    plain = save(client, table, ["2", "2", "0", "-"], queued=False)
    assert (plain.status_code, entry(plain)) == (422, "refused")
    assert not PotDeal.objects.exists()


def test_a_closed_table_is_said_but_a_deal_saved_before_is_a_duplicate(client: Client) -> None:
    table = tippen_table()
    submission = uuid.uuid4()
    save(client, table, DEAL, submission=submission)
    Table.objects.filter(pk=table.pk).update(ended_early_at=timezone.now())
    assert entry(save(client, table, DEAL, sequence=2)) == "closed"
    Tournament.objects.filter(pk=table.tournament_id).update(state=Tournament.State.FINISHED)
    assert entry(save(client, table, DEAL, sequence=2)) == "closed"
    assert entry(save(client, table, DEAL, submission=submission)) == "duplicate"
    assert PotDeal.objects.count() == 1


def test_a_plain_save_still_redirects(client: Client) -> None:
    response = save(client, tippen_table(), DEAL, queued=False)
    assert (response.status_code, entry(response)) == (302, "saved")


def test_the_page_names_its_queue_and_its_deal_form(client: Client) -> None:
    table = tippen_table()
    deals_entered(table, "2 1 - 0")
    page = client.get(reverse("pots:entry", args=[table.token])).content.decode()
    url = reverse("pots:entry", args=[table.token])
    assert f'data-table-token="{table.token}" data-queue-url="{url}"' in page
    assert page.count('data-queue="deal"') == 1  # the new deal's form; not the correction
