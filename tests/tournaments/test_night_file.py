"""The night file's registry (tournaments/night_file.py): an app's rows go into every table of
the file under the app's key and come back inside the frame's one transaction; a part that
refuses its rows makes the frame refuse the file and save nothing."""

from collections.abc import Sequence
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.management import call_command

from scoring.night_file.transfer import NightFileError, night_export, night_import
from tests.scoring.helpers import enter, playing_table
from tournaments import night_file
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


class Notes:
    """A made-up app that keeps one note per table (here: only what it was given)."""

    def __init__(self) -> None:
        self.read: list[tuple[int, int, Any]] = []

    def export(
        self, *, tournament: Tournament, tables: Sequence[Table]
    ) -> dict[int, list[dict[str, Any]]]:
        return {table.pk: [{"note": f"Tisch {table.number}"}] for table in tables}

    def import_(self, *, table: Table, players: int, items: Any) -> None:
        if items == [{"note": "verboten"}]:
            raise ValidationError("Tisch %(table)s: diese Notiz nicht.", params={"table": 1})
        self.read.append((table.number, players, items))


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as the apps filled it, given back unchanged after the test."""
    monkeypatch.setattr(night_file, "_TABLE", night_file._TABLE.copy())
    monkeypatch.setattr(night_file, "_NIGHT", night_file._NIGHT.copy())


def wipe() -> None:
    call_command("flush", interactive=False, verbosity=0)


def test_every_app_s_rows_are_registered_in_the_file_s_order() -> None:
    """Scoring's, the race's and Tippen's, from their apps' ready(): in INSTALLED_APPS' order,
    which is the order of the keys in every file written so far."""
    assert [part.key for part in night_file.table_rows()] == [
        "deals_played",
        "race_deals",
        "pot_deals",
    ]
    assert [part.key for part in night_file.night_rows()] == ["prizes"]


@pytest.mark.usefixtures("registry")
def test_a_registered_part_writes_its_rows_into_every_table_and_reads_them_back() -> None:
    notes = Notes()
    night_file.register(night_file.TableRows("notes", notes.export, notes.import_))
    table = playing_table()
    enter(table, 0, "3 gewonnen")

    data = night_export(tournament=table.tournament)
    assert list(data["tables"][0])[-1] == "notes"  # after the parts registered before it
    assert data["tables"][0]["notes"] == [{"note": "Tisch 1"}]
    wipe()
    night_import(data)

    assert notes.read == [(1, 4, [{"note": "Tisch 1"}])]


@pytest.mark.usefixtures("registry")
def test_a_file_from_before_a_part_reads_an_empty_list_unless_the_part_is_required() -> None:
    notes = Notes()
    night_file.register(night_file.TableRows("notes", notes.export, notes.import_))
    data = night_export(tournament=playing_table().tournament)
    del data["tables"][0]["notes"]
    wipe()

    night_import(data)
    assert notes.read == [(1, 4, [])]

    wipe()
    del data["tables"][0]["deals_played"]  # scoring's: every file has it
    with pytest.raises(NightFileError, match="deals_played"):
        night_import(data)


@pytest.mark.usefixtures("registry")
def test_a_part_that_refuses_its_rows_makes_the_file_refused_and_saves_nothing() -> None:
    notes = Notes()
    night_file.register(night_file.TableRows("notes", notes.export, notes.import_))
    data = night_export(tournament=playing_table().tournament)
    data["tables"][0]["notes"] = [{"note": "verboten"}]
    wipe()

    with pytest.raises(NightFileError, match="Tisch 1: diese Notiz nicht"):
        night_import(data)

    assert Tournament.objects.count() == 0


@pytest.mark.usefixtures("registry")
def test_a_night_part_writes_its_rows_once_at_the_top_level() -> None:
    read: list[Any] = []
    night_file.register(
        night_file.NightRows(
            "menu",
            lambda *, tournament: [{"dish": "Grünkohl"}],
            lambda *, tournament, items: read.append((tournament.name, items)),
        )
    )
    data = night_export(tournament=playing_table().tournament)
    assert list(data)[-1] == "menu"
    wipe()

    night_import(data)

    assert read == [("Preisfipsen", [{"dish": "Grünkohl"}])]


@pytest.mark.usefixtures("registry")
def test_the_same_part_again_changes_nothing_another_under_its_key_is_refused() -> None:
    notes = Notes()
    part = night_file.TableRows("notes", notes.export, notes.import_)
    night_file.register(part)
    night_file.register(part)
    assert [p.key for p in night_file.table_rows()].count("notes") == 1

    with pytest.raises(ImproperlyConfigured, match="notes"):
        night_file.register(night_file.TableRows("notes", notes.export, notes.import_, True))
