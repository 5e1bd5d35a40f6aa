"""Scoring of every outcome in SPEC.md A13 (A13.1 P01-P64, A13.2 K1-K8, A13.3 S1/X1), the
legal trick counts of each, and the set of possible scores (A12).

The tables below are copied from SPEC.md, not computed from the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pytest

from fipsen_rules import (
    PRISDORF,
    Bid,
    Code,
    DealEntry,
    FipsenError,
    Game,
    InvalidEntryError,
    Outcome,
    Prisdorf,
    Result,
    next_dealer,
)

STRICT = Prisdorf(strict_tricks=True)
MIN_BID_3 = Prisdorf(min_bid=3)


class Row(NamedTuple):
    """One row of SPEC A13.1: the doubles as played, the value, the score, legal t."""

    id: str
    n: int
    hand: bool
    ruten: bool
    durch: bool
    won: bool
    value: int
    score: int
    low: int  # legal declarer_tricks, lenient
    high: int
    strict_high: int  # the upper end with strict_tricks


_ = False
H = R = D = W = True
L = False

# fmt: off
A13_1 = (
    #   ID     n  H  R  D  won  V   score  t: low..high, strict high
    Row("P01", 2, _, _, _, W,   2,    2,   2, 4, 2),
    Row("P02", 2, _, _, _, L,   2,   -4,   0, 1, 1),
    Row("P03", 2, _, _, D, W,   4,    4,   5, 5, 5),
    Row("P04", 2, _, _, D, L,   4,   -8,   2, 4, 4),
    Row("P05", 2, _, R, _, W,   4,    4,   2, 4, 2),
    Row("P06", 2, _, R, _, L,   4,   -8,   0, 1, 1),
    Row("P07", 2, _, R, D, W,   8,    8,   5, 5, 5),
    Row("P08", 2, _, R, D, L,   8,  -16,   2, 4, 4),
    Row("P09", 2, H, _, _, W,   4,    4,   2, 4, 2),
    Row("P10", 2, H, _, _, L,   4,   -8,   0, 1, 1),
    Row("P11", 2, H, _, D, W,   8,    8,   5, 5, 5),
    Row("P12", 2, H, _, D, L,   8,  -16,   2, 4, 4),
    Row("P13", 2, H, R, _, W,   8,    8,   2, 4, 2),
    Row("P14", 2, H, R, _, L,   8,  -16,   0, 1, 1),
    Row("P15", 2, H, R, D, W,  16,   16,   5, 5, 5),
    Row("P16", 2, H, R, D, L,  16,  -32,   2, 4, 4),
    Row("P17", 3, _, _, _, W,   3,    3,   3, 4, 3),
    Row("P18", 3, _, _, _, L,   3,   -6,   0, 2, 2),
    Row("P19", 3, _, _, D, W,   6,    6,   5, 5, 5),
    Row("P20", 3, _, _, D, L,   6,  -12,   3, 4, 4),
    Row("P21", 3, _, R, _, W,   6,    6,   3, 4, 3),
    Row("P22", 3, _, R, _, L,   6,  -12,   0, 2, 2),
    Row("P23", 3, _, R, D, W,  12,   12,   5, 5, 5),
    Row("P24", 3, _, R, D, L,  12,  -24,   3, 4, 4),
    Row("P25", 3, H, _, _, W,   6,    6,   3, 4, 3),
    Row("P26", 3, H, _, _, L,   6,  -12,   0, 2, 2),
    Row("P27", 3, H, _, D, W,  12,   12,   5, 5, 5),
    Row("P28", 3, H, _, D, L,  12,  -24,   3, 4, 4),
    Row("P29", 3, H, R, _, W,  12,   12,   3, 4, 3),
    Row("P30", 3, H, R, _, L,  12,  -24,   0, 2, 2),
    Row("P31", 3, H, R, D, W,  24,   24,   5, 5, 5),
    Row("P32", 3, H, R, D, L,  24,  -48,   3, 4, 4),
    Row("P33", 4, _, _, _, W,   4,    4,   4, 4, 4),
    Row("P34", 4, _, _, _, L,   4,   -8,   0, 3, 3),
    Row("P35", 4, _, _, D, W,   8,    8,   5, 5, 5),
    Row("P36", 4, _, _, D, L,   8,  -16,   4, 4, 4),
    Row("P37", 4, _, R, _, W,   8,    8,   4, 4, 4),
    Row("P38", 4, _, R, _, L,   8,  -16,   0, 3, 3),
    Row("P39", 4, _, R, D, W,  16,   16,   5, 5, 5),
    Row("P40", 4, _, R, D, L,  16,  -32,   4, 4, 4),
    Row("P41", 4, H, _, _, W,   8,    8,   4, 4, 4),
    Row("P42", 4, H, _, _, L,   8,  -16,   0, 3, 3),
    Row("P43", 4, H, _, D, W,  16,   16,   5, 5, 5),
    Row("P44", 4, H, _, D, L,  16,  -32,   4, 4, 4),
    Row("P45", 4, H, R, _, W,  16,   16,   4, 4, 4),
    Row("P46", 4, H, R, _, L,  16,  -32,   0, 3, 3),
    Row("P47", 4, H, R, D, W,  32,   32,   5, 5, 5),
    Row("P48", 4, H, R, D, L,  32,  -64,   4, 4, 4),
    Row("P51", 5, _, _, D, W,  10,   10,   5, 5, 5),
    Row("P52", 5, _, _, D, L,  10,  -20,   0, 4, 4),
    Row("P55", 5, _, R, D, W,  20,   20,   5, 5, 5),
    Row("P56", 5, _, R, D, L,  20,  -40,   0, 4, 4),
    Row("P59", 5, H, _, D, W,  20,   20,   5, 5, 5),
    Row("P60", 5, H, _, D, L,  20,  -40,   0, 4, 4),
    Row("P63", 5, H, R, D, W,  40,   40,   5, 5, 5),
    Row("P64", 5, H, R, D, L,  40,  -80,   0, 4, 4),
)
# fmt: on

# The eight "INVALID E11" rows: a 5 entered without Durch. A 5 always carries Durch, so each
# is the same game as its Durch row and scores the same.
E11_ROWS = (
    ("P49", "P51"),
    ("P50", "P52"),
    ("P53", "P55"),
    ("P54", "P56"),
    ("P57", "P59"),
    ("P58", "P60"),
    ("P61", "P63"),
    ("P62", "P64"),
)
ROW_BY_ID = {row.id: row for row in A13_1}
DECLARER = 1  # SPEC Part D: dealer 0, declarer 1 unless stated


def game_of(row: Row, *, durch: bool | None = None) -> Game:
    result = Result.WON if row.won else Result.LOST
    return Game.number(
        row.n, result, hand=row.hand, ruten=row.ruten, durch=row.durch if durch is None else durch
    )


def codes(error: FipsenError) -> set[Code]:
    return {violation.code for violation in error.violations}


def evaluate(
    game: Game,
    *,
    rules: Prisdorf = PRISDORF,
    players: int = 4,
    declarer: int | None = DECLARER,
    tricks: int | None = None,
) -> Outcome:
    entry = DealEntry(game, declarer=declarer, declarer_tricks=tricks)
    return rules.evaluate(entry, players=players)


def rejected(
    game: Game,
    *,
    rules: Prisdorf = PRISDORF,
    players: int = 4,
    declarer: int | None = DECLARER,
    tricks: int | None = None,
) -> set[Code]:
    with pytest.raises(InvalidEntryError) as info:
        evaluate(game, rules=rules, players=players, declarer=declarer, tricks=tricks)
    return codes(info.value)


# A13.1: the 56 legal rows


def test_the_table_has_56_legal_and_8_invalid_rows() -> None:
    ids = [row.id for row in A13_1] + [invalid for invalid, _ in E11_ROWS]
    assert sorted(ids) == [f"P{i:02}" for i in range(1, 65)]


@pytest.mark.parametrize("row", A13_1, ids=lambda row: row.id)
def test_row_scores_as_listed(row: Row) -> None:
    assert PRISDORF.score(game_of(row)) == row.score


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("row", A13_1, ids=lambda row: row.id)
def test_row_evaluates_to_value_and_score_of_declarer_only(row: Row, players: int) -> None:
    outcome = evaluate(game_of(row), players=players)
    assert outcome.game_value == row.value
    assert outcome.declarer_score == row.score
    expected = [0] * players
    expected[DECLARER] = row.score
    assert outcome.score_changes == tuple(expected)
    assert outcome.declarer == DECLARER
    assert outcome.counts_as_deal is True
    assert outcome.warnings == ()


@pytest.mark.parametrize("row", [row for row in A13_1 if row.n >= 3], ids=lambda row: row.id)
def test_row_scores_the_same_with_minimum_bid_3(row: Row) -> None:
    assert MIN_BID_3.score(game_of(row)) == row.score


@pytest.mark.parametrize("row", [row for row in A13_1 if row.n == 2], ids=lambda row: row.id)
def test_rows_of_2_are_invalid_with_minimum_bid_3(row: Row) -> None:
    """SPEC C1, A13.1: with min_bid 3, P01-P16 become invalid (E10)."""
    with pytest.raises(InvalidEntryError) as info:
        MIN_BID_3.score(game_of(row))
    assert codes(info.value) == {Code.BID_TRICKS}
    assert info.value.params == {"tricks": 2, "min_bid": 3}
    assert rejected(game_of(row), rules=MIN_BID_3, tricks=row.low) == {Code.BID_TRICKS}


@pytest.mark.parametrize(("invalid_id", "durch_id"), E11_ROWS, ids=[i for i, _ in E11_ROWS])
def test_five_without_durch_is_the_five_durch_game(invalid_id: str, durch_id: str) -> None:
    """P49/50/53/54/57/58/61/62: a 5 always carries Durch, so "5 gewonnen" is "5 Durch gewonnen"."""
    row = ROW_BY_ID[durch_id]
    without = game_of(row, durch=False)
    assert without == game_of(row)
    assert without.durch is True
    assert PRISDORF.score(without) == row.score
    assert evaluate(without).declarer_score == row.score


@pytest.mark.parametrize(("invalid_id", "durch_id"), E11_ROWS, ids=[i for i, _ in E11_ROWS])
def test_five_without_durch_notation_is_the_same_game(invalid_id: str, durch_id: str) -> None:
    row = ROW_BY_ID[durch_id]
    words = [word for word, on in (("Hand", row.hand), ("Ruten", row.ruten)) if on]
    result = "gewonnen" if row.won else "verloren"
    without = Game.parse(" ".join(["5", *words, result]))
    with_durch = Game.parse(" ".join(["5", *words, "Durch", result]))
    assert without == with_durch == game_of(row)
    assert PRISDORF.score(without) == PRISDORF.score(with_durch) == row.score


# A13.1: legal trick counts ("legal t"), and just outside them


def _inside() -> Sequence[object]:
    return [
        pytest.param(row, t, id=f"{row.id}-t{t}")
        for row in A13_1
        for t in range(row.low, row.high + 1)
    ]


@pytest.mark.parametrize(("row", "tricks"), _inside())
def test_tricks_inside_legal_range_are_accepted(row: Row, tricks: int) -> None:
    outcome = evaluate(game_of(row), tricks=tricks)
    assert outcome.declarer_score == row.score
    assert outcome.game == game_of(row)
    # A won game stopped at the bid may show extra tricks (lenient): only W04 may be noted.
    assert {w.code for w in outcome.warnings} <= {Code.EXTRA_TRICKS_IGNORED}
    if tricks == row.n or not row.won or row.durch:
        assert outcome.warnings == ()


def _outside_code(row: Row, tricks: int) -> Code:
    """SPEC A15: which code a trick count outside the legal range gets."""
    if not 0 <= tricks <= 5:
        return Code.TRICKS_RANGE  # E25
    if row.durch and row.n < 5 and tricks < row.n:
        return Code.DURCH_BEFORE_BID  # E28
    return Code.TRICKS_IMPOSSIBLE  # E26


def _outside() -> Sequence[object]:
    cases = []
    for row in A13_1:
        below, above = row.low - 1, row.high + 1
        cases.append(pytest.param(row, below, _outside_code(row, below), id=f"{row.id}-t{below}"))
        if row.won and not row.durch and above == 5:
            continue  # lenient: 5 tricks is a won Durch (E27/W03), see below
        cases.append(pytest.param(row, above, _outside_code(row, above), id=f"{row.id}-t{above}"))
    return cases


@pytest.mark.parametrize(("row", "tricks", "code"), _outside())
def test_tricks_just_outside_legal_range_are_rejected(row: Row, tricks: int, code: Code) -> None:
    assert rejected(game_of(row), tricks=tricks) == {code}


@pytest.mark.parametrize(
    "row", [row for row in A13_1 if row.won and not row.durch], ids=lambda row: row.id
)
def test_won_without_durch_and_5_tricks_scores_as_durch_when_lenient(row: Row) -> None:
    """A9.5, E27 default: t = 5 always carries the Durch double (W03)."""
    outcome = evaluate(game_of(row), tricks=5)
    assert outcome.declarer_score == 2 * row.score
    assert outcome.game == game_of(row, durch=True)
    assert [w.code for w in outcome.warnings] == [Code.DURCH_INFERRED]


@pytest.mark.parametrize(
    "row", [row for row in A13_1 if row.won and not row.durch], ids=lambda row: row.id
)
def test_won_without_durch_and_5_tricks_is_rejected_when_strict(row: Row) -> None:
    assert rejected(game_of(row), rules=STRICT, tricks=5) == {Code.WON_ALL_WITHOUT_DURCH}


def _strict_inside() -> Sequence[object]:
    return [
        pytest.param(row, t, id=f"{row.id}-t{t}")
        for row in A13_1
        for t in range(row.low, row.strict_high + 1)
    ]


@pytest.mark.parametrize(("row", "tricks"), _strict_inside())
def test_tricks_inside_strict_range_are_accepted_without_warning(row: Row, tricks: int) -> None:
    outcome = evaluate(game_of(row), rules=STRICT, tricks=tricks)
    assert outcome.declarer_score == row.score
    assert outcome.warnings == ()


@pytest.mark.parametrize(
    "row",
    [row for row in A13_1 if row.won and not row.durch and row.strict_high < 4],
    ids=lambda row: row.id,
)
def test_tricks_above_the_bid_are_rejected_when_strict(row: Row) -> None:
    """A13.1 "legal t … (strict: n)": extra tricks after the decisive one."""
    assert rejected(game_of(row), rules=STRICT, tricks=row.n + 1) == {Code.TRICKS_IMPOSSIBLE}


def test_impossible_tricks_report_the_legal_range() -> None:
    """D35's case: a lost 4 allows 0..3."""
    with pytest.raises(InvalidEntryError) as info:
        evaluate(Game.parse("4 verloren"), tricks=4)
    assert info.value.code is Code.TRICKS_IMPOSSIBLE
    assert info.value.params["low"] == 0
    assert info.value.params["high"] == 3
    assert info.value.params["declarer_tricks"] == 4


