"""The migrations that put every deal in the one entry ledger lose no row: a night with
scored, race and Tippen deals and corrections of each, migrated back to before the ledger and
forward again, has every deal and every line of history as it was; a scored deal corrected
before gets the time of its last correction."""

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Model

from fipsen_rules import Game
from games.thedinghausen import services as race_services
from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.tippen import services as pot_services
from games.tippen.models import PotDeal, PotDealChange
from scoring import services
from scoring.models import Deal, DealChange
from tests.scoring.helpers import enter, playing_table
from tests.thedinghausen.helpers import deals_entered as race_deals_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pot_deals_entered
from tests.tippen.helpers import tippen_table

BEFORE = [("scoring", "0009_deal_seats_of_tables_of_five"), ("races", "0003_race_deal_changes"),
          ("pots", "0002_pot_deal_changes")]  # fmt: skip
MODELS: list[type[Model]] = [Deal, DealChange, RaceDeal, RaceDealChange, PotDeal, PotDealChange]


def rows() -> dict[str, list[dict[str, Any]]]:
    """Every row of the ledger's tables, by model, as the database has them."""
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in MODELS}


@pytest.mark.django_db(transaction=True)
def test_every_deal_and_change_survives_the_ledger_s_migrations() -> None:
    table = playing_table()
    enter(table, 0, "3 +")
    deal = enter(table, 1, "2 -")
    services.deal_correct(deal=deal, declarer=1, game=Game.parse("3 -"))
    corrected = services.deal_correct(deal=deal, declarer=1, game=Game.parse("4 -"))
    (race_deal,) = race_deals_entered(race_table(), [2, 1, 1, 1, 0])
    race_services.race_deal_correct(deal=race_deal, counts=[1, 2, 1, 1, 0])
    (pot_deal,) = pot_deals_entered(tippen_table(3), "1 1 1")
    pot_services.pot_deal_correct(deal=pot_deal, taps=[None, None, 0])
    last_correction = DealChange.objects.filter(action="corrected").latest("pk").created_at
    assert corrected.corrected_at is not None
    before = rows()

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    after = rows()
    for deal_row in after["Deal"]:
        assert deal_row["corrected_at"] == (last_correction if deal_row["id"] == deal.pk else None)
    assert after == {
        **before,
        "Deal": [{**row, "corrected_at": row["corrected_at"] and last_correction}
                 for row in before["Deal"]],
    }  # fmt: skip
    assert all(len(before[model.__name__]) >= 1 for model in MODELS)
