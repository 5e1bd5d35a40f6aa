"""The game notation of issue 2: canonical format, parsing, aliases, errors; and Bid.parse."""

from __future__ import annotations

from itertools import product

import pytest

from fipsen_rules import (
    PRISDORF,
    Bid,
    Code,
    Game,
    GameKind,
    NotationError,
    Prisdorf,
    Result,
)

RESULT_WORDS = {Result.WON: "gewonnen", Result.LOST: "verloren", Result.SURRENDERED: "aufgegeben"}


def canonical(game: Game) -> str:
    """The notation of issue 2, written out from the game's fields."""
    if game.kind is GameKind.SIEBENER_FIPS:
        return "Siebener Fips"
    head = "Kieker" if game.kind is GameKind.KIEKER else str(game.tricks)
    flags = [
        w for w, on in (("Hand", game.hand), ("Ruten", game.ruten), ("Durch", game.durch)) if on
    ]
    assert game.result is not None
    return " ".join([head, *flags, RESULT_WORDS[game.result]])


def spec_games(min_bid: int) -> set[Game]:
    """Every game SPEC A13 allows: the legal A13.1 rows, K1-K5, S1."""
    games: set[Game] = set()
    for n, hand, ruten, durch, result in product(
        range(min_bid, 6), (False, True), (False, True), (False, True), (Result.WON, Result.LOST)
    ):
        if n == 5 and not durch:
            continue  # P49/P50/…: the same game as the Durch row
        games.add(Game(GameKind.NUMBER, n, hand, ruten, durch, result))
    for ruten, result in product((False, True), Result):
        games.add(Game(GameKind.KIEKER, None, False, ruten, False, result))
    games.add(Game(GameKind.SIEBENER_FIPS))
    return games


@pytest.mark.parametrize(
    ("rules", "count"), [(PRISDORF, 56 + 6 + 1), (Prisdorf(min_bid=3), 40 + 6 + 1)], ids=["2", "3"]
)
def test_games_are_every_game_of_a13(rules: Prisdorf, count: int) -> None:
    games = list(rules.games())
    assert len(games) == len(set(games)) == count
    assert set(games) == spec_games(rules.min_bid)


@pytest.mark.parametrize("game", list(PRISDORF.games()), ids=str)
def test_canonical_format(game: Game) -> None:
    assert str(game) == canonical(game)
    assert Game.parse(canonical(game)) == game


@pytest.mark.parametrize("game", list(PRISDORF.games()), ids=str)
def test_canonical_format_reads_back_in_any_case(game: Game) -> None:
    assert Game.parse(str(game).upper()) == game
    assert Game.parse(str(game).lower()) == game


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 hand gewonnen", "3 Hand gewonnen"),
        ("3 H gewonnen", "3 Hand gewonnen"),
        ("3 h gewonnen", "3 Hand gewonnen"),
        ("3 ruten verloren", "3 Ruten verloren"),
        ("3 R verloren", "3 Ruten verloren"),
        ("2 durch gewonnen", "2 Durch gewonnen"),
        ("2 D gewonnen", "2 Durch gewonnen"),
        ("4 won", "4 gewonnen"),
        ("4 WON", "4 gewonnen"),
        ("4 +", "4 gewonnen"),
        ("4 lost", "4 verloren"),
        ("4 -", "4 verloren"),
        ("3 H R D +", "3 Hand Ruten Durch gewonnen"),
        ("3 h r d -", "3 Hand Ruten Durch verloren"),
        ("3 HAND RUTEN DURCH GEWONNEN", "3 Hand Ruten Durch gewonnen"),
        ("3 hAnD rUtEn VeRlOrEn", "3 Hand Ruten verloren"),
        ("  3   Hand\tgewonnen ", "3 Hand gewonnen"),
        ("Kieker surrendered", "Kieker aufgegeben"),
        ("kieker aufgegeben", "Kieker aufgegeben"),
        ("KIEKER GEWONNEN", "Kieker gewonnen"),
        ("Kieker R lost", "Kieker Ruten verloren"),
        ("kieker ruten +", "Kieker Ruten gewonnen"),
        ("Kieker Ruten surrendered", "Kieker Ruten aufgegeben"),
        ("siebener fips", "Siebener Fips"),
        ("SIEBENER FIPS", "Siebener Fips"),
    ],
)
def test_aliases_and_case(text: str, expected: str) -> None:
    game = Game.parse(text)
    assert str(game) == expected
    assert game == Game.parse(expected)


