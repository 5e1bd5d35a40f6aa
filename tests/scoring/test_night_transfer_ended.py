"""A table ended early travels in the night's file (scoring/night_file/transfer.py, version 5): its
time, the deals it played and the reason come back after export → wipe → import, for every
rule set, so the standings, sheets and pages still say it stopped early; a file with a broken
value is refused and saves nothing; an older file (no such fields) imports as not ended early.
Runs on SQLite and PostgreSQL (make test)."""

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command

from scoring import services
from scoring.night_file.transfer import NightFileError, night_export, night_import_bytes
from tests.scoring.helpers import playing_table
from tests.thedinghausen import helpers as races
from tests.tippen import helpers as pots
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]

REASON = "Heinz musste gehen"


def _prisdorf() -> Table:
    return playing_table(deals=12, played=5)


def _race() -> Table:
    table = Table.objects.get(tournament=races.race_night(4))
    races.deals_entered(table, (2, 1, 1, 1), (1, 1, 1, 2))
    return table


def _tippen() -> Table:
    table = Table.objects.get(tournament=pots.tippen_night(3))
    pots.deals_entered(table, "1 1 1", "- - -")
    return table


NIGHTS: dict[str, Callable[[], Table]] = {
    "prisdorf": _prisdorf,
    "race": _race,
    "tippen": _tippen,
}


@pytest.fixture(params=NIGHTS)
def ended(request: pytest.FixtureRequest) -> Tournament:
    """A night whose (only) table the organiser ended early."""
    table = NIGHTS[request.param]()
    services.table_end_early(table=table, reason=REASON, user=None)
    return table.tournament


def wipe() -> None:
    call_command("flush", interactive=False, verbosity=0)


def _state(table: Table) -> tuple[Any, ...]:
    at = table.ended_early_at
    assert at is not None
    return (
        at.replace(microsecond=at.microsecond // 1000 * 1000),  # the file keeps milliseconds
        table.ended_early_after,
        table.ended_early_reason,
        table.ended_early_note,
    )


def test_a_table_ended_early_comes_back_ended_early_with_its_note(ended: Tournament) -> None:
    before = _state(Table.objects.get(tournament=ended))
    exported = night_export(tournament=ended)
    assert exported["preisfipsen_night"] == 5
    wipe()

    imported = night_import_bytes(json.dumps(exported).encode())

    table = Table.objects.get(tournament=imported)
    assert table.ended_early
    assert not table.is_open_for_entry
    assert _state(table) == before
    assert REASON in table.ended_early_note
    assert night_export(tournament=imported) == exported


def test_a_file_before_version_5_imports_as_not_ended_early(ended: Tournament) -> None:
    data = night_export(tournament=ended)
    wipe()
    data["preisfipsen_night"] = 4
    for item in data["tables"]:
        for name in ("ended_early_at", "ended_early_after", "ended_early_reason"):
            del item[name]

    imported = night_import_bytes(json.dumps(data).encode())

    table = Table.objects.get(tournament=imported)
    assert not table.ended_early
    assert (table.ended_early_after, table.ended_early_reason) == (None, "")


BROKEN: dict[str, tuple[str, Any]] = {
    "time no time": ("ended_early_at", "gestern"),
    "deals played negative": ("ended_early_after", -3),
    "deals played as words": ("ended_early_after", "fünf"),
    "reason too long": ("ended_early_reason", "x" * 201),
    "no reason": ("ended_early_reason", ""),
    "no time but deals played": ("ended_early_at", None),
    "time but no deals played": ("ended_early_after", None),
    "a field left out": ("ended_early_after", KeyError),
}


@pytest.mark.parametrize("change", BROKEN)
def test_a_broken_end_is_refused_and_saves_nothing(ended: Tournament, change: str) -> None:
    data = night_export(tournament=ended)
    wipe()
    name, value = BROKEN[change]
    if value is KeyError:
        del data["tables"][0][name]
    else:
        data["tables"][0][name] = value

    with pytest.raises(NightFileError, match="nichts"):
        night_import_bytes(json.dumps(data).encode())

    assert Tournament.objects.count() == 0
    assert Table.objects.count() == 0
