"""The tables page marks a table that is done (all its deals played, or ended early) as
"Fertig" and offers no "Tisch vorzeitig beenden" there; a table still playing keeps it, and
so does a race table, which plays until it is ended (the rule of series_open_tables)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tests.thedinghausen.helpers import race_night
from tournaments.ledger.totals import TableTotal
from tournaments.models import Table, Tournament

from .test_series_services import started

pytestmark = pytest.mark.django_db

#: The tables page of a night of two series in play (its series nav, draws, the tables).
QUERIES = 10
END_EARLY = "Tisch vorzeitig beenden"


def table_cards(organiser: Client, tournament: Tournament) -> dict[int, str]:
    """Each table's card on the tables page, by the table's number."""
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    cards = page.split('<article class="table-card')[1:]
    return {int(card.split('id="table-', 1)[1].split('"', 1)[0]): card for card in cards}


def played(table: Table, deals: int) -> None:
    TableTotal.objects.update_or_create(table=table, defaults={"played": deals, "entries": deals})


def test_a_table_that_played_all_its_deals_is_done_without_the_end_button(
    organiser: Client,
) -> None:
    tournament = started(16)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")[:2]
    played(first, first.deals)
    played(second, second.deals - 1)
    cards = table_cards(organiser, tournament)
    assert f"Fertig: {first.deals} von {first.deals} Spielen" in cards[1]
    assert "is-done" in cards[1]
    assert END_EARLY not in cards[1]
    assert "muss aufhören" not in cards[1]  # nor a player's leaving, which ends it too
    assert "Fertig" not in cards[2]
    assert END_EARLY in cards[2]


def test_a_table_ended_early_is_done_with_the_deals_it_played(organiser: Client) -> None:
    tournament = started(16)
    table = Table.objects.get(tournament=tournament, number=3)
    played(table, 2)
    Table.objects.filter(pk=table.pk).update(ended_early_at=timezone.now(), ended_early_after=2)
    card = table_cards(organiser, tournament)[3]
    assert f"Fertig: 2 von {table.deals} Spielen" in card
    assert END_EARLY not in card
    assert "Tisch wieder aufnehmen" in card


def test_a_race_table_keeps_its_end_button_whatever_it_played(organiser: Client) -> None:
    tournament = race_night(5, 5)
    first = Table.objects.get(tournament=tournament, number=1)
    played(first, first.deals)
    cards = table_cards(organiser, tournament)
    assert END_EARLY in cards[1]
    assert "Fertig" not in cards[1]


@pytest.mark.parametrize("done", [0, 4])
def test_the_mark_costs_no_query(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, done: int
) -> None:
    """The deals played are read with the tables: the same count with none or four done."""
    tournament = started(16)
    for table in Table.objects.filter(tournament=tournament).order_by("number")[:done]:
        played(table, table.deals)
    organiser.get(reverse("tournaments:tables", args=[tournament.pk]))  # sessions warmed up
    with django_assert_num_queries(QUERIES):
        organiser.get(reverse("tournaments:tables", args=[tournament.pk]))