@pytest.mark.parametrize(
    ("without", "with_durch"),
    [
        ("5 gewonnen", "5 Durch gewonnen"),
        ("5 verloren", "5 Durch verloren"),
        ("5 Hand gewonnen", "5 Hand Durch gewonnen"),
        ("5 Ruten verloren", "5 Ruten Durch verloren"),
        ("5 H R +", "5 Hand Ruten Durch gewonnen"),
        ("5 lost", "5 D -"),
    ],
)
def test_a_5_always_carries_durch(without: str, with_durch: str) -> None:
    assert Game.parse(without) == Game.parse(with_durch)
    assert Game.parse(without).durch is True
    assert str(Game.parse(without)) == str(Game.parse(with_durch))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("3 Hand Hand gewonnen", "Hand"),
        ("3 Hand H gewonnen", "H"),
        ("3 h hand gewonnen", "hand"),
        ("3 Ruten R gewonnen", "R"),
        ("2 Durch d gewonnen", "d"),
        ("3 gewonnen +", "+"),
        ("3 verloren lost", "lost"),
        ("3 - -", "-"),
        ("3 3 gewonnen", "3"),
        ("Kieker Kieker gewonnen", "Kieker"),
        ("Kieker aufgegeben surrendered", "surrendered"),
        ("Siebener Fips Fips", "Fips"),
    ],
)
def test_each_word_at_most_once(text: str, word: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_REPEATED_WORD
    assert info.value.params["word"] == word


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("3 Kreuz gewonnen", "Kreuz"),
        ("drei gewonnen", "drei"),
        ("3 Hand gewonnen!", "!"),
        ("3 Grand gewonnen", "Grand"),
        ("Null verloren", "Null"),
        ("3 Hand gewonnen x", "x"),
    ],
)
def test_unknown_words(text: str, word: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_UNKNOWN_WORD
    assert info.value.params["word"] == word


@pytest.mark.parametrize("text", ["", " ", "\t\n", "  ,  "])
def test_empty_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_EMPTY


@pytest.mark.parametrize(
    "text",
    [
        "3 gewonnen verloren",
        "3 won lost",
        "3 + -",
        "3 - gewonnen",
        "Kieker gewonnen aufgegeben",
        "Kieker verloren surrendered",
    ],
)
def test_two_results(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_CONFLICT


@pytest.mark.parametrize(
    "text", ["3 4 gewonnen", "Kieker 3 gewonnen", "3 Kieker gewonnen", "Siebener Fips Kieker"]
)
def test_two_games(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_CONFLICT


@pytest.mark.parametrize("text", ["gewonnen", "Hand Ruten verloren", "Durch", "+", "Fips"])
def test_no_game(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_NO_GAME


def test_fips_alone_beside_a_game_is_not_siebener_fips() -> None:
    with pytest.raises(NotationError) as info:
        Game.parse("3 Fips gewonnen")
    assert info.value.code is Code.NOTATION_CONFLICT


@pytest.mark.parametrize(
    ("text", "ruten", "result"),
    [
        ("Kieker gewonnen", False, Result.WON),
        ("Kieker verloren", False, Result.LOST),
        ("Kieker aufgegeben", False, Result.SURRENDERED),
        ("Kieker Ruten gewonnen", True, Result.WON),
        ("Kieker Ruten verloren", True, Result.LOST),
        ("Kieker Ruten aufgegeben", True, Result.SURRENDERED),
    ],
)
def test_kieker_forms(text: str, ruten: bool, result: Result) -> None:
    game = Game.parse(text)
    assert game == Game.kieker(result, ruten=ruten)
    assert game.kind is GameKind.KIEKER
    assert (game.tricks, game.hand, game.durch) == (None, False, False)
    assert str(game) == text


def test_siebener_fips_form() -> None:
    game = Game.parse("Siebener Fips")
    assert game == Game.siebener_fips()
    assert game.kind is GameKind.SIEBENER_FIPS
    assert game.result is None
    assert str(game) == "Siebener Fips"


@pytest.mark.parametrize(
    ("text", "n", "hand", "ruten", "durch", "result"),
    [
        ("2 gewonnen", 2, False, False, False, Result.WON),
        ("3 Hand verloren", 3, True, False, False, Result.LOST),
        ("4 Ruten Durch verloren", 4, False, True, True, Result.LOST),
        ("3 Hand Ruten gewonnen", 3, True, True, False, Result.WON),
        ("5 Hand Ruten Durch verloren", 5, True, True, True, Result.LOST),
    ],
)
def test_number_game_fields(
    text: str, n: int, hand: bool, ruten: bool, durch: bool, result: Result
) -> None:
    game = Game.parse(text)
    assert (game.kind, game.tricks, game.hand, game.ruten, game.durch, game.result) == (
        GameKind.NUMBER,
        n,
        hand,
        ruten,
        durch,
        result,
    )


@pytest.mark.parametrize("text", ["³", "² gewonnen", "3 ¹", "① verloren", "₃ gewonnen"])
def test_digit_like_characters_are_not_a_number(text: str) -> None:
    with pytest.raises(NotationError):
        Game.parse(text)


# Bid.parse


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("2", Bid.number(2)),
        ("3 Hand", Bid.number(3, hand=True)),
        ("3 h", Bid.number(3, hand=True)),
        ("3 Ruten", Bid.number(3, ruten=True)),
        ("3 R", Bid.number(3, ruten=True)),
        ("4 Hand Ruten", Bid.number(4, hand=True, ruten=True)),
        ("4 r H", Bid.number(4, hand=True, ruten=True)),
        ("5", Bid.number(5)),
        ("5 hand ruten", Bid.number(5, hand=True, ruten=True)),
        ("Kieker", Bid.KIEKER),
        ("KIEKER", Bid.KIEKER),
        ("Siebener Fips", Bid.SIEBENER_FIPS),
    ],
)
def test_bid_parse(text: str, bid: Bid) -> None:
    assert Bid.parse(text) == bid


@pytest.mark.parametrize(
    ("bid", "text"),
    [
        (Bid.number(2), "2"),
        (Bid.number(3, hand=True), "3 Hand"),
        (Bid.number(3, ruten=True), "3 Ruten"),
        (Bid.number(4, hand=True, ruten=True), "4 Hand Ruten"),
        (Bid.KIEKER, "Kieker"),
        (Bid.SIEBENER_FIPS, "Siebener Fips"),
    ],
)
def test_bid_format(bid: Bid, text: str) -> None:
    assert str(bid) == text
    assert Bid.parse(str(bid)) == bid


@pytest.mark.parametrize(
    ("bid", "text"),
    [
        (Bid.number(5), "5"),
        (Bid.number(5, hand=True), "5 Hand"),
        (Bid.number(5, hand=True, ruten=True), "5 Hand Ruten"),
    ],
)
def test_bid_of_5_format(bid: Bid, text: str) -> None:
    assert Bid.parse(str(bid)) == bid
    assert str(bid) == text


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("3 Durch", "Durch"),  # SPEC A4.1: Durch is not bid (E11)
        ("2 D", "D"),
        ("3 gewonnen", "gewonnen"),
        ("3 -", "-"),
        ("Kieker aufgegeben", "aufgegeben"),
        ("gepasst", "gepasst"),
    ],
)
def test_bid_parse_rejects_what_is_not_part_of_a_bid(text: str, word: str) -> None:
    with pytest.raises(NotationError) as info:
        Bid.parse(text)
    assert info.value.code is Code.NOTATION_NOT_IN_BID
    assert info.value.params["word"] == word


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", Code.NOTATION_EMPTY),
        ("3 Kreuz", Code.NOTATION_UNKNOWN_WORD),
        ("3 Hand Hand", Code.NOTATION_REPEATED_WORD),
        ("3 4", Code.NOTATION_CONFLICT),
        ("Hand", Code.NOTATION_NO_GAME),
    ],
)
def test_bid_parse_errors(text: str, code: Code) -> None:
    with pytest.raises(NotationError) as info:
        Bid.parse(text)
    assert info.value.code is code


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("2", "2 Hand"),
        ("2 Ruten", "2 Hand Ruten"),
        ("2 Hand Ruten", "3"),
        ("3 Hand Ruten", "4"),
        ("4 Hand Ruten", "Kieker"),  # A4.5
        ("Kieker", "5"),
        ("5", "5 Ruten"),
        ("5 Ruten", "5 Hand Ruten"),
    ],
)
def test_bid_ranks_tricks_first_then_doubles(lower: str, higher: str) -> None:
    """SPEC A4.2."""
    assert PRISDORF.bid_rank(Bid.parse(lower)) < PRISDORF.bid_rank(Bid.parse(higher))


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("2", 0),
        ("2 Hand", 1),
        ("2 Ruten", 1),
        ("2 Hand Ruten", 2),
        ("3", 3),
        ("3 Hand", 4),
        ("3 Ruten", 4),
        ("3 Hand Ruten", 5),
        ("4", 6),
        ("4 Ruten", 7),
        ("4 Hand", 7),
        ("4 Hand Ruten", 8),
        ("Kieker", 9),
        ("5", 10),
        ("5 Hand", 11),
        ("5 Ruten", 11),
        ("5 Hand Ruten", 12),
    ],
)
def test_bid_rank_codes_of_a4_2(text: str, rank: int) -> None:
    assert PRISDORF.bid_rank(Bid.parse(text)) == rank


