"""A process hashes a table's entries once (tournaments.ledger.receipt_rows, issue 31): the chain
read
after a save hashes the new entry alone, after a correction the entries from the corrected one
on, and the codes are those made from the stored entries afresh."""

from collections.abc import Sequence
from typing import Any

import pytest

from fipsen_rules import Game
from scoring import services
from scoring.models import Deal
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.test_receipts import recomputed
from tournaments.ledger import receipts
from tournaments.ledger.receipt_rows import PrefixMemo
from tournaments.ledger.receipts import table_chain


def letters(kept: list[str], rest: Sequence[Sequence[Any]]) -> list[str]:
    """A chain of its own: each row's letter after the ones before."""
    made = list(kept)
    for (letter,) in rest:
        made.append((made[-1] if made else "") + letter)
    return made[len(kept) :]


def test_only_the_rows_after_the_same_ones_are_made() -> None:
    memo: PrefixMemo[str] = PrefixMemo(size=2)
    made: list[Sequence[Sequence[Any]]] = []

    def make(kept: list[str], rest: Sequence[Sequence[Any]]) -> list[str]:
        made.append(rest)
        return letters(kept, rest)

    assert memo.made("t", [("a",), ("b",)], make) == ["a", "ab"]
    assert memo.made("t", [("a",), ("b",), ("c",)], make) == ["a", "ab", "abc"]
    assert memo.made("t", [("a",), ("x",), ("c",)], make) == ["a", "ax", "axc"]  # a correction
    assert memo.made("t", [("a",)], make) == ["a"]  # fewer rows: nothing to make
    assert made == [[("a",), ("b",)], [("c",)], [("x",), ("c",)], []]
    # Another key starts afresh; the key used least lately goes beyond ``size`` keys.
    assert memo.made("u", [("a",)], make) == ["a"]
    memo.made("v", [("a",)], make)
    made.clear()
    memo.made("t", [("a",)], make)
    assert made == [[("a",)]]


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The canonical texts hashed into codes (tournaments.ledger.receipts._code), in order."""
    texts: list[str] = []
    code = receipts._code

    def counted(previous: str, text: str, scheme: receipts.Scheme) -> str:
        texts.append(text)
        return code(previous, text, scheme)

    monkeypatch.setattr(receipts, "_code", counted)
    return texts


@pytest.mark.django_db
def test_a_save_hashes_its_entry_alone(hashed: list[str]) -> None:
    table = playing_table(players=4, deals=20, played=6)
    assert len(table_chain(table).links) == 6
    hashed.clear()
    enter(table, 1, "3 Hand gewonnen")
    after = table_chain(table)
    assert len(hashed) == 1
    assert "3 Hand gewonnen" in hashed[0]
    assert after == recomputed(table)
    assert after.submitted(Deal.objects.get(table=table, sequence=7).submission) == after.last
    hashed.clear()
    assert table_chain(table) == after
    assert hashed == []


@pytest.mark.django_db
def test_a_correction_hashes_the_entries_from_it_on(hashed: list[str]) -> None:
    table = playing_table(players=4, deals=20, played=6)
    before = table_chain(table)
    hashed.clear()
    services.deal_correct(
        deal=Deal.objects.get(table=table, sequence=4), declarer=1,
        game=Game.parse("3 Hand gewonnen"), reason="falsch getippt", user=UserFactory(),
    )  # fmt: skip
    after = table_chain(table)
    assert len(hashed) == 3  # entries 4, 5 and 6
    assert after == recomputed(table)
    assert after.links[:3] == before.links[:3]
    assert after.restart is not None
    assert after.restart.sequence == 4


@pytest.mark.django_db
def test_the_same_entries_under_another_seed_are_hashed_afresh() -> None:
    table = playing_table(players=4, deals=20, played=3)
    first = table_chain(table)
    table.number += 1  # the seed is the table's number: other codes for the same rows
    moved = table_chain(table)
    assert moved == recomputed(table)
    assert moved.last != first.last
