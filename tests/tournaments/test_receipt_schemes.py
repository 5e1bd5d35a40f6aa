"""Receipts that catch an edit (issue 30): a code of four characters from 23 (279,841 codes)
let a changed deal keep its code far too often. A new table's codes are six characters, shown
in two threes ("NVW-TKX"): 23^6 = 148,035,889 codes, so a changed deal keeps its code once in
some 148 million, below one in a million.

A table of before keeps its scheme (Table.receipt_scheme 1, which the migration gives every
table it finds): its codes are made exactly as before, four characters chained from "table N"
in every series, so a code printed on a ranking or noted from a phone checks as it did. A
night file written before has no scheme and is read as scheme 1; a file of a new night
carries its tables' scheme."""

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from scoring.night_file.transfer import night_export_bytes, night_import_bytes
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tournaments.ledger.entries import receipt_fields
from tournaments.ledger.receipt_check import typed_code
from tournaments.ledger.receipts import (
    ALPHABET,
    LENGTH,
    canonical,
    chain,
    table_chain,
)
from tournaments.models import Table

OLD_NIGHT = "tests/scoring/night_files/prisdorf.json"


def code_of_before(previous: str, values: Mapping[str, Any]) -> str:
    """An entry's code as tournaments/ledger/receipts.py made it before issue 30, kept here as it
    was: the check of a table of before must give the codes it gave then."""
    digest = hashlib.sha256(f"{previous}\n{canonical(values)}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(4):
        number, index = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def codes_of_before(table: Table) -> list[str]:
    """The scored table's codes as they were made before: from "table N", whatever the
    series, each deal's stored values as the receipt reads them."""
    fields, _ = receipt_fields(Deal)
    previous, codes = f"table {table.number}", []
    for row in Deal.objects.filter(table=table).order_by("sequence").values(*fields):
        previous = code_of_before(previous, row)
        codes.append(previous)
    assert codes
    return codes


def test_a_changed_deal_keeps_its_code_with_odds_below_one_in_a_million() -> None:
    assert len(ALPHABET) == 23
    assert LENGTH == 6
    assert len(ALPHABET) ** LENGTH == 148_035_889
    assert 1 / len(ALPHABET) ** LENGTH < 1 / 1_000_000


#: Three deals, and the same with deal 2's score changed, whose last codes of four characters
#: are the same (TTTX): found by trying one change after another, as the tester did.
HISTORY = [{"sequence": 1, "game": "3 gewonnen", "score": 3},
           {"sequence": 2, "game": "2 verloren", "score": -4},
           {"sequence": 3, "game": "Kieker", "score": 6}]  # fmt: skip
CHANGED = [HISTORY[0], {**HISTORY[1], "score": -558_672}, HISTORY[2]]


def test_the_change_that_kept_its_four_characters_changes_six() -> None:
    before = [chain(1, rows, scheme=1).links[-1].code for rows in (HISTORY, CHANGED)]
    assert before == ["TTTX", "TTTX"]
    now = [chain(1, rows).links[-1].code for rows in (HISTORY, CHANGED)]
    assert now[0] != now[1]


def test_a_code_is_read_in_two_threes_and_typed_back_in_any_way() -> None:
    code = chain(1, HISTORY).links[-1].code
    assert code[3] == "-"
    assert len(code.replace("-", "")) == LENGTH
    letters = code.replace("-", "")
    assert typed_code(letters.lower()) == code
    assert typed_code(f"{letters[:3]} {letters[3:]}") == code
    assert typed_code(letters[:5]) is None


def test_a_scheme_1_chain_is_the_chain_of_before() -> None:
    """The codes of before, as printed then: a literal, so that no change slips through."""
    rows = [{"sequence": 1, "game": "3 Hand gewonnen", "score": 12},
            {"sequence": 2, "game": "2 verloren", "score": -4},
            {"sequence": 3, "game": "Kieker", "score": 6}]  # fmt: skip
    assert [link.code for link in chain(4, rows, scheme=1).links] == ["4R6Y", "KWEC", "J46E"]
    assert [link.code for link in chain(4, rows, series=2, scheme=1).links] == [
        "4R6Y",
        "KWEC",
        "J46E",
    ]


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
@pytest.mark.parametrize("series", [1, 2])
def test_a_table_of_before_keeps_its_codes_and_they_check(organiser: Client, series: int) -> None:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    Table.objects.filter(tournament=tournament).update(receipt_scheme=1)
    table = Table.objects.get(tournament=tournament, series=series, number=1)
    enter(table, 0, "3 gewonnen")
    enter(table, 1, "2 verloren")
    old = codes_of_before(table)
    assert [link.code for link in table_chain(table).links] == old

    url = reverse("tournaments:receipt_check", args=[tournament.pk])
    asked = {"series": series, "table": 1, "deal": 2}
    answer = organiser.get(url, {**asked, "code": old[1].lower()}).content.decode()
    assert f"Stimmt: Spiel 2 an Tisch 1 (Serie {series}) ist so gespeichert" in answer
    # Six characters are no receipt of this table: said so, not "does not match".
    answer = organiser.get(url, {**asked, "code": "ACD-EFH"}).content.decode()
    assert "Die Quittungen von Tisch 1 (Serie" in answer
    assert "haben 4 Zeichen" in answer
    assert "Stimmt" not in answer


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_the_tables_of_before_scheme_1() -> None:
    table = playing_table(deals=20)
    enter(table, 0, "3 gewonnen")
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0027_board_after_finish_by_default")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    table.refresh_from_db()
    assert table.receipt_scheme == 1
    assert [link.code for link in table_chain(table).links] == codes_of_before(table)
    assert playing_table(deals=20).receipt_scheme == 2  # a table made now


@pytest.mark.django_db(transaction=True)
def test_a_night_file_of_before_keeps_its_codes_and_a_new_one_its_scheme() -> None:
    UserFactory(username="leitung")  # who corrected a deal there
    with open(OLD_NIGHT, "rb") as file:
        imported = night_import_bytes(file.read())
    for table in imported.tables.all():
        assert table.receipt_scheme == 1
        assert [link.code for link in table_chain(table).links] == codes_of_before(table)

    table = playing_table(deals=20)
    enter(table, 0, "3 gewonnen")
    data = json.loads(night_export_bytes(tournament=table.tournament))
    assert [row["receipt_scheme"] for row in data["tables"]] == [2]
    data["tournament"]["name"] = "Preisfipsen again"
    again = night_import_bytes(json.dumps(data).encode()).tables.get()
    assert again.receipt_scheme == 2
    assert table_chain(again).links == table_chain(table).links
