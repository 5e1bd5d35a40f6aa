"""Every entry's receipt: a code chained to the one before, recomputed from the stored entries
of every kind (scored deals, the race's, Tippen's), which any changed, dropped or inserted
entry changes from that entry on."""

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules import Game
from games.thedinghausen import services as race_services
from games.thedinghausen.models import RaceDeal
from games.tippen import services as pot_services
from games.tippen.models import PotDeal
from scoring import services as scoring_services
from scoring.models import Deal
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.thedinghausen.helpers import deals_entered as races_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pots_entered
from tests.tippen.helpers import tippen_table
from tournaments.ledger.entries import entry_models, receipt_fields
from tournaments.ledger.receipt_check import typed_code
from tournaments.ledger.receipts import (
    ALPHABET,
    Chain,
    chain,
    next_code,
    seed,
    table_chain,
    table_chains,
)
from tournaments.models import Table

Row = dict[str, Any]
ROWS = st.lists(
    st.fixed_dictionaries({"game": st.sampled_from(["2 gewonnen", "Kieker", "-"]),
                           "score": st.integers(-30, 30)}),
    min_size=1, max_size=12,
)  # fmt: skip


def numbered(rows: list[Row]) -> list[Row]:
    return [{**row, "sequence": index} for index, row in enumerate(rows, start=1)]


def last_code(rows: list[Row]) -> str:
    found = chain(4, numbered(rows)).last
    assert found is not None
    return found.code


def test_a_code_is_six_characters_in_two_threes_without_look_alikes() -> None:
    codes = chain(1, numbered([{"score": n} for n in range(200)])).links
    assert all(re.fullmatch(f"[{ALPHABET}]{{3}}-[{ALPHABET}]{{3}}", link.code) for link in codes)
    assert not set(ALPHABET) & set("0O1IL2Z5S8BG")
    assert len({link.code for link in codes}) > 190  # spread over the codes


def test_each_code_follows_from_the_one_before() -> None:
    rows = numbered([{"score": 2}, {"score": -4}, {"score": 6}])
    found = chain(7, rows)
    previous = seed(7)
    for row, link in zip(rows, found.links, strict=True):
        previous = next_code(previous, row)
        assert link.code == previous
        assert link.sequence == row["sequence"]


@settings(max_examples=150, derandomize=True)
@given(rows=ROWS, data=st.data())
def test_a_changed_deal_changes_every_code_from_it_on(rows: list[Row], data: Any) -> None:
    where = data.draw(st.integers(0, len(rows) - 1))
    changed = [dict(row) for row in rows]
    changed[where]["score"] += data.draw(st.sampled_from([-2, -1, 1, 2]))
    before, after = chain(4, numbered(rows)).links, chain(4, numbered(changed)).links
    assert [a.code for a in before[:where]] == [b.code for b in after[:where]]
    assert all(a.code != b.code for a, b in zip(before[where:], after[where:], strict=True))


@settings(max_examples=150, derandomize=True)
@given(rows=ROWS, data=st.data())
def test_a_dropped_or_inserted_deal_changes_the_last_code(rows: list[Row], data: Any) -> None:
    where = data.draw(st.integers(0, len(rows) - 1))
    dropped = rows[:where] + rows[where + 1 :]
    if dropped:
        assert last_code(dropped) != last_code(rows)
    extra = data.draw(ROWS)[0]
    assert last_code([*rows[:where], extra, *rows[where:]]) != last_code(rows)
    # Two deals swapped is a change too (unless they are the same deal).
    if where + 1 < len(rows) and rows[where] != rows[where + 1]:
        swapped = [*rows[:where], rows[where + 1], rows[where], *rows[where + 2 :]]
        assert last_code(swapped) != last_code(rows)


def test_the_same_deals_at_another_table_have_other_codes() -> None:
    rows = numbered([{"score": 2}])
    assert chain(1, rows).links[0].code != chain(2, rows).links[0].code


def test_a_typed_code_forgives_case_spaces_and_look_alikes() -> None:
    assert typed_code("k7 x9") == "K7X9"
    assert typed_code("0oQ1") == typed_code("DDD7") == "DDD7"
    assert typed_code("K7X") is None
    assert typed_code("K7XS") is None  # S is in no code
    assert typed_code("") is None


def recomputed(table: Table) -> Chain:
    """The chain from the table's entries as stored, read as model instances."""
    (model,) = [m for m in entry_models() if m._default_manager.filter(table=table).exists()]
    fields, number = receipt_fields(model)
    rows = [
        {"corrected_at": entry.corrected_at, **{f: getattr(entry, f) for f in fields}}
        for entry in model._default_manager.filter(table=table).order_by("sequence")
    ]
    return chain(table.number, rows, number)


def scored_table() -> Table:
    table = playing_table(players=4, deals=20)
    for declarer, game in [(0, "2 gewonnen"), (1, "3 Hand verloren"), (None, "alle gepasst"),
                           (2, "Kieker gewonnen"), (3, "2 gewonnen")]:  # fmt: skip
        enter(table, declarer, game)
    return table


KINDS = {
    "scored": scored_table,
    "race": lambda: _race(),
    "tippen": lambda: _tippen(),
}


def _race() -> Table:
    table = race_table(5)
    races_entered(table, [2, 1, 1, 1, 0], [1, 1, 1, 1, 1], [0, 2, 1, 1, 1], [3, 1, 1, 0, 0])
    return table


def _tippen() -> Table:
    table = tippen_table(4)
    pots_entered(table, "2 1 - 0", "- t - -", "- - - -", "2 1 - 0")
    return table


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_chain_recomputes_from_the_stored_deals(kind: str) -> None:
    table = KINDS[kind]()
    found = table_chain(table)
    assert len(found.links) >= 4
    assert found == recomputed(table)
    assert found.restart is None


def _correct(kind: str, table: Table, sequence: int) -> None:
    if kind == "race":
        race = RaceDeal.objects.get(table=table, sequence=sequence)
        race_services.race_deal_correct(deal=race, counts=[1, 2, 1, 1, 0])
    elif kind == "tippen":
        pot = PotDeal.objects.get(table=table, sequence=sequence)
        pot_services.pot_deal_correct(deal=pot, taps=(1, 2, None, 0))
    else:
        deal = Deal.objects.get(table=table, sequence=sequence)
        scoring_services.deal_correct(
            deal=deal, declarer=1, game=Game.parse("3 Hand gewonnen"), reason="falsch getippt",
            user=UserFactory(),
        )  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_correction_starts_a_new_chain_from_its_deal(kind: str) -> None:
    table = KINDS[kind]()
    before = table_chain(table)
    _correct(kind, table, 2)
    after = table_chain(table)
    assert after == recomputed(table)
    assert before.links[0] == after.links[0]
    assert all(a.code != b.code for a, b in zip(before.links[1:], after.links[1:], strict=True))
    assert after.restart is not None
    assert after.restart.sequence == 2


@pytest.mark.django_db
def test_every_tables_chain_in_one_query_per_kind_of_entry() -> None:
    small, large, race = scored_table(), playing_table(deals=120, played=120), _race()
    tables = list(Table.objects.filter(pk__in=[small.pk, large.pk, race.pk]))
    with CaptureQueriesContext(connection) as queries:
        chains = table_chains(tables)
    assert len(queries) == len(entry_models())
    assert [len(chains[t.pk].links) for t in (small, large, race)] == [5, 120, 4]
