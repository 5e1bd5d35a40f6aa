"""The registry holds every rule set behind one protocol (issue 17 item 1; Preisskat, the
seventh, issue 28): each is found
by name, answers every question of :class:`fipsen_rules.ruleset.RuleSet`, checks its options,
and seats a night as the web's own functions did before the move (their outputs for 1 to 60
players are ``data/splits_before_17.json``, written from
``tournaments.draw.rule_seating.draw_split``
before it asked the library)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fipsen_rules import (
    LEDGER_TABLE_DEALS,
    RULE_SETS,
    Code,
    FipsenError,
    InvalidEntryError,
    NotationError,
    Race,
    Ranking,
    RulesError,
    SeatingError,
    Thedinghausen,
    Tippen,
    TippenDeal,
    TippenRules,
    is_scored,
    rule_set,
    scored_rule_set,
)
from fipsen_rules.ruleset import SHARED_PLACE, TIE_BREAK_ORDER, LedgerRuleSet, Option, RuleSet

ALL_SEVEN = [
    "ansegger",
    "duttfips",
    "grossenaspe",
    "preisskat",
    "prisdorf",
    "thedinghausen",
    "tippen",
]
SCORED = ["ansegger", "duttfips", "grossenaspe", "preisskat", "prisdorf"]
LEDGER = ["thedinghausen", "tippen"]
BEFORE = json.loads((Path(__file__).parent / "data" / "splits_before_17.json").read_text())
#: The deals the web passed by table size before the move, for the rule sets that score.
WEB_DEALS: Mapping[str, dict[int, int]] = {
    "prisdorf": {4: 100, 3: 120},
    "grossenaspe": {4: 100, 5: 125},
    "ansegger": {4: 100},
    "duttfips": {4: 100},
}


def test_all_seven_are_registered_by_name() -> None:
    assert sorted(RULE_SETS) == ALL_SEVEN
    for name in ALL_SEVEN:
        assert rule_set(name).name == name == RULE_SETS[name].name
        assert rule_set(name.upper()).name == name


@pytest.mark.parametrize("name", ALL_SEVEN)
def test_every_rule_set_answers_every_question(name: str) -> None:
    rules: RuleSet = rule_set(name)
    assert RULE_SETS[name].options == rules.OPTIONS
    assert all(isinstance(option, Option) for option in rules.OPTIONS)
    assert dict(rules.options) == {option.name: option.default for option in rules.OPTIONS}
    assert list(rules.options) == [option.name for option in rules.OPTIONS]
    assert rules.table_sizes == tuple(sorted(set(rules.table_sizes)))
    assert all(rules.deals_at(size) >= 1 for size in rules.table_sizes)
    assert set(rules.dealer_sits_out_at) <= set(rules.table_sizes)
    assert isinstance(rules.players_may_leave, bool)
    assert isinstance(rules.ranking, Ranking)
    assert rules.ranking.by
    assert rules.ranking.tie_break in (TIE_BREAK_ORDER, SHARED_PLACE)
    assert rules.scores_deals is (name in SCORED) is is_scored(rules)
    assert hash(rules) == hash(rule_set(name))  # a value: the web caches by it
    assert rules == rule_set(name, **rules.options)


@pytest.mark.parametrize(
    ("name", "may_leave", "ranking"),
    [
        ("prisdorf", True, Ranking(("points",), TIE_BREAK_ORDER)),
        ("grossenaspe", False, Ranking(("points",), TIE_BREAK_ORDER)),
        ("ansegger", False, Ranking(("points",), TIE_BREAK_ORDER)),
        ("duttfips", False, Ranking(("points",), TIE_BREAK_ORDER)),
        ("preisskat", False, Ranking(("points",), TIE_BREAK_ORDER)),
        ("thedinghausen", False, Ranking(("games_won", "cents"), SHARED_PLACE)),
        ("tippen", False, Ranking(("chips",), SHARED_PLACE)),
    ],
)
def test_who_may_leave_and_what_ranks(name: str, may_leave: bool, ranking: Ranking) -> None:
    """As ``tournaments.rule_choice`` said before the move: only Prisdorf plays on at three."""
    rules = rule_set(name)
    assert (rules.players_may_leave, rules.ranking) == (may_leave, ranking)


@pytest.mark.parametrize("name", SCORED)
def test_a_scored_rule_set_has_the_scored_shape(name: str) -> None:
    rules = scored_rule_set(name)
    assert rules.possible_scores()
    sits_out = {"grossenaspe": (5,), "preisskat": (4,)}
    assert rules.dealer_sits_out_at == sits_out.get(name, ())


@pytest.mark.parametrize(
    ("name", "players", "table"),
    [("thedinghausen", 6, Race(players=6)), ("tippen", 5, Tippen(players=5))],
)
def test_a_ledger_rule_set_makes_the_rules_of_a_table(
    name: str, players: int, table: object
) -> None:
    rules: Any = rule_set(name)
    ledger: LedgerRuleSet[object] = rules
    assert ledger.at_table(players) == table
    assert not is_scored(ledger)
    assert [ledger.deals_at(size) for size in ledger.table_sizes] == [LEDGER_TABLE_DEALS] * len(
        ledger.table_sizes
    )


@pytest.mark.parametrize("name", LEDGER)
def test_a_ledger_rule_set_is_no_scored_one(name: str) -> None:
    with pytest.raises(RulesError) as refused:
        scored_rule_set(name)
    assert refused.value.code is Code.RULES_UNKNOWN
    assert refused.value.params["known"] == ", ".join(SCORED)


@pytest.mark.parametrize("name", ALL_SEVEN)
def test_an_unknown_option_is_refused_by_the_registry(name: str) -> None:
    with pytest.raises(RulesError) as refused:
        rule_set(name, schneider=True)
    assert refused.value.code is Code.RULES_OPTION_UNKNOWN
    assert refused.value.params["option"] == "schneider"
    assert refused.value.params["known"] == (
        ", ".join(sorted(option.name for option in RULE_SETS[name].options)) or "-"
    )


@pytest.mark.parametrize(
    ("name", "options", "code", "error"),
    [
        ("prisdorf", {"min_bid": 4}, Code.MIN_BID_OPTION, InvalidEntryError),
        ("thedinghausen", {"filler": 5}, Code.RACE_FILLER, SeatingError),
        ("thedinghausen", {"filler": 3}, Code.RACE_FILLER, SeatingError),
        ("tippen", {"stake": 0}, Code.TIPPEN_STAKE, InvalidEntryError),
        ("tippen", {"stake": 6, "max_bete": 5}, Code.TIPPEN_MAX_BETE, InvalidEntryError),
    ],
)
def test_a_bad_value_is_refused_with_its_own_code(
    name: str, options: dict[str, int], code: Code, error: type[FipsenError]
) -> None:
    with pytest.raises(error) as refused:
        rule_set(name, **options)
    assert refused.value.code is code


NO_FIPSEN = {"announced_fipsen": False}


@pytest.mark.parametrize(
    ("name", "options", "stored"),
    [
        ("thedinghausen", {"filler": 6}, {"must_trump": False, "filler": 6, **NO_FIPSEN}),
        ("thedinghausen", {"must_trump": True}, {"must_trump": True, "filler": 4, **NO_FIPSEN}),
        ("tippen", {"katira": True}, {"stake": 3, "katira": True, "max_bete": 0}),
        ("tippen", {"stake": 6, "max_bete": 12}, {"stake": 6, "katira": False, "max_bete": 12}),
    ],
)  # fmt: skip
def test_the_ledger_options_as_before(
    name: str, options: dict[str, int], stored: dict[str, int]
) -> None:
    """The values ``games.thedinghausen.rules.race_options`` and ``tippen_rules.tippen_options``
    stored before the move, in the same order."""
    assert list(rule_set(name, **options).options.items()) == list(stored.items())


def _said(split: tuple[Any, ...]) -> str:
    return " ".join(f"{table.size}:{table.deals}" for table in split)


def _split_or_code(name: str, players: int, **options: int) -> str:
    try:
        return _said(rule_set(name, **options).split(players, WEB_DEALS.get(name)))
    except SeatingError as error:
        return "!" + error.violations[0].code.value


@pytest.mark.parametrize(
    ("key", "name", "options"),
    [
        ("prisdorf", "prisdorf", {}),
        ("grossenaspe", "grossenaspe", {}),
        ("ansegger", "ansegger", {}),
        ("duttfips", "duttfips", {}),
        ("thedinghausen/filler=4", "thedinghausen", {"filler": 4}),
        ("thedinghausen/filler=6", "thedinghausen", {"filler": 6}),
        ("tippen", "tippen", {}),
    ],
)
def test_the_splits_are_those_of_before(key: str, name: str, options: dict[str, int]) -> None:
    """1 to 60 players: the same tables, deals and refusal codes as the web's functions."""
    assert {str(n): _split_or_code(name, n, **options) for n in range(1, 61)} == BEFORE[key]


