"""The file records move from tournaments to printing (issue 11) without losing one: each keeps
its id, its file, its error and its time, the tournament becomes the owner's key; migrating
back returns them, and forward again finds printing's table empty."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tournaments", "0010_table_retired_token")]
AFTER = [("tournaments", "0011_generated_files_to_printing")]
CREATED = timezone.make_aware(datetime.datetime(2026, 11, 21, 19, 30))


def _migrate(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return MigrationExecutor(connection)


def _fields(row: object) -> tuple[object, ...]:
    return tuple(getattr(row, name) for name in ("kind", "filename", "file", "error", "created_at"))


@pytest.mark.django_db(transaction=True)
def test_the_files_move_to_printing_and_back() -> None:
    executor = _migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    tournament = old.get_model("tournaments", "Tournament").objects.create(
        name="Herbstpreis", date=datetime.date(2026, 11, 21)
    )
    files = old.get_model("tournaments", "GeneratedFile")
    files._meta.get_field("created_at").auto_now_add = False
    cards = files.objects.create(
        tournament=tournament, kind="table_cards", filename="Tischkarten.pdf",
        file="files/2026/11/a.pdf", created_at=CREATED, expires_at=CREATED,
    )  # fmt: skip
    orphan = files.objects.create(
        kind="ranking", filename="Siegerliste.pdf", error="kaputt", created_at=CREATED,
        expires_at=CREATED,
    )  # fmt: skip

    executor = _migrate(AFTER)
    moved = executor.loader.project_state(AFTER).apps.get_model("printing", "GeneratedFile")
    by_id = {row.pk: row for row in moved.objects.all()}
    assert by_id[cards.pk].owner == f"tournament:{tournament.pk}"
    assert by_id[orphan.pk].owner == ""
    assert [_fields(by_id[row.pk]) for row in (cards, orphan)] == [
        _fields(row) for row in (cards, orphan)
    ]

    executor = _migrate(BEFORE)
    back = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "GeneratedFile")
    assert {row.pk: row.tournament_id for row in back.objects.all()} == {
        cards.pk: tournament.pk,
        orphan.pk: None,
    }
    executor = _migrate(executor.loader.graph.leaf_nodes())
    assert (
        executor.loader.project_state(executor.loader.graph.leaf_nodes())
        .apps.get_model("printing", "GeneratedFile")
        .objects.count()
        == 2
    )