# A13.2: Kieker


class KiekerRow(NamedTuple):
    id: str
    ruten: bool
    result: Result
    score: int
    low: int
    high: int


A13_2 = (
    KiekerRow("K1", False, Result.WON, 10, 5, 5),
    KiekerRow("K2", False, Result.LOST, -20, 0, 4),
    KiekerRow("K3", True, Result.WON, 20, 5, 5),
    KiekerRow("K4", True, Result.LOST, -40, 0, 4),
    KiekerRow("K5-no-trump", False, Result.SURRENDERED, -5, 0, 0),
    KiekerRow("K5-Ruten-named", True, Result.SURRENDERED, -5, 0, 0),
)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("row", A13_2, ids=lambda row: row.id)
def test_kieker_scores_as_listed(row: KiekerRow, players: int) -> None:
    game = Game.kieker(row.result, ruten=row.ruten)
    assert PRISDORF.score(game) == row.score
    assert MIN_BID_3.score(game) == row.score
    outcome = evaluate(game, players=players, declarer=2)
    assert outcome.declarer_score == row.score
    expected = [0] * players
    expected[2] = row.score
    assert outcome.score_changes == tuple(expected)
    assert outcome.counts_as_deal is True


@pytest.mark.parametrize(
    ("row", "tricks"),
    [
        pytest.param(row, t, id=f"{row.id}-t{t}")
        for row in A13_2
        for t in range(row.low, row.high + 1)
    ],
)
def test_kieker_tricks_inside_legal_range_are_accepted(row: KiekerRow, tricks: int) -> None:
    game = Game.kieker(row.result, ruten=row.ruten)
    assert evaluate(game, tricks=tricks).declarer_score == row.score


