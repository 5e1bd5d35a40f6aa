"""The captain's tiles for Großenaspe (SPEC C3): taps become the game the rules score."""

from types import SimpleNamespace
from typing import Any

import pytest

from fipsen_rules import Grossenaspe
from scoring.forms import DealForm

pytestmark = pytest.mark.django_db


def _seats(count: int = 4) -> list[Any]:
    names = ["Anna", "Bernd", "Carla", "Dieter", "Erna"][:count]
    return [
        SimpleNamespace(position=i, registration=SimpleNamespace(player=SimpleNamespace(name=n)))
        for i, n in enumerate(names)
    ]


def _form(kloppen: bool = False, **taps: str) -> DealForm:
    data = {"sequence": "1", "submission": "9f1c6a3e-6a1b-4a55-9c62-0a4f1c2b3d4e", **taps}
    return DealForm(data, seats=_seats(), vocabulary=Grossenaspe(kloppen=kloppen).vocabulary)


@pytest.mark.parametrize(
    ("taps", "game"),
    [
        ({"contract": "3", "result": "won"}, "3 gewonnen"),
        ({"contract": "3", "gute": "on", "result": "beet"}, "3 Gute beet"),
        ({"contract": "2", "kreuz": "on", "result": "won"}, "2 Kreuz gewonnen"),
        ({"contract": "3", "durch": "on", "result": "lost"}, "3 Durch verloren"),
        ({"contract": "4", "result": "pott_beet"}, "4 pott beet"),
        ({"contract": "kieker", "kreuz": "on", "result": "won"}, "Kieker Kreuz gewonnen"),
        ({"contract": "kieker", "result": "surrendered"}, "Kieker aufgegeben"),
        ({"contract": "fips", "gute": "on", "result": "lost"}, "Fips Gute verloren"),
        ({"contract": "passed"}, "alle gepasst"),
    ],
)
def test_taps_become_the_game(taps: dict[str, str], game: str) -> None:
    form = _form(declarer="1", **taps)
    assert form.is_valid(), form.errors
    assert str(form.cleaned_data["game"]) == game


def test_geklopft_only_where_the_tournament_agreed_kloppen() -> None:
    assert "geklopft" not in _form().fields
    form = _form(kloppen=True, declarer="0", contract="3", result="won", geklopft="on")
    assert form.is_valid(), form.errors
    assert str(form.cleaned_data["game"]) == "3 gewonnen geklopft"
    assert "geklopft" in form.tiles_html()


def test_gute_and_kreuz_together_are_refused_on_the_tile() -> None:
    form = _form(declarer="0", contract="3", gute="on", kreuz="on", result="won")
    assert not form.is_valid()
    assert "kreuz" in form.errors


def test_the_tiles_show_the_games_of_grossenaspe() -> None:
    html = _form().tiles_html()
    for word in ("Kieker", "Fips", "Gute", "Kreuz", "Durch", "beet", "pott beet"):
        assert word in html
    for word in ("Siebener", "Hand", "Ruten", "Kontra"):
        assert word not in html
