"""A night file from outside is checked as strictly as a form (issue 18, item 3): what a
hostile tester slipped through, each refused with its place named in German and nothing
saved; or, where it is no fault of the file, imported safely. Runs on SQLite and PostgreSQL.

The files are those of ``night_files/`` (one exported night of each rule set), spoilt."""

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from games.thedinghausen.models import RaceDeal
from games.tippen.models import PotDeal
from scoring.models import Deal, DealChange
from scoring.night_file.transfer import NightFileError, night_import_bytes
from tests.factories import UserFactory
from tournaments.models import Player, Seat, Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]

FILES = Path(__file__).parent / "night_files"
Data = dict[str, Any]


def night(rule_set: str = "prisdorf") -> Data:
    data: Data = json.loads((FILES / f"{rule_set}.json").read_bytes())
    return data


def saved() -> dict[str, int]:
    models = (Tournament, Player, Table, Seat, Deal, DealChange, RaceDeal, PotDeal)
    return {model.__name__: model.objects.count() for model in models}


def refused(data: Data, message: str) -> str:
    """Import ``data``: refused with ``message`` in what it says, and nothing saved."""
    with pytest.raises(NightFileError) as error:
        night_import_bytes(json.dumps(data).encode())
    assert message in str(error.value)
    assert set(saved().values()) == {0}
    return str(error.value)


def first_deal(data: Data) -> Data:
    deal: Data = data["tables"][0]["deals_played"][0]
    return deal


SPOILT: dict[str, tuple[Callable[[Data], None], str]] = {
    "empty board token": (
        lambda d: d["tournament"].update(board_token=""),
        "Das Turnier",
    ),
    "<script> board token": (
        lambda d: d["tournament"].update(board_token="<script>alert(1)</script>"),
        "ist kein Link von Preisfipsen",
    ),
    "table token a": (
        lambda d: d["tables"][0].update(token="a"),
        "Tisch 1: „a“ ist kein Link von Preisfipsen",
    ),
    "empty state": (lambda d: d["tournament"].update(state=""), "Das Turnier"),
    "state unknown": (lambda d: d["tournament"].update(state="gewonnen"), "Das Turnier"),
    "3 gewonnen scores 999": (
        lambda d: first_deal(d).update(game="3 gewonnen", score=999),
        "Tisch 1, Spiel 1: „3 gewonnen“ zählt nach diesen Regeln nicht 999.",
    ),
    "a table without seats": (
        lambda d: d["tables"][0].update(seats=[]),
        "Tisch 1: Ein Tisch dieser Regeln hat",
    ),
    "a seat twice": (
        lambda d: d["tables"][0]["seats"].append(d["tables"][0]["seats"][0]),
        "Tisch 1",
    ),
    "time of year 1": (
        lambda d: d["tournament"].update(created_at="0001-01-01T00:00:00+14:00"),
        "Das Turnier, created_at: „0001-01-01T00:00:00+14:00“ ist keine Uhrzeit eines Abends",
    ),
    "time without zone": (
        lambda d: first_deal(d).update(created_at="2026-11-27T16:16:56"),
        "Tisch 1, Spiel 1, created_at",
    ),
    "a date far away": (lambda d: d["tournament"].update(date="9999-12-31"), "Das Turnier"),
    "NUL in a name": (
        lambda d: d["players"][0].update(name="Anna\x00Möller"),
        "Spieler 1, name: Bitte entfernen Sie die unsichtbaren Steuerzeichen",
    ),
    "NUL in a history line": (
        lambda d: first_deal(d)["changes"][0].update(after="x\x00"),
        "Tisch 1, Spiel 1, Änderung 1, after",
    ),
    "NUL in the rule options": (
        lambda d: d["tournament"]["rule_options"].update({"x\x00": 1}),
        "Das Turnier, rule_options",
    ),
    "receipts of a way there is not": (  # the fuzz's find: the table's sheet then failed
        lambda d: d["tables"][0].update(receipt_scheme=3),
        "Tisch 1: die Quittungen dieses Tisches nennen eine Art, die es nicht gibt: 3.",
    ),
    "an unknown key": (lambda d: first_deal(d).update(bonus=5), "Unbekanntes Feld „bonus“"),
    "an unknown key at the top": (lambda d: d.update(extra=[]), "Unbekanntes Feld „extra“"),
    "a number as true": (lambda d: first_deal(d).update(dealer=True), "Tisch 1, Spiel 1, dealer"),
    "a negative number": (lambda d: first_deal(d).update(score=-5), "Tisch 1, Spiel 1"),
    "a huge number": (lambda d: d["tables"][0].update(deals=10**30), "Tisch 1"),
    "a user name not text": (
        lambda d: first_deal(d)["changes"][0].update(user=["leitung"]),
        "Tisch 1, Spiel 1, Änderung 1",
    ),
}


@pytest.mark.parametrize("spoil", SPOILT)
def test_a_spoilt_field_is_refused_with_its_place_and_saves_nothing(spoil: str) -> None:
    data = night()
    change, message = SPOILT[spoil]
    change(data)
    refused(data, message)


@pytest.mark.parametrize("version", [True, "5", 5.0, None])
def test_a_version_that_is_no_whole_number_is_no_night(version: object) -> None:
    data = night()
    data["preisfipsen_night"] = version
    refused(data, "kein von Preisfipsen exportiertes Turnier")


def test_a_refused_file_leaves_the_pages_and_the_backup_working(
    organiser: Client, tmp_path: Path
) -> None:
    data = night()
    data["tournament"]["created_at"] = "0001-01-01T00:00:00+14:00"
    refused(data, "created_at")

    assert organiser.get("/").status_code == 200
    call_command("backup", output=tmp_path / "sicherung.json", format="json", verbosity=0)


def test_a_history_line_is_never_given_to_an_account_here() -> None:
    """A name in a file proves nothing: "leitung" may be anyone's, so the line keeps its
    words and gets no account."""
    UserFactory(username="leitung", is_staff=True)
    data = night()
    assert any(c["user"] == "leitung" for c in first_deal(data)["changes"])

    night_import_bytes(json.dumps(data).encode())

    assert DealChange.objects.count() > 0
    assert not DealChange.objects.filter(user__isnull=False).exists()


@pytest.mark.parametrize(("rule_set", "model"), [("thedinghausen", RaceDeal), ("tippen", PotDeal)])
def test_a_night_again_under_another_name_gets_new_submission_ids(
    rule_set: str, model: type[RaceDeal | PotDeal]
) -> None:
    """The ids only tell a form sent twice; an entry of a file is done, so one that is taken
    here gets a new id (as scoring's deals always did), not an IntegrityError."""
    data = night(rule_set)
    night_import_bytes(json.dumps(data).encode())
    again = copy.deepcopy(data)
    again["tournament"]["name"] = "Noch einmal"

    imported = night_import_bytes(json.dumps(again).encode())

    deals = model.objects.filter(table__tournament=imported)
    assert deals.count() == model.objects.count() // 2 > 0
    assert model.objects.values("submission").distinct().count() == model.objects.count()


def test_a_race_deal_refused_names_its_table_once() -> None:
    data = night("thedinghausen")
    data["tables"][0]["race_deals"][1]["sequence"] = 7
    message = refused(data, "Tisch 1: ")
    assert message.count("Tisch 1") == 1, message