@pytest.mark.parametrize(
    ("row", "tricks", "code"),
    [
        pytest.param(A13_2[0], 4, Code.TRICKS_IMPOSSIBLE, id="K1-t4"),  # E41
        pytest.param(A13_2[0], 6, Code.TRICKS_RANGE, id="K1-t6"),
        pytest.param(A13_2[1], 5, Code.TRICKS_IMPOSSIBLE, id="K2-t5"),  # E41
        pytest.param(A13_2[1], -1, Code.TRICKS_RANGE, id="K2-t-1"),
        pytest.param(A13_2[2], 4, Code.TRICKS_IMPOSSIBLE, id="K3-t4"),
        pytest.param(A13_2[3], 5, Code.TRICKS_IMPOSSIBLE, id="K4-t5"),
        pytest.param(A13_2[4], 1, Code.SURRENDER_AFTER_PLAY, id="K5-t1"),  # E42 (K8)
        pytest.param(A13_2[5], 1, Code.SURRENDER_AFTER_PLAY, id="K5-Ruten-t1"),
    ],
)
def test_kieker_tricks_outside_legal_range_are_rejected(
    row: KiekerRow, tricks: int, code: Code
) -> None:
    assert rejected(Game.kieker(row.result, ruten=row.ruten), tricks=tricks) == {code}