@given(players=st.integers(min_value=1, max_value=400), name=st.sampled_from(ALL_SEVEN))
def test_a_split_seats_everyone_at_tables_the_rule_set_has(players: int, name: str) -> None:
    rules = rule_set(name)
    try:
        split = rules.split(players)
    except SeatingError:
        return
    assert sum(table.size for table in split) == players
    assert {table.size for table in split} <= set(rules.table_sizes) | {6}  # the race's filler
    assert all(table.deals == rules.deals_at(table.size) for table in split if table.size != 6)


@given(
    four=st.integers(min_value=1, max_value=300),
    three=st.integers(min_value=1, max_value=300),
    players=st.integers(min_value=3, max_value=120),
)
def test_the_tournaments_own_deals_are_taken(four: int, three: int, players: int) -> None:
    deals = {4: four, 3: three, 5: four + 1}
    for name in SCORED:
        try:
            split = rule_set(name).split(players, deals)
        except SeatingError:
            continue
        assert all(table.deals == deals[table.size] for table in split)


@pytest.mark.parametrize("name", SCORED)
def test_fewer_than_one_deal_is_refused(name: str) -> None:
    with pytest.raises(SeatingError) as refused:
        rule_set(name).split(8, {4: 0, 3: 0, 5: 0})
    assert refused.value.code is Code.DEALS_RANGE


