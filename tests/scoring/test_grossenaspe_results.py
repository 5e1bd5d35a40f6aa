"""The captain's messages of a Großenaspe deal whose result is missing or wrong name exactly the
results that game can have (SPEC C3.2: won, beet, pott beet; Kieker won, lost, surrendered;
Fips won or lost; Durch won or lost), and tapping any of them gives an entry the rules take:
no message sends the captain to a result that is refused in turn."""

import re
from dataclasses import replace

import pytest
from django.utils.translation import gettext

from fipsen_rules import GROSSENASPE, FipsenError, GrossenaspeGame
from fipsen_rules.grossenaspe_game import AspeKind, Ending
from scoring.evaluation import score_deal
from scoring.forms import DealForm
from tournaments.models import Player, Registration, Seat, Tournament

pytestmark = pytest.mark.usefixtures("german")

NAMES = ("Anna", "Bernd", "Carla", "Dieter")
#: Every game head (the game but its ending) of the library's possible games, and its endings.
HEADS: dict[GrossenaspeGame, set[Ending]] = {}
for _game in GROSSENASPE.games():
    _head = GrossenaspeGame(_game.kind, _game.tricks, _game.gute, _game.kreuz, _game.durch)
    HEADS.setdefault(_head, set()).add(_game.ending)  # type: ignore[arg-type]
CONTRACT = {AspeKind.KIEKER: "kieker", AspeKind.FIPS: "fips"}


def _taps(head: GrossenaspeGame, ending: Ending | None) -> dict[str, str]:
    taps = {"sequence": "1", "submission": "2b7c1f4e-1d2c-4c1e-9a37-0f8c1a2b3c4d", "declarer": "0"}
    taps["contract"] = CONTRACT.get(head.kind) or str(head.tricks)
    taps |= {flag: "on" for flag in ("gute", "kreuz", "durch") if getattr(head, flag)}
    return taps | ({"result": ending.value} if ending else {})


def _entered(head: GrossenaspeGame, ending: Ending | None) -> DealForm:
    """The captain's form with these taps, and what the rules make of it (as the preview
    and the save do)."""
    seats = [
        Seat(position=i, registration=Registration(player=Player(name=name)))
        for i, name in enumerate(NAMES)
    ]
    form = DealForm(_taps(head, ending), seats=seats, vocabulary=GROSSENASPE.vocabulary)
    assert form.is_valid(), form.errors
    tournament = Tournament(rule_set="grossenaspe", rule_options={"kloppen": False})
    try:
        score_deal(tournament=tournament, seats=(0, 1, 2, 3), declarer=0,
                   game=form.cleaned_data["game"])  # fmt: skip
    except FipsenError as error:
        form.add_refusal(error)
    return form


def _suggested(message: str) -> set[Ending]:
    """The results a message names, as the tiles are labelled."""
    labels = {gettext(tile.label): Ending(tile.value) for tile in GROSSENASPE.vocabulary.results}
    return {labels[word] for word in re.findall(r"„([^“]+)“", message) if word in labels}


@pytest.mark.parametrize("head", list(HEADS), ids=str)
def test_following_a_result_message_gives_an_entry_the_rules_take(head: GrossenaspeGame) -> None:
    allowed = HEADS[head]
    for ending in [None, *(e for e in Ending if e not in allowed)]:
        form = _entered(head, ending)
        messages = form.errors.get("result")
        if messages is None:  # Kieker Kreuz aufgegeben: Kreuz is refused, the result is not
            (flag,) = form.errors
            assert form.errors[flag] == [
                f"{head.kind.title()} aufgegeben wird ohne Kreuz gespielt – "
                "„Kreuz“ noch einmal antippen, um es abzuwählen."
            ]
            assert not _entered(replace(head, **{flag: False}), ending).errors
            continue
        named = {e for message in messages for e in _suggested(message)} - {ending}
        assert named == allowed, (str(head), ending, messages)
        for suggestion in named:
            assert not _entered(head, suggestion).errors, (str(head), suggestion)


def test_a_kieker_tapped_beet_is_told_its_three_results() -> None:
    form = _entered(GrossenaspeGame(AspeKind.KIEKER), Ending.BEET)
    assert form.errors["result"] == [
        "Kieker endet mit „gewonnen“, „verloren“ oder „aufgegeben“, nicht mit „beet“: "
        "Tippe eins davon an."
    ]
    form = _entered(GrossenaspeGame(AspeKind.NUMBER, 3), None)
    assert form.errors["result"] == [
        "Tippe an, wie 3 ausging: „gewonnen“, „beet“ oder „pott beet“."
    ]
    assert gettext("won") == "gewonnen"