@pytest.mark.parametrize("tricks", [1, 2, 3, 4, 5])
def test_k8_surrender_after_the_first_lead_is_invalid(tricks: int) -> None:
    assert rejected(Game.parse("Kieker aufgegeben"), tricks=tricks) == {Code.SURRENDER_AFTER_PLAY}


@pytest.mark.parametrize(
    "text",
    ["Kieker Hand gewonnen", "Kieker Hand verloren", "Kieker Hand Ruten gewonnen"],
)
def test_k6_kieker_with_hand_is_invalid(text: str) -> None:
    assert Code.KIEKER_HAND in rejected(Game.parse(text))


@pytest.mark.parametrize("text", ["Kieker gewonnen", "Kieker Ruten verloren", "Kieker aufgegeben"])
def test_k7_kieker_by_a_player_with_pictures_is_invalid(text: str) -> None:
    entry = DealEntry(Game.parse(text), declarer=2, has_pictures=True)
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry, players=4)
    assert codes(info.value) == {Code.KIEKER_PICTURES}


@pytest.mark.parametrize("result", ["gewonnen", "verloren", "aufgegeben"])
def test_durch_on_a_kieker_is_redundant_like_on_a_5(result: str) -> None:
    """Issue 12: a Kieker is always played for all five tricks (SPEC A10), as a 5 is always
    Durch (``5 Durch`` is accepted), so ``Kieker Durch`` is accepted and is a plain Kieker."""
    game = Game.parse(f"Kieker Durch {result}")
    assert game == Game.parse(f"Kieker {result}")
    assert str(game) == f"Kieker {result}"
    assert Game.parse("5 Durch gewonnen") == Game.parse("5 gewonnen")


