"""The shape every rule set has, the registry by name, and the direction of the imports of
codes, messages and errors (issue 11 item 4, issue 12 "The rules library")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fipsen_rules import (
    PRISDORF,
    RULE_SETS,
    Code,
    DealEntry,
    Game,
    InvalidEntryError,
    Prisdorf,
    RulesError,
    ScoredRuleSet,
    rule_set,
    scored_rule_set,
)
from fipsen_rules.rulesets import scored_rule_sets

PACKAGE = Path(__file__).resolve().parents[2] / "fipsen_rules"


def imported_modules(module: str) -> set[str]:
    """Every fipsen_rules module ``module`` imports, at any depth of its code."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fipsen_rules"):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("fipsen_rules")}
    return found


@pytest.mark.parametrize(
    ("module", "must_not_import"),
    [
        ("codes", {"fipsen_rules.messages", "fipsen_rules.errors"}),
        ("messages", {"fipsen_rules.errors"}),
    ],
)
def test_codes_messages_errors_import_one_way(module: str, must_not_import: set[str]) -> None:
    """Issue 11 item 4: no circle between errors and messages, not even a late import."""
    assert not imported_modules(module) & must_not_import


@pytest.mark.parametrize("first", ["errors", "messages", "codes"])
def test_each_of_them_imports_on_its_own(first: str) -> None:
    code = f"import fipsen_rules.{first}; from fipsen_rules.errors import FipsenError, Code; "
    code += "print(FipsenError.of(Code.SEAT, seat=5, players=4))"
    process = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
        check=False,
        timeout=60,
    )
    assert process.stdout == "Seat 5 does not exist at a table of 4.\n", process.stderr


def test_every_registered_name_is_its_rule_sets_name() -> None:
    for name, registration in RULE_SETS.items():
        assert registration.name == name == registration().name


@pytest.mark.parametrize("name", sorted(scored_rule_sets()))
def test_every_scored_rule_set_has_the_shape(name: str) -> None:
    rules: ScoredRuleSet[Any] = scored_rule_set(name)
    assert dict(rules.options) == {o.name: o.default for o in RULE_SETS[name].options}
    assert rules.table_sizes == tuple(sorted(rules.table_sizes))
    assert all(rules.deals_at(size) >= 1 for size in rules.table_sizes)
    assert list(rules.possible_scores()) == sorted(set(rules.possible_scores()))
    assert hash(rules) == hash(rule_set(name))  # a value: the web layer caches by it


def test_prisdorf_by_name_is_the_default() -> None:
    assert rule_set("prisdorf") == PRISDORF
    assert rule_set("Prisdorf", min_bid=3) == Prisdorf(min_bid=3)


def test_an_option_value_is_checked_by_the_rule_set() -> None:
    with pytest.raises(InvalidEntryError) as info:
        rule_set("prisdorf", min_bid=4)
    assert info.value.code is Code.MIN_BID_OPTION


def test_unknown_names_are_coded() -> None:
    with pytest.raises(RulesError) as unknown:
        rule_set("grosse aspe")
    assert unknown.value.code is Code.RULES_UNKNOWN
    assert unknown.value.params["rules"] == "grosse aspe"
    with pytest.raises(RulesError) as option:
        rule_set("prisdorf", kloppen=True)
    assert option.value.code is Code.RULES_OPTION_UNKNOWN
    assert option.value.params["option"] == "kloppen"


@pytest.mark.parametrize(
    "text", ["3 Hand verloren", "Kieker Ruten gewonnen", "Siebener Fips", "alle gepasst"]
)
def test_prisdorf_notation_round_trip(text: str) -> None:
    game = PRISDORF.parse(text)
    assert PRISDORF.format(game) == text
    assert PRISDORF.parse(PRISDORF.format(game)) == game


@pytest.mark.parametrize(
    ("game", "declarer", "changes"),
    [
        ("3 Hand verloren", 2, (0, 0, -12, 0)),  # SPEC A12: only the declarer scores
        ("Kieker Ruten gewonnen", 0, (20, 0, 0, 0)),
        ("alle gepasst", None, (0, 0, 0, 0)),
    ],
)
def test_evaluate_a_game_with_its_declarer(
    game: str, declarer: int | None, changes: tuple[int, ...]
) -> None:
    by_game = PRISDORF.evaluate(Game.parse(game), players=4, declarer=declarer)
    by_entry = PRISDORF.evaluate(DealEntry(Game.parse(game), declarer=declarer), players=4)
    assert by_game == by_entry
    assert by_game.score_changes == changes


def test_an_entry_names_its_own_declarer() -> None:
    with pytest.raises(TypeError):
        PRISDORF.evaluate(DealEntry(Game.parse("3 gewonnen"), declarer=1), players=4, declarer=1)
