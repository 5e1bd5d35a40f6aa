"""Migration 0030 keeps the money paid on each payment: every registration marked paid before
it gets its tournament's fee of then, the open ones none; no row is lost."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tournaments", "0029_table_receipt_scheme")]
AFTER = [("tournaments", "0030_registration_fee_amount")]


@pytest.mark.django_db(transaction=True)
def test_each_paid_fee_gets_its_tournaments_fee_and_no_row_is_lost() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    tournament_model = old.get_model("tournaments", "Tournament")
    player_model = old.get_model("tournaments", "Player")
    registration_model = old.get_model("tournaments", "Registration")
    now = timezone.now()
    for number, fee in enumerate([Decimal(5), Decimal("7.50"), Decimal(0)]):
        tournament = tournament_model.objects.create(
            name=f"Nacht {number}", date=datetime.date(2026, 11, 21), entry_fee=fee,
            board_token=f"board-token-{number:02d}-xxxxxxxx",
        )  # fmt: skip
        for seat in range(3):
            player = player_model.objects.create(name=f"Spieler {number}{seat}", name_key="-")
            registration_model.objects.create(
                tournament=tournament, player=player, checked_in_at=now,
                fee_paid_at=now if seat < 2 else None,
            )  # fmt: skip

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    rows = new.get_model("tournaments", "Registration").objects.order_by("pk")
    found = [(r.tournament.name, r.fee_paid_at is not None, r.fee_amount) for r in rows]

    assert found == [
        ("Nacht 0", True, Decimal("5.00")),
        ("Nacht 0", True, Decimal("5.00")),
        ("Nacht 0", False, None),
        ("Nacht 1", True, Decimal("7.50")),
        ("Nacht 1", True, Decimal("7.50")),
        ("Nacht 1", False, None),
        ("Nacht 2", True, Decimal("0.00")),
        ("Nacht 2", True, Decimal("0.00")),
        ("Nacht 2", False, None),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