# A13.3: Siebener Fips and all passed


@pytest.mark.parametrize(
    ("players", "holder"),
    [(4, 0), (4, 1), (4, 2), (4, 3), (3, 0), (3, 1), (3, 2)],
)
def test_s1_siebener_fips_scores_30_for_the_holder_only(players: int, holder: int) -> None:
    outcome = evaluate(Game.siebener_fips(), players=players, declarer=holder)
    assert outcome.declarer_score == 30
    expected = [0] * players
    expected[holder] = 30
    assert outcome.score_changes == tuple(expected)
    assert outcome.counts_as_deal is True
    assert next_dealer(0, players, completed=outcome.counts_as_deal) == 1


@pytest.mark.parametrize("rules", [PRISDORF, MIN_BID_3], ids=["min2", "min3"])
def test_siebener_fips_scores_30(rules: Prisdorf) -> None:
    assert rules.score(Game.parse("Siebener Fips")) == 30


@pytest.mark.parametrize(("players", "dealer"), [(4, 0), (4, 3), (3, 0), (3, 2)])
def test_x1_all_passed_scores_nothing_and_does_not_count(players: int, dealer: int) -> None:
    outcome = evaluate(Game.passed(), players=players, declarer=None)
    assert outcome.declarer is None
    assert outcome.declarer_score == 0
    assert outcome.game_value == 0
    assert outcome.score_changes == (0,) * players
    assert outcome.counts_as_deal is False
    assert next_dealer(dealer, players, completed=outcome.counts_as_deal) == dealer