# Issue 17 item 7: "t" (tapped alone) beside other tappers charged that seat a bête.


@pytest.mark.parametrize("text", ["2 1 t -", "t 1 2 -", "t t - -", "0 T 3 -"])
def test_tapped_alone_beside_other_tappers_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as refused:
        TippenDeal.parse(text)
    assert refused.value.code is Code.TIPPEN_LONE_WITH_OTHERS
    assert refused.value.params["seat"] == text.lower().split().index("t")


@pytest.mark.parametrize("text", ["- t - -", "t - -", "2 1 0 -", "- - - -"])
def test_tapped_alone_or_with_tricks_is_read(text: str) -> None:
    assert str(TippenDeal.parse(text)) == text


def test_the_ledger_rule_sets_are_values_of_their_options() -> None:
    assert Thedinghausen(filler=6) == rule_set("thedinghausen", filler=6)
    assert TippenRules(stake=6) == rule_set("tippen", stake=6)


def test_a_rule_set_registered_later_is_found_and_taken_out_again() -> None:
    from fipsen_rules.prisdorf import Prisdorf
    from fipsen_rules.rulesets import Registration, register, rule_set, unregister

    house = Registration("hausfips", Prisdorf, Prisdorf.OPTIONS)
    register(house)
    try:
        register(house)  # the same again: no change
        assert RULE_SETS["hausfips"] is house
        assert rule_set("hausfips", min_bid=3) == Prisdorf(min_bid=3)
        with pytest.raises(ValueError, match="already"):
            register(Registration("hausfips", Tippen))
        with pytest.raises(ValueError, match="lower case"):
            register(Registration("Hausfips", Prisdorf))
    finally:
        unregister("hausfips")
    assert "hausfips" not in RULE_SETS
    with pytest.raises(RulesError):
        rule_set("hausfips")
