"""Captain entries: the worked examples of SPEC.md Part D that apply to them, the obligations of
the bid (A6), the captain's written value (E30) and the warnings (W03, W04)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from fipsen_rules import (
    PRISDORF,
    Bid,
    Code,
    DealEntry,
    Game,
    InvalidEntryError,
    Prisdorf,
    next_dealer,
)

STRICT = Prisdorf(strict_tricks=True)
MIN_BID_3 = Prisdorf(min_bid=3)


class Example(NamedTuple):
    entry: DealEntry
    rules: Prisdorf = PRISDORF
    players: int = 4


def entry(
    game: str,
    declarer: int = 1,
    *,
    tricks: int | None = None,
    bid: str | None = None,
    held: bool = False,
    value: int | None = None,
    pictures: bool = False,
) -> DealEntry:
    return DealEntry(
        Game.parse(game),
        declarer=declarer,
        declarer_tricks=tricks,
        captain_value=value,
        has_pictures=pictures,
        bid=None if bid is None else Bid.parse(bid),
        bid_held=held,
    )


# Part D, valid: (example, expected declarer score, expected warnings)
VALID = {
    # D2: decl 2, bid {3, hand}, Skat not taken, trump S, won, t 3
    "D2": (Example(entry("3 Hand gewonnen", 2, tricks=3, bid="3 Hand")), 6, ()),
    # D3: as D2 but lost, seq "DODOO" (t = 2)
    "D3": (Example(entry("3 Hand verloren", 2, tricks=2, bid="3 Hand")), -12, ()),
    # D5: decl 3, bid {2}, Skat taken, trump D, won, seq "DD": unbid Ruten still doubles
    "D5": (Example(entry("2 Ruten gewonnen", 3, tricks=2, bid="2")), 4, ()),
    # D6: bid {2}, Skat not taken, trump D, won_durch, seq "DDDDD"
    "D6": (Example(entry("2 Hand Ruten Durch gewonnen", tricks=5, bid="2")), 16, ()),
    # D7: bid {2}, Skat taken, trump C, lost_durch, seq "DDO" (t = 2)
    "D7": (Example(entry("2 Durch verloren", tricks=2, bid="2")), -8, ()),
    # D8: decl 2, bid {5}, Skat taken, trump C, won, t 5
    "D8": (Example(entry("5 gewonnen", 2, tricks=5, bid="5")), 10, ()),
    # D9: bid {5, hand, ruten}, Skat not taken, trump D, lost, seq "O" (t = 0)
    "D9": (Example(entry("5 Hand Ruten verloren", tricks=0, bid="5 Hand Ruten")), -80, ()),
    # D12 lenient: bid {3}, Skat taken, trump H, won, t 5 → +6 with W03
    "D12-lenient": (
        Example(entry("3 gewonnen", tricks=5, bid="3")),
        6,
        (Code.DURCH_INFERRED,),
    ),
    # D17 (a): the auction gives decl 1, contract 3 Ruten held; he plays 3 Hand
    "D17a": (Example(entry("3 Hand gewonnen", tricks=3, bid="3 Ruten", held=True)), 6, ()),
    # D21: Kieker, decl 2, no pictures, trump H, won, t 5
    "D21": (Example(entry("Kieker gewonnen", 2, tricks=5, bid="Kieker")), 10, ()),
    # D22: Kieker, decl 2, trump D, lost, seq "DDDO" (t = 3)
    "D22": (Example(entry("Kieker Ruten verloren", 2, tricks=3)), -40, ()),
    # D23: Kieker, decl 3, surrendered (trump D had been named): −5 whatever the trump
    "D23": (Example(entry("Kieker Ruten aufgegeben", 3)), -5, ()),
    "D23-no-trump": (Example(entry("Kieker aufgegeben", 3, tricks=0)), -5, ()),
    # D30: 3 players, dealer 2; decl 0, bid {4, hand}, Skat not taken, trump C, won, t 4
    "D30": (Example(entry("4 Hand gewonnen", 0, tricks=4, bid="4 Hand"), players=3), 8, ()),
    # D36: decl 2, bid {3, hand, ruten}, won, t 3, captain wrote 12
    "D36": (
        Example(entry("3 Hand Ruten gewonnen", 2, tricks=3, bid="3 Hand Ruten", value=12)),
        12,
        (),
    ),
    # P17 with extra tricks recorded (lenient): A15 W04
    "W04": (Example(entry("3 gewonnen", tricks=4)), 3, (Code.EXTRA_TRICKS_IGNORED,)),
}

# Part D, invalid: (example, the codes expected)
INVALID = {
    # D12 strict: won with t = 5 but not entered as Durch
    "D12-strict": (
        Example(entry("3 gewonnen", tricks=5, bid="3"), rules=STRICT),
        {Code.WON_ALL_WITHOUT_DURCH},
    ),
    # D13: lost_durch with t 2 < n 3
    "D13": (Example(entry("3 Durch verloren", tricks=2, bid="3")), {Code.DURCH_BEFORE_BID}),
    "E28-won": (Example(entry("3 Durch gewonnen", tricks=2)), {Code.DURCH_BEFORE_BID}),
    # D15: own bid {3, hand}, Skat taken, trump S
    "D15": (
        Example(entry("3 gewonnen", 2, tricks=3, bid="3 Hand")),
        {Code.HAND_BID_SKAT_TAKEN},
    ),
    # D16: own bid {2, ruten}, Skat taken, trump H
    "D16": (
        Example(entry("2 gewonnen", 2, tricks=2, bid="2 Ruten")),
        {Code.RUTEN_BID_OTHER_TRUMP},
    ),
    # D17 (b): held 3 Ruten, played with the Skat and trump S
    "D17b": (
        Example(entry("3 gewonnen", tricks=3, bid="3 Ruten", held=True)),
        {Code.HELD_DOUBLES_MISSING},
    ),
    # D24: Kieker with the Skat not taken ("Kieker Hand")
    "D24": (Example(entry("Kieker Hand gewonnen", 2, tricks=5)), {Code.KIEKER_HAND}),
    # D31: min_bid 3; game, bid {2}
    "D31": (
        Example(entry("2 gewonnen", tricks=2, bid="2"), rules=MIN_BID_3),
        {Code.BID_TRICKS},
    ),
    "D31-no-bid": (Example(entry("2 gewonnen"), rules=MIN_BID_3), {Code.BID_TRICKS}),
    # D35: lost 4 with t 4
    "D35": (Example(entry("4 verloren", tricks=4, bid="4")), {Code.TRICKS_IMPOSSIBLE}),
    # D36 with the captain's 6 instead of 12
    "D36-wrong": (
        Example(entry("3 Hand Ruten gewonnen", 2, tricks=3, bid="3 Hand Ruten", value=6)),
        {Code.VALUE_MISMATCH},
    ),
    # K7/E13
    "E13": (Example(entry("Kieker gewonnen", 2, tricks=5, pictures=True)), {Code.KIEKER_PICTURES}),
}


@pytest.mark.parametrize(("example", "score", "warnings"), VALID.values(), ids=list(VALID))
def test_valid_example(example: Example, score: int, warnings: tuple[Code, ...]) -> None:
    outcome = example.rules.evaluate(example.entry, players=example.players)
    assert outcome.declarer_score == score
    changes = [0] * example.players
    assert example.entry.declarer is not None
    changes[example.entry.declarer] = score
    assert outcome.score_changes == tuple(changes)
    assert tuple(w.code for w in outcome.warnings) == warnings
    assert outcome.counts_as_deal is True


@pytest.mark.parametrize(("example", "expected"), INVALID.values(), ids=list(INVALID))
def test_invalid_example(example: Example, expected: set[Code]) -> None:
    with pytest.raises(InvalidEntryError) as info:
        example.rules.evaluate(example.entry, players=example.players)
    assert {v.code for v in info.value.violations} == expected


def test_d24_a_kieker_bid_with_hand_is_invalid() -> None:
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry("Kieker gewonnen", 2, bid="Kieker Hand"), players=4)
    assert Code.KIEKER_HAND in {v.code for v in info.value.violations}


def test_d12_lenient_scores_the_game_as_durch() -> None:
    outcome = PRISDORF.evaluate(entry("3 gewonnen", tricks=5), players=4)
    assert outcome.game == Game.parse("3 Durch gewonnen")
    assert outcome.game_value == 6


def test_d30_next_dealer_with_three_players() -> None:
    assert next_dealer(2, 3, completed=True) == 0


def test_d36_wrong_value_names_both_values() -> None:
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry("3 Hand Ruten gewonnen", 2, tricks=3, value=6), players=4)
    violation = info.value.violations[0]
    assert violation.field == "captain_value"
    assert violation.params["value"] == 6
    assert violation.params["computed"] == 12


@pytest.mark.parametrize("value", [7, 0, 1, 5_000, -1, -3])
def test_captain_value_no_game_can_have(value: int) -> None:
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry("3 gewonnen", tricks=3, value=value), players=4)
    assert info.value.code is Code.VALUE_IMPOSSIBLE


@pytest.mark.parametrize(
    ("game", "value"),
    [
        ("Siebener Fips", 30),
        ("Kieker aufgegeben", -5),
        ("3 gewonnen", 3),
        ("5 Hand Ruten verloren", -80),
    ],
)
def test_captain_value_right(game: str, value: int) -> None:
    outcome = PRISDORF.evaluate(entry(game, value=value), players=4)
    assert outcome.declarer_score == value


def test_captain_value_on_a_passed_deal_is_invalid() -> None:
    passed = DealEntry(Game.passed(), captain_value=0)
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(passed, players=4)
    assert info.value.code is Code.NOT_APPLICABLE


def test_captain_value_is_checked_against_durch_inferred_from_tricks() -> None:
    """D12 lenient scores +6, so a written 3 is wrong and a written 6 right."""
    assert PRISDORF.evaluate(entry("3 gewonnen", tricks=5, value=6), players=4).declarer_score == 6
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry("3 gewonnen", tricks=5, value=3), players=4)
    assert info.value.code is Code.VALUE_MISMATCH


# A6.1: own bid, the compatibility table of final bid F and played doubles P

BID_WORDS = {"{}": "", "{Hand}": " Hand", "{Ruten}": " Ruten", "{Hand, Ruten}": " Hand Ruten"}
E20, E21 = Code.HAND_BID_SKAT_TAKEN, Code.RUTEN_BID_OTHER_TRUMP
OK: set[Code] = set()
# fmt: off
A6_TABLE = {
    #                 played: {}           {Hand}   {Ruten}   {Hand, Ruten}
    "{}":            (OK,         OK,      OK,       OK),
    "{Hand}":        ({E20},      OK,      {E20},    OK),
    "{Ruten}":       ({E21},      {E21},   OK,       OK),
    "{Hand, Ruten}": ({E20, E21}, {E21},   {E20},    OK),
}
# fmt: on
PLAYED = ("{}", "{Hand}", "{Ruten}", "{Hand, Ruten}")


@pytest.mark.parametrize(
    ("bid", "played", "expected"),
    [
        pytest.param(bid, played, expected, id=f"F={bid}-P={played}")
        for bid, row in A6_TABLE.items()
        for played, expected in zip(PLAYED, row, strict=True)
    ],
)
def test_own_bid_obligations(bid: str, played: str, expected: set[Code]) -> None:
    e = entry(f"3{BID_WORDS[played]} gewonnen", tricks=3, bid=f"3{BID_WORDS[bid]}")
    if expected:
        with pytest.raises(InvalidEntryError) as info:
            PRISDORF.evaluate(e, players=4)
        assert {v.code for v in info.value.violations} == expected
    else:
        assert PRISDORF.evaluate(e, players=4).declarer_score == PRISDORF.score(e.game)


# A6.2: held bid of k doubles needs at least k played doubles, of either kind


@pytest.mark.parametrize(
    ("bid", "played", "valid"),
    [
        pytest.param(bid, played, valid, id=f"held-{bid}-P={played}")
        for bid, k in (("3", 0), ("3 Hand", 1), ("3 Ruten", 1), ("3 Hand Ruten", 2))
        for played, count in zip(PLAYED, (0, 1, 1, 2), strict=True)
        for valid in (count >= k,)
    ],
)
def test_held_bid_obligations(bid: str, played: str, valid: bool) -> None:
    e = entry(f"3{BID_WORDS[played]} gewonnen", tricks=3, bid=bid, held=True)
    if valid:
        assert PRISDORF.evaluate(e, players=4).declarer_score == PRISDORF.score(e.game)
    else:
        with pytest.raises(InvalidEntryError) as info:
            PRISDORF.evaluate(e, players=4)
        assert {v.code for v in info.value.violations} == {Code.HELD_DOUBLES_MISSING}


def test_durch_is_not_a_double_that_pays_a_held_bid() -> None:
    """A6.2: the doubles owed are the pre-play ones, Hand and Ruten."""
    e = entry("3 Durch gewonnen", tricks=5, bid="3 Ruten", held=True)
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(e, players=4)
    assert info.value.code is Code.HELD_DOUBLES_MISSING


@pytest.mark.parametrize(
    ("game", "bid"),
    [
        ("3 Hand Ruten gewonnen", "3"),  # A6.4: doubles added after the auction
        ("3 Hand gewonnen", "3"),
        ("5 Hand Ruten gewonnen", "5 Ruten"),
    ],
)
def test_doubles_may_be_added_after_the_auction(game: str, bid: str) -> None:
    assert PRISDORF.evaluate(entry(game, bid=bid), players=4).declarer_score > 0


@pytest.mark.parametrize(
    ("game", "bid"),
    [
        ("3 gewonnen", "4"),  # A4.3: the tricks are fixed by the bid
        ("4 gewonnen", "3"),
        ("5 gewonnen", "Kieker"),  # A10.8: a Kieker may not be played as a number game
        ("Kieker gewonnen", "5"),
    ],
)
def test_the_game_must_be_the_game_bid(game: str, bid: str) -> None:
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.evaluate(entry(game, bid=bid), players=4)
    assert info.value.code is Code.BID_GAME_MISMATCH


def test_a_siebener_fips_voids_the_bid() -> None:
    """S2: the contract is void, so nothing it obliged matters."""
    e = entry("Siebener Fips", 1, bid="4 Hand")
    assert PRISDORF.evaluate(e, players=4).declarer_score == 30


# A game and its declarer (the hot path: no DealEntry is built) judge as the entry of them does.


def _judged(rules: Prisdorf, deal: DealEntry | Game, players: int, **given: int | None) -> object:
    """The outcome, or the codes of the rules broken."""
    try:
        return rules.evaluate(deal, players=players, **given)
    except InvalidEntryError as error:
        return tuple(violation.code for violation in error.violations)


@pytest.mark.parametrize("rules", [PRISDORF, STRICT, MIN_BID_3, Prisdorf(kontra=True)])
def test_a_game_and_its_declarer_are_judged_as_their_entry(rules: Prisdorf) -> None:
    games = [*rules.games(), Game.parse("1 gewonnen"), Game.parse("Kieker Hand gewonnen")]
    for game in games:
        for players in (3, 4, 5):
            for declarer in (None, 0, players - 1, players):
                alone = _judged(rules, game, players, declarer=declarer)
                whole = _judged(rules, DealEntry(game, declarer=declarer), players)
                assert alone == whole, (str(game), players, declarer)
