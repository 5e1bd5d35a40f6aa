"""A Preisskat night in the night's file (issue 28, "Bad input"): it goes out and comes back
with the same lists; a file whose game the rules refuse (Kontra where the club plays without
it, an overbid written as won, a declarer who sat out) is refused in German, nothing saved."""

import io
import json
from typing import Any

import pytest
from django.core.management import call_command

from scoring.models import Deal
from scoring.night_file.transfer import NightFileError, night_export_bytes, night_import_bytes
from scoring.standings import selectors as standings
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]


def _exported() -> dict[str, Any]:
    call_command("demo_night", rules="preisskat", players=7, seed=3, deals=6, stdout=io.StringIO())
    tournament = Tournament.objects.get()
    data: dict[str, Any] = json.loads(night_export_bytes(tournament=tournament))
    tournament_points = sorted(s.points for s in standings.standings(tournament=tournament))
    call_command("flush", interactive=False, verbosity=0)
    data["_points"] = tournament_points
    return data


def test_a_preisskat_night_goes_out_and_comes_back() -> None:
    data = _exported()
    points = data.pop("_points")
    imported = night_import_bytes(json.dumps(data).encode())
    assert imported.rule_set == "preisskat"
    assert sorted(s.points for s in standings.standings(tournament=imported)) == points


def _first_game(data: dict[str, Any]) -> dict[str, Any]:
    deals = data["tables"][0]["deals_played"]
    deal: dict[str, Any] = next(d for d in deals if d.get("declarer") is not None)
    return deal


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("Kreuz mit 1 Kontra gewonnen", "Dieses Turnier wird ohne Kontra und Re gespielt."),
        ("Karo ohne 1 gewonnen Reizung 22", "ein überreiztes Spiel ist verloren"),
        ("Pik mit 1 Schneider angesagt verloren", "nur in einem Handspiel angesagt"),
    ],
)
def test_a_game_the_rules_refuse_is_refused_and_nothing_saved(game: str, message: str) -> None:
    data = _exported()
    data.pop("_points")
    _first_game(data)["game"] = game
    with pytest.raises(NightFileError) as refused:
        night_import_bytes(json.dumps(data).encode())
    assert message in str(refused.value)
    assert not Tournament.objects.exists()
    assert not Deal.objects.exists()


def test_a_declarer_who_sat_out_is_refused() -> None:
    data = _exported()
    data.pop("_points")
    table = next(t for t in data["tables"] if len(t["seats"]) == 4)
    deal = next(d for d in table["deals_played"] if d.get("declarer") is not None)
    deal["declarer"] = deal["dealer"]
    with pytest.raises(NightFileError) as refused:
        night_import_bytes(json.dumps(data).encode())
    assert "hat gegeben und setzt in diesem Spiel aus" in str(refused.value)
    assert not Tournament.objects.exists()
