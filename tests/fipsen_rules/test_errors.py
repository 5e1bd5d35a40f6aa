"""Every error `Code` is raised by some input, and its message formats with the parameters it is
raised with (issue 2: the web layer turns codes and parameters into messages)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from fipsen_rules import (
    MESSAGES,
    PRISDORF,
    AuctionError,
    Bid,
    Call,
    CallKind,
    Card,
    Code,
    DealEntry,
    FipsenError,
    Game,
    GameKind,
    InvalidEntryError,
    NotationError,
    Outcome,
    Prisdorf,
    Race,
    RaceState,
    RulesError,
    SeatingError,
    Tippen,
    TippenDeal,
    TippenState,
    Violation,
    dealer_of_deal,
    describe,
    race_table_split,
    resolve_auction,
    rest_size,
    rule_set,
    table_split,
    vorhand,
)
from fipsen_rules.__main__ import declarer_score
from fipsen_rules.deal_scores import DealScore
from fipsen_rules.grossenaspe import GROSSENASPE
from fipsen_rules.grossenaspe_game import GrossenaspeGame
from fipsen_rules.grossenaspe_seats import table_split as aspe_tables
from fipsen_rules.mecklenburg import DUTTFIPS, Ansegger, ClubTable, Duttfips, fours_split
from fipsen_rules.mecklenburg_game import MecklenburgGame


def race_deal(counts: list[int], tally: int = 0) -> RaceState:
    """A deal in a game where seat 0 has ``tally`` tricks (10: the game is over)."""
    state = RaceState((tally, 0, 0, 0, 0), winner=0 if tally == 10 else None)
    return state.play(counts)


def race_tricks(winners: list[int], tally: int) -> RaceState:
    return RaceState((tally, 0, 0, 0, 0)).play_tricks(winners)


def tippen_deal(text: str) -> TippenState:
    return Tippen(players=4).start().play(TippenDeal.parse(text))


DURCH_BIDDABLE = Prisdorf(durch_biddable=True)
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def evaluate(
    game: str | Game,
    declarer: int | None = 1,
    *,
    players: int = 4,
    rules: Prisdorf = PRISDORF,
    tricks: int | None = None,
    value: int | None = None,
    bid: str | None = None,
    held: bool = False,
    pictures: bool = False,
) -> Callable[[], object]:
    def run() -> Outcome:
        entry = DealEntry(
            Game.parse(game) if isinstance(game, str) else game,
            declarer=declarer,
            declarer_tricks=tricks,
            captain_value=value,
            has_pictures=pictures,
            bid=None if bid is None else Bid.parse(bid),
            bid_held=held,
        )
        return rules.evaluate(entry, players=players)

    return run


def aspe(game: str, *, players: int = 4, dealer: int | None = None) -> Callable[[], object]:
    def run() -> DealScore[GrossenaspeGame]:
        parsed = GrossenaspeGame.parse(game)
        return GROSSENASPE.evaluate(parsed, players=players, declarer=1, dealer=dealer)

    return run


def meck(
    rules: Ansegger | Duttfips, game: str, *, players: int = 4, declarer: int = 1
) -> Callable[[], object]:
    def run() -> DealScore[MecklenburgGame]:
        return rules.evaluate(rules.parse(game), players=players, declarer=declarer, dealer=0)

    return run


def auction(*calls: Call, rules: Prisdorf = PRISDORF) -> Callable[[], object]:
    return lambda: resolve_auction(list(calls), dealer=0, players=4, rules=rules)


def violations_of(action: Callable[[], object]) -> tuple[Violation, ...]:
    """The violations an action raises, or the warnings of the outcome it returns."""
    try:
        result = action()
    except FipsenError as error:
        return error.violations
    if isinstance(result, DealScore):
        return ()  # the rule sets of Part C give no warnings
    assert isinstance(result, Outcome), result
    return result.warnings


b, hold, pass_ = Call.bidding, Call.hold, Call.pass_

# One or more inputs for every code: (id, code, action, the error class raised or None)
CASES: list[tuple[str, Code, Callable[[], object], type[FipsenError] | None]] = [
    ("players-entry", Code.PLAYERS, evaluate("3 gewonnen", players=5), InvalidEntryError),
    ("players-seats", Code.PLAYERS, lambda: vorhand(0, 2), SeatingError),
    ("players-rest", Code.PLAYERS, lambda: rest_size(5), SeatingError),
    ("seat-entry", Code.SEAT, evaluate("3 gewonnen", 4), InvalidEntryError),
    ("seat-dealer", Code.SEAT, lambda: vorhand(4, 4), SeatingError),
    ("declarer-missing", Code.DECLARER_MISSING, evaluate("3 gewonnen", None), InvalidEntryError),
    ("passed-with-declarer", Code.PASSED_WITH_DECLARER, evaluate(Game.passed()), InvalidEntryError),
    ("na-siebener-result", Code.NOT_APPLICABLE, evaluate("Siebener Fips gewonnen"), None),
    ("na-siebener-hand", Code.NOT_APPLICABLE, evaluate("Siebener Fips Hand"), None),
    ("na-passed-tricks", Code.NOT_APPLICABLE, evaluate(Game.passed(), None, tricks=0), None),
    ("na-passed-value", Code.NOT_APPLICABLE, evaluate(Game.passed(), None, value=0), None),
    ("na-passed-bid", Code.NOT_APPLICABLE, evaluate(Game.passed(), None, bid="3"), None),
    ("na-kieker-tricks", Code.NOT_APPLICABLE, lambda: Game(GameKind.KIEKER, 3), None),
    ("na-bid-pass", Code.NOT_APPLICABLE, lambda: Bid(GameKind.PASSED), None),
    ("na-bid-kieker-ruten", Code.NOT_APPLICABLE, auction(b(1, "Kieker Ruten")), AuctionError),
    (
        "na-call-without-bid",
        Code.NOT_APPLICABLE,
        auction(Call(1, CallKind.BID, None)),
        AuctionError,
    ),
    ("bid-tricks-game", Code.BID_TRICKS, evaluate("1 gewonnen"), InvalidEntryError),
    ("bid-tricks-min3", Code.BID_TRICKS, evaluate("2 gewonnen", rules=Prisdorf(min_bid=3)), None),
    (
        "bid-tricks-auction",
        Code.BID_TRICKS,
        auction(b(1, "2"), rules=Prisdorf(min_bid=3)),
        AuctionError,
    ),
    ("min-bid-option", Code.MIN_BID_OPTION, lambda: Prisdorf(min_bid=4), InvalidEntryError),
    ("tricks-missing", Code.TRICKS_MISSING, lambda: Game(GameKind.NUMBER), InvalidEntryError),
    ("kieker-hand", Code.KIEKER_HAND, evaluate("Kieker Hand gewonnen"), InvalidEntryError),
    ("kieker-hand-bid", Code.KIEKER_HAND, auction(b(1, "Kieker Hand")), AuctionError),
    (
        "kieker-pictures",
        Code.KIEKER_PICTURES,
        evaluate("Kieker gewonnen", pictures=True),
        InvalidEntryError,
    ),
    (
        "kieker-pictures-auction",
        Code.KIEKER_PICTURES,
        auction(b(1, "Kieker", has_pictures=True)),
        AuctionError,
    ),
    (
        "kieker-hold-pictures",
        Code.KIEKER_HOLD_PICTURES,
        auction(b(1, "4"), b(2, "Kieker"), hold(1, has_pictures=True)),
        AuctionError,
    ),
    ("hold-not-allowed", Code.HOLD_NOT_ALLOWED, auction(b(1, "2"), hold(2)), AuctionError),
    ("bid-not-higher", Code.BID_NOT_HIGHER, auction(b(1, "2 Hand"), b(2, "2 Ruten")), None),
    ("out-of-turn", Code.OUT_OF_TURN, auction(b(2, "2")), AuctionError),
    (
        "auction-over",
        Code.AUCTION_OVER,
        auction(pass_(1), pass_(2), pass_(3), pass_(0), pass_(1)),
        AuctionError,
    ),
    ("auction-incomplete", Code.AUCTION_INCOMPLETE, auction(b(1, "2")), AuctionError),
    (
        "hand-bid-skat-taken",
        Code.HAND_BID_SKAT_TAKEN,
        evaluate("3 gewonnen", bid="3 Hand"),
        InvalidEntryError,
    ),
    (
        "ruten-bid-other-trump",
        Code.RUTEN_BID_OTHER_TRUMP,
        evaluate("3 gewonnen", bid="3 Ruten"),
        InvalidEntryError,
    ),
    (
        "held-doubles-missing",
        Code.HELD_DOUBLES_MISSING,
        evaluate("3 gewonnen", bid="3 Ruten", held=True),
        InvalidEntryError,
    ),
    ("bid-game-mismatch", Code.BID_GAME_MISMATCH, evaluate("3 gewonnen", bid="4"), None),
    ("result-missing", Code.RESULT_MISSING, evaluate("3 Hand"), InvalidEntryError),
    ("surrender-not-kieker", Code.SURRENDER_NOT_KIEKER, evaluate("3 aufgegeben"), None),
    ("tricks-range", Code.TRICKS_RANGE, evaluate("3 gewonnen", tricks=6), InvalidEntryError),
    ("tricks-impossible", Code.TRICKS_IMPOSSIBLE, evaluate("4 verloren", tricks=4), None),
    (
        "won-all-without-durch",
        Code.WON_ALL_WITHOUT_DURCH,
        evaluate("3 gewonnen", tricks=5, rules=Prisdorf(strict_tricks=True)),
        InvalidEntryError,
    ),
    ("durch-before-bid", Code.DURCH_BEFORE_BID, evaluate("3 Durch verloren", tricks=2), None),
    (
        "surrender-after-play",
        Code.SURRENDER_AFTER_PLAY,
        evaluate("Kieker aufgegeben", tricks=1),
        InvalidEntryError,
    ),
    ("value-impossible", Code.VALUE_IMPOSSIBLE, evaluate("3 gewonnen", value=7), None),
    ("value-mismatch", Code.VALUE_MISMATCH, evaluate("3 gewonnen", value=6), None),
    ("durch-inferred", Code.DURCH_INFERRED, evaluate("3 gewonnen", tricks=5), None),
    ("extra-tricks-ignored", Code.EXTRA_TRICKS_IGNORED, evaluate("2 gewonnen", tricks=3), None),
    ("notation-empty", Code.NOTATION_EMPTY, lambda: Game.parse(""), NotationError),
    ("notation-unknown", Code.NOTATION_UNKNOWN_WORD, lambda: Game.parse("3 Grand +"), None),
    ("notation-repeated", Code.NOTATION_REPEATED_WORD, lambda: Game.parse("3 H Hand +"), None),
    ("notation-conflict", Code.NOTATION_CONFLICT, lambda: Game.parse("3 + -"), NotationError),
    ("notation-conflict-fips", Code.NOTATION_CONFLICT, lambda: Game.parse("3 Fips +"), None),
    ("notation-no-game", Code.NOTATION_NO_GAME, lambda: Game.parse("Hand +"), NotationError),
    ("notation-not-in-bid", Code.NOTATION_NOT_IN_BID, lambda: Bid.parse("3 Durch"), None),
    ("card-unknown", Code.CARD_UNKNOWN, lambda: Card.parse("DA"), NotationError),
    ("card-unknown-text", Code.CARD_UNKNOWN, lambda: Card.parse("X9"), NotationError),
    ("tables-unseatable", Code.TABLES_UNSEATABLE, lambda: table_split(5), SeatingError),
    ("tables-too-few-1", Code.TABLES_TOO_FEW, lambda: table_split(1), SeatingError),
    ("deals-range", Code.DEALS_RANGE, lambda: table_split(8, deals_at_four=0), SeatingError),
    (
        "deal-number",
        Code.DEAL_NUMBER,
        lambda: dealer_of_deal(0, first_dealer=0, players=4),
        SeatingError,
    ),
    (
        "passed-no-score",
        Code.PASSED_NO_SCORE,
        lambda: declarer_score(PRISDORF, "alle gepasst", players=4),
        None,
    ),
    # Prisdorf's options (issue 12)
    ("kontra-option", Code.KONTRA_OPTION, evaluate("3 gewonnen Kontra"), InvalidEntryError),
    (
        "durch-not-biddable",
        Code.DURCH_NOT_BIDDABLE,
        lambda: PRISDORF.bid_rank(Bid(GameKind.NUMBER, 3, durch=True)),
        InvalidEntryError,
    ),
    (
        "durch-bid-not-played",
        Code.DURCH_BID_NOT_PLAYED,
        lambda: DURCH_BIDDABLE.evaluate(
            DealEntry(Game.parse("3 gewonnen"), 1, bid=DURCH_BIDDABLE.parse_bid("3 Durch")),
            players=4,
        ),
        InvalidEntryError,
    ),
    ("rules-unknown", Code.RULES_UNKNOWN, lambda: rule_set("skat"), RulesError),
    ("rules-option", Code.RULES_OPTION_UNKNOWN, lambda: rule_set("prisdorf", x=1), RulesError),
    # Großenaspe and Mecklenburg (issue 12)
    ("table-size", Code.TABLE_SIZE, aspe("3 gewonnen", players=6), SeatingError),
    ("table-size-meck", Code.TABLE_SIZE, meck(DUTTFIPS, "Fips gewonnen", players=3), None),
    (
        "tables-unseatable-five",
        Code.TABLES_UNSEATABLE_FIVE,
        lambda: aspe_tables(7),
        SeatingError,
    ),
    ("game-missing", Code.GAME_MISSING, lambda: GrossenaspeGame.parse("Gute +"), NotationError),
    ("karo-fipsen", Code.KARO_FIPSEN, aspe("3 gewonnen", players=3), SeatingError),
    ("dealer-missing", Code.DEALER_MISSING, aspe("3 gewonnen", players=5), SeatingError),
    (
        "dealer-sits-out",
        Code.DEALER_SITS_OUT,
        aspe("3 gewonnen", players=5, dealer=1),
        InvalidEntryError,
    ),
    ("kieker-durch-aspe", Code.KIEKER_DURCH, aspe("Kieker Durch gewonnen"), InvalidEntryError),
    ("kloppen-option", Code.KLOPPEN_OPTION, aspe("3 gewonnen geklopft"), InvalidEntryError),
    ("failure-unsaid", Code.FAILURE_UNSAID, aspe("3 verloren"), InvalidEntryError),
    ("beet-impossible", Code.BEET_IMPOSSIBLE, aspe("1 beet"), InvalidEntryError),
    (
        "club-points-missing",
        Code.CLUB_POINTS_MISSING,
        meck(Ansegger(points=ClubTable.of({"3": (3, -3)})), "2 gewonnen"),
        InvalidEntryError,
    ),
    (
        "dutt-not-vorhand",
        Code.DUTT_NOT_VORHAND,
        meck(DUTTFIPS, "Dutt gewonnen", declarer=2),
        InvalidEntryError,
    ),
    (
        "ruten-oewer-by-vorhand",
        Code.RUTEN_OEWER_BY_VORHAND,
        meck(DUTTFIPS, "Ruten oewer verloren"),
        InvalidEntryError,
    ),
    ("tables-of-four", Code.TABLES_OF_FOUR, lambda: fours_split(6), SeatingError),
    ("race-players", Code.RACE_PLAYERS, lambda: Race(players=3), SeatingError),
    ("race-counts", Code.RACE_COUNTS, lambda: Race().start().play([5]), InvalidEntryError),
    ("race-count-6", Code.RACE_TRICK_COUNT, lambda: race_deal([6, 0, 0, 0, 0]), None),
    ("race-count-neg", Code.RACE_TRICK_COUNT, lambda: race_deal([-1, 2, 2, 1, 1]), None),
    ("race-sum-over", Code.RACE_DEAL_SUM, lambda: race_deal([2, 2, 2, 0, 0]), None),
    ("race-sum-under", Code.RACE_DEAL_SUM, lambda: race_deal([1, 1, 1, 1, 0]), None),
    ("race-overshot", Code.RACE_OVERSHOT, lambda: race_deal([3, 0, 0, 0, 0], 8), None),
    (
        "race-two-tenths",
        Code.RACE_TWO_TENTHS,
        lambda: RaceState((8, 9, 0, 0, 0)).play([2, 1, 0, 0, 0]),
        None,
    ),
    ("race-after-tenth", Code.RACE_AFTER_TENTH, lambda: race_tricks([0, 0, 1], 8), None),
    ("race-over", Code.RACE_OVER, lambda: race_deal([0, 0, 0, 0, 0], 10), InvalidEntryError),
    (
        "race-announced-off",
        Code.RACE_ANNOUNCED_OFF,
        lambda: Race().start().play([2, 1, 1, 1, 0], 0),
        InvalidEntryError,
    ),
    ("race-filler", Code.RACE_FILLER, lambda: race_table_split(12, filler=3), SeatingError),
    ("race-unseatable", Code.RACE_TABLES_UNSEATABLE, lambda: race_table_split(7), SeatingError),
    (
        "race-other-filler",
        Code.RACE_TABLES_OTHER_FILLER,
        lambda: race_table_split(11),
        SeatingError,
    ),
    ("tippen-players", Code.TIPPEN_PLAYERS, lambda: Tippen(players=2), SeatingError),
    ("tippen-stake", Code.TIPPEN_STAKE, lambda: Tippen(stake=0), InvalidEntryError),
    ("tippen-max-bete", Code.TIPPEN_MAX_BETE, lambda: Tippen(max_bete=2), InvalidEntryError),
    ("tippen-entries", Code.TIPPEN_ENTRIES, lambda: tippen_deal("1 1 1"), InvalidEntryError),
    ("tippen-range", Code.TIPPEN_TRICKS_RANGE, lambda: tippen_deal("4 0 0 -"), None),
    ("tippen-sum", Code.TIPPEN_TRICKS_SUM, lambda: tippen_deal("1 1 0 -"), None),
    ("tippen-lone", Code.TIPPEN_LONE_TAPPER, lambda: tippen_deal("- 3 - -"), None),
    (
        "tippen-lone-with-others",
        Code.TIPPEN_LONE_WITH_OTHERS,
        lambda: TippenDeal.parse("2 1 t -"),
        NotationError,
    ),
]


def _params(case: tuple[str, Code, Callable[[], object], type[FipsenError] | None]) -> object:
    return pytest.param(*case[1:], id=case[0])


def test_every_code_is_covered() -> None:
    assert {code for _, code, _, _ in CASES} == set(Code)


def test_every_code_has_a_message() -> None:
    assert set(MESSAGES) == set(Code)


@pytest.mark.parametrize(("code", "action", "error_class"), [_params(case) for case in CASES])
def test_code_is_raised_and_its_message_formats(
    code: Code, action: Callable[[], object], error_class: type[FipsenError] | None
) -> None:
    if error_class is not None:
        with pytest.raises(error_class):
            action()
    found = [v for v in violations_of(action) if v.code is code]
    assert found, f"{code} not raised"
    for violation in found:
        template = MESSAGES[code]
        needed = set(PLACEHOLDER.findall(template))
        assert needed <= set(violation.params), (template, violation.params)
        assert all(violation.params[name] is not None for name in needed), violation.params
        message = describe(violation)
        assert message == template % dict(violation.params)
        assert "\n" not in message
        assert message.strip() == message != ""


@pytest.mark.parametrize("code", list(Code))
def test_message_is_a_sentence(code: Code) -> None:
    template = MESSAGES[code]
    assert template[:1].isupper() or template.startswith(("%", "“"))
    assert template.endswith((".", "?", "”."))


def test_error_text_joins_every_violation() -> None:
    with pytest.raises(InvalidEntryError) as info:
        evaluate("1 Hand aufgegeben", None)()
    assert len(info.value.violations) == 3
    assert str(info.value) == " ".join(describe(v) for v in info.value.violations)


@pytest.mark.parametrize(
    "error_class", [InvalidEntryError, NotationError, AuctionError, SeatingError, RulesError]
)
def test_errors_are_fipsen_errors_and_value_errors(error_class: type[FipsenError]) -> None:
    """DESIGN.md: narrow exceptions that subclass ValueError."""
    assert issubclass(error_class, FipsenError)
    assert issubclass(error_class, ValueError)