@pytest.mark.parametrize("text", ["2", "2 Hand", "2 Ruten", "2 Hand Ruten"])
def test_bids_of_2_are_illegal_with_minimum_bid_3(text: str) -> None:
    rules = Prisdorf(min_bid=3)
    assert [v.code for v in rules.check_bid(Bid.parse(text))] == [Code.BID_TRICKS]


def test_siebener_fips_outranks_every_bid() -> None:
    top = PRISDORF.bid_rank(Bid.parse("5 Hand Ruten"))
    assert PRISDORF.bid_rank(Bid.SIEBENER_FIPS) > top


@pytest.mark.parametrize("text", ["Kieker Ruten", "Kieker Hand"])
def test_kieker_is_bid_without_doubles(text: str) -> None:
    """A4.6: no "Kieker Ruten" bid; A10.8: no "Kieker Hand"."""
    assert PRISDORF.check_bid(Bid.parse(text)) != ()


HUGE = "7" * 5000  # past Python's 4,300-digit limit of int()


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (Game.parse, f"{HUGE} gewonnen"),
        (Game.parse, HUGE),
        (Bid.parse, HUGE),
        (Bid.parse, f"{HUGE} Hand"),
    ],
    ids=["game", "game-alone", "bid", "bid-hand"],
)
def test_a_number_too_long_for_tricks_is_a_notation_error(parse: object, text: str) -> None:
    """Issue 12: not the plain ValueError of int(), and the message stays short."""
    with pytest.raises(NotationError) as info:
        parse(text)  # type: ignore[operator]
    assert info.value.code is Code.NOTATION_UNKNOWN_WORD
    assert len(str(info.value)) < 60