@pytest.mark.parametrize(
    ("game", "declarer", "tricks", "code"),
    [
        pytest.param(Game.passed(), 1, None, Code.PASSED_WITH_DECLARER, id="declarer"),
        pytest.param(
            Game.parse("alle gepasst gewonnen"), None, None, Code.NOT_APPLICABLE, id="won"
        ),
        pytest.param(Game.passed(), None, 0, Code.NOT_APPLICABLE, id="tricks"),
    ],
)
def test_e04_passed_with_a_declarer_result_or_tricks_is_invalid(
    game: Game, declarer: int | None, tricks: int | None, code: Code
) -> None:
    assert rejected(game, declarer=declarer, tricks=tricks) == {code}


@pytest.mark.parametrize(
    "text", ["Siebener Fips gewonnen", "Siebener Fips verloren", "Siebener Fips Hand"]
)
def test_siebener_fips_has_no_result_or_doubles(text: str) -> None:
    assert rejected(Game.parse(text)) == {Code.NOT_APPLICABLE}


# A15 E01-E03: structure


@pytest.mark.parametrize("players", [0, 1, 2, 5, 6, -4])
def test_e01_a_table_has_3_or_4_players(players: int) -> None:
    with pytest.raises(InvalidEntryError) as info:
        evaluate(Game.parse("3 gewonnen"), players=players)
    assert info.value.code is Code.PLAYERS
    assert info.value.params == {"players": players}


@pytest.mark.parametrize(
    ("players", "declarer"),
    [(4, 4), (4, -1), (3, 3), (3, 10), (4, 1_000_000)],
)
def test_e02_declarer_seat_out_of_range(players: int, declarer: int) -> None:
    with pytest.raises(InvalidEntryError) as info:
        evaluate(Game.parse("3 gewonnen"), players=players, declarer=declarer)
    assert codes(info.value) == {Code.SEAT}
    assert info.value.params == {"seat": declarer, "players": players}


@pytest.mark.parametrize(
    "text", ["3 gewonnen", "5 verloren", "Kieker gewonnen", "Kieker aufgegeben", "Siebener Fips"]
)
def test_e03_a_game_needs_a_declarer(text: str) -> None:
    assert rejected(Game.parse(text), declarer=None) == {Code.DECLARER_MISSING}


@pytest.mark.parametrize("text", ["3", "3 Hand", "5 Ruten", "Kieker", "Kieker Ruten"])
def test_e24_a_game_needs_a_result(text: str) -> None:
    assert rejected(Game.parse(text)) == {Code.RESULT_MISSING}


@pytest.mark.parametrize("text", ["3 aufgegeben", "5 Hand aufgegeben", "2 Durch surrendered"])
def test_e24_only_a_kieker_is_surrendered(text: str) -> None:
    assert rejected(Game.parse(text)) == {Code.SURRENDER_NOT_KIEKER}


@pytest.mark.parametrize("tricks", [0, 1, 6, 7, 100])
def test_e10_tricks_outside_2_to_5_are_invalid(tricks: int) -> None:
    game = Game.number(tricks, Result.WON)
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.score(game)
    assert codes(info.value) == {Code.BID_TRICKS}
    assert rejected(game) == {Code.BID_TRICKS}


def test_every_broken_rule_is_reported() -> None:
    """Issue 2: the entry is rejected "with a … code plus parameters for each broken rule"."""
    entry = DealEntry(Game.parse("1 Hand aufgegeben"), declarer=None)
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry, players=4)
    assert codes(info.value) == {
        Code.DECLARER_MISSING,
        Code.BID_TRICKS,
        Code.SURRENDER_NOT_KIEKER,
    }


