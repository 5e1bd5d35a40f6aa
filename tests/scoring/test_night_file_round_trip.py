"""Night files made before each app owned its rows (issue 17, item 5) still import, and the
night exported again is the same file, byte for byte: the format did not change.

``night_files/<rule set>.json`` were written by the code of commit 5a12097 (the race's and
Tippen's rows still inside scoring), one demo night of each rule set the app plays
(``scoring.demo.demo_night_play``: 4 players, 5 for the race; seed 17; five deals a table),
with one correction by the organiser "leitung" where a correction was at hand (Prisdorf, the
race, Tippen). ``preisskat.json`` came later (issue 28): written by the code that added
Preisskat, in the same way, its first game corrected by "leitung". Runs on SQLite and
PostgreSQL (make test)."""

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.models import Deal, DealChange
from scoring.night_file.transfer import night_export_bytes, night_import_bytes
from tests.factories import UserFactory
from tests.night_file_helpers import without_accounts
from tournaments.rule_choice import playable

pytestmark = pytest.mark.django_db(transaction=True)

FILES = Path(__file__).parent / "night_files"


def json_bytes(data: Any) -> bytes:
    """As night_export_bytes writes a night."""
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


def test_there_is_a_file_of_every_rule_set() -> None:
    assert sorted(path.stem for path in FILES.glob("*.json")) == sorted(playable())


@pytest.mark.parametrize("rule_set", playable())
def test_a_night_file_from_before_imports_and_exports_as_the_same_file(rule_set: str) -> None:
    content = (FILES / f"{rule_set}.json").read_bytes()
    UserFactory(username="leitung")  # who corrected a deal there has a namesake here

    imported = night_import_bytes(content)

    assert imported.rule_set == rule_set
    # The same file, but for who made each history line: given to no account here.
    expected = without_accounts(json.loads(content))
    assert night_export_bytes(tournament=imported) == json_bytes(expected)


def test_a_deal_corrected_is_marked_corrected_at_its_last_correction() -> None:
    """The file has no deal's ``corrected_at`` (the ledger added it after the format): it
    comes from the deal's history, as the ledger's migration set it."""
    UserFactory(username="leitung")
    imported = night_import_bytes((FILES / "prisdorf.json").read_bytes())

    corrected = Deal.objects.get(table__tournament=imported, corrected_at__isnull=False)
    last = corrected.changes.filter(action=DealChange.Action.CORRECTED).latest("created_at")
    assert corrected.corrected_at == last.created_at
