"""What the race's and Tippen's pages post is read by forms (issue 18, item 4): a ``²``
passes ``str.isdigit`` and broke ``int`` (a 500) in every field read by hand; now each is a
field error, or what the page always made of a made-up value (no tap, nobody, an entry no
table has)."""

from collections.abc import Sequence

import pytest
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal
from games.tippen.models import PotDeal
from tests.thedinghausen.helpers import deals_entered as race_deals_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pot_deals_entered
from tests.tippen.helpers import tippen_table
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

SUPERSCRIPT = "²"
EVEN = [2, 1, 1, 1, 0]


def announcing(table: Table) -> Table:
    Tournament.objects.filter(pk=table.tournament_id).update(
        rule_options={"filler": 4, "must_trump": False, "announced_fipsen": True}
    )
    table.tournament.refresh_from_db()
    return table


def counts(values: Sequence[object]) -> dict[str, object]:
    return {f"count-{seat}": value for seat, value in enumerate(values)}


@pytest.mark.parametrize(
    "data",
    [
        {"action": f"tap-{SUPERSCRIPT}"},
        {"action": "tap-1", "taps": f"0,{SUPERSCRIPT}"},
        {"action": "tap-1", "announcer": SUPERSCRIPT},
        {"action": "save_taps", "taps": "0,0,0,0,0", "sequence": SUPERSCRIPT},
        {"action": "save_counts", "sequence": SUPERSCRIPT, **counts(EVEN)},
        {"action": "save_counts", "sequence": 1, **counts([SUPERSCRIPT, 1, 1, 1, 0])},
        {"action": "correct_last", "sequence": SUPERSCRIPT, **counts(EVEN)},
    ],
    ids=["tap", "taps", "announcer", "sequence", "counts-sequence", "count", "correction"],
)
def test_the_race_captain_s_page_answers_a_superscript_without_an_error(
    client: Client, data: dict[str, object]
) -> None:
    table = announcing(race_table())
    response = client.post(reverse("races:entry", args=[table.token]), data)
    assert response.status_code in (200, 422)
    assert not RaceDeal.objects.exists()


def test_a_tap_of_a_superscript_taps_nobody(client: Client) -> None:
    table = race_table()
    url = reverse("races:entry", args=[table.token])
    page = client.post(url, {"action": f"tap-{SUPERSCRIPT}", "taps": "0"}).content.decode()
    assert 'name="taps" value="0"' in page


def test_a_race_count_that_is_no_number_is_the_counts_field_error(client: Client) -> None:
    table = race_table()
    url = reverse("races:entry", args=[table.token])
    data = {"action": "save_counts", "sequence": 1, **counts([SUPERSCRIPT, "x", 1, 1, 0])}
    response = client.post(url, data)
    assert response.status_code == 422
    page = response.content.decode()
    message = "Bitte die Stiche jedes Spielers als Zahl von 0 bis 5 eingeben."
    assert page.count(message) == 1  # once, however many seats are wrong


@pytest.mark.parametrize(
    "data",
    [{"deal": SUPERSCRIPT}, {"announcer": SUPERSCRIPT}, counts([SUPERSCRIPT, 1, 1, 1, 0])],
    ids=["deal", "announcer", "count"],
)
def test_the_race_organiser_s_correction_answers_a_superscript_without_an_error(
    organiser: Client, data: dict[str, object]
) -> None:
    table = announcing(race_table())
    (deal,) = race_deals_entered(table, EVEN)
    url = reverse("races:table_deals", args=[table.tournament_id, table.pk])
    response = organiser.post(url, {"deal": deal.pk, **counts(EVEN), **data})
    assert response.status_code in (302, 404, 422)
    deal.refresh_from_db()
    assert deal.counts == EVEN


@pytest.mark.parametrize(
    "data",
    [
        {"action": "save", "sequence": SUPERSCRIPT, "seat-0": "3"},
        {"action": "save", "sequence": 1, "seat-0": SUPERSCRIPT},
        {"action": "correct", "sequence": SUPERSCRIPT, "fix-seat-0": "3"},
        {"action": "all_passed", "sequence": SUPERSCRIPT},
    ],
    ids=["sequence", "seat", "correction", "all-passed"],
)
def test_the_tippen_captain_s_page_answers_a_superscript_without_an_error(
    client: Client, data: dict[str, object]
) -> None:
    table = tippen_table(3)
    passed = {"seat-1": "-", "seat-2": "-", "fix-seat-1": "-", "fix-seat-2": "-"}
    response = client.post(reverse("pots:entry", args=[table.token]), {**passed, **data})
    assert response.status_code == 422
    assert not PotDeal.objects.exists()


def test_the_tippen_organiser_s_pages_answer_a_superscript_without_an_error(
    organiser: Client,
) -> None:
    table = tippen_table(3)
    (deal,) = pot_deals_entered(table, "1 1 1")
    url = reverse("pots:table_deals", args=[table.tournament_id, table.pk])
    assert organiser.get(url, {"corrected": SUPERSCRIPT}).status_code == 200
    choices = {"seat-0": "-", "seat-1": "-", "seat-2": "0"}
    assert organiser.post(url, {"deal": SUPERSCRIPT, **choices}).status_code == 404
    refused = organiser.post(url, {"deal": deal.pk, **choices, "seat-0": SUPERSCRIPT})
    assert refused.status_code == 422
    assert "Platz 1" in refused.content.decode() or "Sitz 1" in refused.content.decode()
    deal.refresh_from_db()
    assert deal.taps == [1, 1, 1]
