"""Issue 10, scoring: every deal, correction and prize line within bounds the database holds
on both engines; odd input is a message, never a 500 (each test reproduces a finding)."""

import uuid

import pytest
from django.db import DataError, IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import Deal, DealChange, Prize
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.scoring.paper_sheets import transcript
from tests.scoring.test_paper_views import named_table
from tournaments.draw.tables import seats_of
from tournaments.models import MAX_DEALS, Player, Table
from tournaments.players.names import player_name_key

pytestmark = pytest.mark.django_db

#: The longest name a player may have (Player.name's max_length).
LONGEST = 100


def table_of_long_names() -> Table:
    """A table in play whose four players have names of the longest length allowed."""
    table = playing_table()
    for seat in seats_of(table=table):
        first = ("Anna", "Bernd", "Jürgen", "Dora")[seat.position]
        name = (first + " Müller-Lüdenscheidt" * 6)[:LONGEST]
        assert len(name) == LONGEST
        Player.objects.filter(pk=seat.registration.player_id).update(
            name=name, name_key=player_name_key(name)
        )
    return Table.objects.select_related("tournament").get(pk=table.pk)


@pytest.fixture
def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


# Finding 1: a deal by a player with a long name (PostgreSQL refused its history entry)


def test_a_player_with_the_longest_name_enters_a_deal_by_phone() -> None:
    table = table_of_long_names()
    response = Client().post(
        reverse("scoring:table_entry", args=[table.token]),
        {
            "sequence": 1,
            "submission": uuid.uuid4(),
            "declarer": 2,
            "contract": "5",
            "hand": "on",
            "ruten": "on",
            "result": "lost",
        },
    )
    assert response.status_code == 302
    change = DealChange.objects.get(deal__table=table)
    assert change.after.startswith(
        Player.objects.get(registrations__seats__table=table, registrations__seats__position=2).name
    )


def test_a_player_with_the_longest_name_enters_a_paper_sheet() -> None:
    table = table_of_long_names()
    names = tuple(seat.registration.player.name for seat in seats_of(table=table))
    services.sheet_import(table=table, text=transcript(5, names=names).text, user=None)
    assert DealChange.objects.filter(deal__table=table).count() == 5


def test_the_organiser_corrects_a_deal_of_a_player_with_the_longest_name(organiser: Client) -> None:
    table = table_of_long_names()
    older = enter(table, 1, "3 +")
    enter(table, 2, "3 +")
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, older.pk])
    data = {
        "sequence": 1,
        "submission": older.submission,
        "declarer": 1,
        "contract": "5",
        "hand": "on",
        "ruten": "on",
        "durch": "",
        "result": "lost",
        "reason": "verschrieben",
    }
    assert organiser.post(url, data).status_code == 302
    change = DealChange.objects.get(deal=older, action=DealChange.Action.CORRECTED)
    assert len(change.before) > LONGEST
    assert len(change.after) > LONGEST


def test_a_correction_reason_over_300_characters_is_a_message_and_changes_nothing(
    organiser: Client,
) -> None:
    table = playing_table()
    older = enter(table, 1, "3 +")
    enter(table, 2, "3 +")
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, older.pk])
    data = {
        "sequence": 1,
        "submission": older.submission,
        "declarer": 1,
        "contract": "4",
        "result": "won",
        "reason": "x" * 301,
    }
    response = organiser.post(url, data)
    assert response.status_code == 200
    assert "zu lang" in response.content.decode()
    older.refresh_from_db()
    assert older.score == 3
    assert not DealChange.objects.filter(action=DealChange.Action.CORRECTED).exists()


def test_a_reason_with_a_nul_and_a_right_to_left_override_is_saved_cleaned(
    organiser: Client,
) -> None:
    table = playing_table()
    older = enter(table, 1, "3 +")
    enter(table, 2, "3 +")
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, older.pk])
    data = {
        "sequence": 1,
        "submission": older.submission,
        "declarer": 1,
        "contract": "4",
        "result": "won",
        "reason": "ver\x00schrie\u202eben",
    }
    assert organiser.post(url, data).status_code == 302
    assert DealChange.objects.get(action=DealChange.Action.CORRECTED).reason == "verschrieben"


@pytest.mark.parametrize(("field", "length"), [("after", 201), ("before", 201), ("reason", 301)])
def test_the_database_holds_a_deal_change_to_its_lengths(field: str, length: int) -> None:
    """PostgreSQL refuses by the varchar's length; SQLite, which ignores it, by a constraint."""
    deal = enter(playing_table(), 1, "3 +")
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        DealChange.objects.create(
            deal=deal, action="entered", **{"after": "x", field: "x" * length}
        )


# Finding 2: deals per table without an upper bound


def test_a_tournament_of_five_million_deals_per_table_is_refused(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:tournament_create"),
        {
            "name": "Preisfipsen",
            "date": "2026-11-21",
            "rule_set": "prisdorf",
            "prisdorf_min_bid": 2,
            "deals_at_four": 5_000_000,
            "deals_at_three": 120,
            "tie_break": "",
            "entry_fee": "0",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["deals_at_four"]
    assert not Table.objects.exists()


def test_the_database_holds_a_table_to_the_deals_a_night_can_hold() -> None:
    table = playing_table()
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(deals=MAX_DEALS + 1)


def test_a_table_of_the_most_deals_takes_a_paper_sheet() -> None:
    table = named_table(deals=MAX_DEALS)
    services.sheet_import(table=table, text=transcript(3).text, user=None)
    assert Deal.objects.filter(table=table).count() == 3


# Finding 3: prize lines the service refused with errors the form had no field for


@pytest.mark.parametrize(
    "line",
    [
        "0. Trostpreis",
        "40000. Wein",
        "1. " + "Präsentkorb " * 10,
        "1. 99999 € + 99999 €",
        "9" * 5000 + ". Wein",
    ],
    ids=["place 0", "place 40000", "name of 120 characters", "money over the bound", "huge place"],
)
def test_a_prize_line_out_of_bounds_is_a_message_and_saves_nothing(
    organiser: Client, line: str
) -> None:
    table = playing_table()
    Prize.objects.create(tournament=table.tournament, place=1, name="Wein")
    url = reverse("scoring:prizes", args=[table.tournament_id])
    response = organiser.post(url, {"lines": line})
    assert response.status_code == 200
    assert "Zeile 1" in response.content.decode()
    assert list(Prize.objects.values_list("place", "name")) == [(1, "Wein")]


def test_a_fee_split_whose_pot_exceeds_a_prize_s_money_is_a_message(organiser: Client) -> None:
    table = playing_table(entry_fee="9999.99")
    url = reverse("scoring:prizes", args=[table.tournament_id])
    Player.objects.none()
    response = organiser.post(url, {"percentages": "100"})
    assert response.status_code in (200, 302)
    assert not Prize.objects.filter(money__gt=99999).exists()