@pytest.mark.parametrize("min_bid", [0, 1, 4, 5])
def test_minimum_bid_is_2_or_3(min_bid: int) -> None:
    with pytest.raises(FipsenError):
        Prisdorf(min_bid=min_bid)


# A12: every possible declarer score, worked out by hand from the formulas
#
#   normal game n, e = H + R + D (e = 0..3 for n < 5; 1..3 for n = 5, which carries Durch):
#       won  +n·2^e, lost -2·n·2^e
#     n=2: +2 +4 +8 +16 / -4 -8 -16 -32
#     n=3: +3 +6 +12 +24 / -6 -12 -24 -48
#     n=4: +4 +8 +16 +32 / -8 -16 -32 -64
#     n=5: +10 +20 +40 / -20 -40 -80
#   Kieker: +10 -20, Ruten +20 -40, surrendered -5;  Siebener Fips: +30.
#   With minimum bid 3 the n=2 row goes; only +2 and -4 are found nowhere else.

SCORES_MIN_2 = (
    -80, -64, -48, -40, -32, -24, -20, -16, -12, -8, -6, -5, -4,
    2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 32, 40,
)  # fmt: skip
SCORES_MIN_3 = tuple(s for s in SCORES_MIN_2 if s not in (2, -4))


def _scores_from_a12(min_bid: int) -> set[int]:
    scores = {30, 10, -20, 20, -40, -5}
    for n in range(min_bid, 6):
        exponents = range(1, 4) if n == 5 else range(4)
        for e in exponents:
            scores |= {n * 2**e, -2 * n * 2**e}
    return scores


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(PRISDORF, SCORES_MIN_2), (MIN_BID_3, SCORES_MIN_3)],
    ids=["min2", "min3"],
)
def test_possible_scores(rules: Prisdorf, expected: tuple[int, ...]) -> None:
    assert rules.possible_scores() == expected
    assert set(expected) == _scores_from_a12(rules.min_bid)


def test_extremes_are_plus_40_and_minus_80() -> None:
    """A12: "the highest possible score is +40 … The lowest is −80"."""
    assert max(PRISDORF.possible_scores()) == 40
    assert min(PRISDORF.possible_scores()) == -80


def test_smallest_win_and_game_loss_with_minimum_bid_3() -> None:
    """C1: the smallest win is +3 and the smallest loss of a game is −6 (−5 is a surrender)."""
    scores = MIN_BID_3.possible_scores()
    assert min(s for s in scores if s > 0) == 3
    assert max(s for s in scores if s < 0 and s != -5) == -6


# Issue 12: a Siebener Fips claimed after a bid (SPEC A13.3 S2/S3: "the contract is void")
# voids the contract, not the check that the bid was one these rules allow.
SIEBENER_BIDS = [
    ("6", PRISDORF, Code.BID_TRICKS),
    ("1 Hand", PRISDORF, Code.BID_TRICKS),
    ("Kieker Hand", PRISDORF, Code.KIEKER_HAND),
    ("2", MIN_BID_3, Code.BID_TRICKS),  # SPEC C1: bids of 2 are invalid (E10)
]


@pytest.mark.parametrize(
    ("bid", "rules", "code"), SIEBENER_BIDS, ids=[b for b, _, _ in SIEBENER_BIDS]
)
def test_siebener_fips_checks_the_bid_it_voids(bid: str, rules: Prisdorf, code: Code) -> None:
    entry = DealEntry(Game.siebener_fips(), declarer=1, bid=Bid.parse(bid))
    with pytest.raises(InvalidEntryError) as info:
        rules.evaluate(entry, players=4)
    assert codes(info.value) == {code}


@pytest.mark.parametrize("bid", ["2", "5 Hand Ruten", "Kieker", "Siebener Fips"])
def test_siebener_fips_after_a_legal_bid_scores_30(bid: str) -> None:
    """SPEC A13.3 S2/S3: +30, the contract is void."""
    entry = DealEntry(Game.siebener_fips(), declarer=1, bid=Bid.parse(bid))
    assert PRISDORF.evaluate(entry, players=4).score_changes == (0, 30, 0, 0)