@pytest.mark.parametrize("text", ["-4", "−4", "+4", "3 Hand -4", "-3 Hand", "+3 gewonnen"])
def test_a_signed_number_is_a_score_not_a_game(text: str) -> None:
    """Issue 12: "-4" is a score; it is not "4 verloren"."""
    with pytest.raises(NotationError) as info:
        Game.parse(text)
    assert info.value.code is Code.NOTATION_UNKNOWN_WORD


@pytest.mark.parametrize(
    ("text", "game"),
    [("4 -", "4 verloren"), ("4-", "4 verloren"), ("3 h r +", "3 Hand Ruten gewonnen")],
)
def test_a_sign_apart_from_the_number_is_still_a_result(text: str, game: str) -> None:
    assert str(Game.parse(text)) == game


@pytest.mark.parametrize(
    ("rule_set", "text", "wrong"),
    [
        ("prisdorf", "3 Hand verloren", "3 Hand Hand verloren"),
        ("duttfips", "Dutt verloren", "Dutt Dutt verloren"),
        ("ansegger", "3 Ruten gewonnen", "3 3 gewonnen"),
        ("grossenaspe", "3 Gute pott beet", "3 Gute Kreuz gewonnen"),
    ],
)
def test_a_text_is_read_once_and_a_refused_one_every_time(
    rule_set: str, text: str, wrong: str
) -> None:
    """Issue 31: a night's deals are a few dozen texts, entered, replayed and imported again
    and again, so each notation keeps the game of a text it read (a frozen value, shared);
    a text it refused is refused again, with its message, however often it comes."""
    from fipsen_rules.rulesets import scored_rule_set

    rules = scored_rule_set(rule_set)
    game = rules.parse(text)
    assert rules.parse(text) is game
    assert rules.parse(rules.format(game)) == game
    for _ in range(2):
        with pytest.raises(NotationError):
            rules.parse(wrong)
