"""No figure changes when deals store their seats' changes (issue 27): a night of each scored
rule set (Großenaspe's with a table of five, where each opponent gains and the dealer sits
out), exported by the code before (``nights_before_changes/make.py``, commit b4ec6e2) with
every figure it showed then, is imported and shows the same figures (each table's totals, its
sheet's values and running totals, the PDF's lines, the standings), exports as the same file,
byte for byte; and migration 0015, run on its deals stripped of their changes (as they were
stored before), gives them the same changes, so the same figures again. Runs on SQLite and
PostgreSQL."""

import importlib
import json
from pathlib import Path

import pytest
from django.db import connection

from scoring.models import SEAT_CHANGE_FIELDS, Deal
from scoring.night_file.transfer import night_export_bytes, night_import_bytes
from tests.scoring.night_figures_helpers import night_figures
from tournaments.ledger.entries import tournament_totals_refresh
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

NIGHTS = Path(__file__).parent / "nights_before_changes"
RULE_SETS = ("prisdorf", "grossenaspe", "ansegger", "duttfips")
migration = importlib.import_module("scoring.migrations.0015_deal_seat_changes")


def _before(rule_set: str) -> tuple[bytes, dict[str, object]]:
    content = (NIGHTS / f"{rule_set}.json").read_bytes()
    return content, json.loads((NIGHTS / f"{rule_set}.figures.json").read_text())


def test_the_nights_of_before_have_what_the_changes_must_keep() -> None:
    """Großenaspe's night has a table of five and opponents who gain: the case to keep."""
    night = json.loads((NIGHTS / "grossenaspe.json").read_bytes())
    assert sorted(len(table["seats"]) for table in night["tables"]) == [4, 5]
    gains = [deal["opponents_score"] for t in night["tables"] for deal in t["deals_played"]]
    assert any(gains)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_night_of_before_imports_with_every_figure_and_exports_as_it_was(rule_set: str) -> None:
    content, figures = _before(rule_set)

    imported = night_import_bytes(content)

    assert night_figures(imported) == figures
    assert night_export_bytes(tournament=imported) == content


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_migration_gives_the_deals_of_before_their_changes(rule_set: str) -> None:
    content, figures = _before(rule_set)
    imported = night_import_bytes(content)
    deals = Deal.objects.filter(table__tournament=imported)
    scored = {deal.pk: deal.seat_changes for deal in deals}
    deals.update(**dict.fromkeys(SEAT_CHANGE_FIELDS, 0))  # as stored before 0015

    with connection.schema_editor() as editor:
        migration.fill(None, editor)
    tournament_totals_refresh(tournament=imported)

    assert {deal.pk: deal.seat_changes for deal in deals} == scored
    assert night_figures(Tournament.objects.get(pk=imported.pk)) == figures
