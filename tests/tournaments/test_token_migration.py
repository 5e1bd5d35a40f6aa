"""The migration that gives boards and sheets their secrets fills every existing row with a
token of its own (a column default would give them all the same one)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0005_board")]
AFTER = [("tournaments", "0006_board_and_sheet_tokens")]


@pytest.mark.django_db(transaction=True)
def test_existing_tournaments_and_tables_get_distinct_tokens() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    tournament_model = old.get_model("tournaments", "Tournament")
    table_model = old.get_model("tournaments", "Table")
    for number in range(3):
        tournament = tournament_model.objects.create(
            name=f"Nacht {number}", date=datetime.date(2026, 11, 21)
        )
        for table in range(2):
            table_model.objects.create(
                tournament=tournament, number=table + 1, deals=100, first_dealer=0,
                token=f"t{number}{table}",
            )  # fmt: skip

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    boards = list(new.get_model("tournaments", "Tournament").objects.values_list("board_token"))
    sheets = list(new.get_model("tournaments", "Table").objects.values_list("sheet_token"))

    assert len(set(boards)) == 3
    assert len(set(sheets)) == 6
    assert all(len(token) >= 24 for (token,) in boards + sheets)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_a_tournament_finished_before_gets_its_printed_links_back() -> None:
    before = [("tournaments", "0015_race_in_the_making")]
    after = [("tournaments", "0016_table_one_link_for_the_night")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    tournament = old.get_model("tournaments", "Tournament").objects.create(
        name="Nacht", date=datetime.date(2026, 11, 21), state="finished"
    )
    table_model = old.get_model("tournaments", "Table")
    table_model.objects.create(
        tournament=tournament, number=1, deals=100, first_dealer=0,
        token="renewed-on-finish", retired_token="printed", sheet_token="s1",
    )  # fmt: skip
    table_model.objects.create(
        tournament=tournament, number=2, deals=100, first_dealer=0, token="kept", sheet_token="s2"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    tokens = new.get_model("tournaments", "Table").objects.order_by("number")

    assert list(tokens.values_list("token", flat=True)) == ["printed", "kept"]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
