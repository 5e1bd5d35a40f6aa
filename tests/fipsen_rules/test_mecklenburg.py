"""Mecklenburg Fips: Ansegger Fips and Duttfips (issue 12; SPEC C5). The cases quote pagat's
"Mecklenburg Fips" (seed ``000_301405a511068385.txt``, lines 160-168, after Wossidlo-Teuchert,
*Mecklenburgisches Wörterbuch* vol. 2), cited as [PE] with the sentence."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules.errors import Code, FipsenError, InvalidEntryError, NotationError, SeatingError
from fipsen_rules.game import Result
from fipsen_rules.mecklenburg import (
    ANSEGGER,
    CLUB_TABLE_NOTE,
    DUTTFIPS,
    EXAMPLE_TABLE_NOTE,
    Ansegger,
    ClubTable,
    Duttfips,
)
from fipsen_rules.mecklenburg_game import MeckKind, MecklenburgGame

# A club's own table, as an organiser would fill it in before play.
CLUB = ClubTable.of(
    {"1": (1, -2), "1 Ruten": (2, -4), "3": (3, -6), "Fips": (10, -20), "Rutenfips": (20, -40)}
)


def test_the_source_gives_no_scores_and_the_table_says_so() -> None:
    """[PE] "Unfortunately Wossildo and Teuchert do not explain the scoring in these games."
    Every table is the club's (or the app's example), never the source's."""
    assert not ClubTable.from_source
    assert Ansegger(points=CLUB).points.note == CLUB_TABLE_NOTE
    assert ANSEGGER.points.example
    assert ANSEGGER.points.note == DUTTFIPS.points.note == EXAMPLE_TABLE_NOTE
    assert "example" in EXAMPLE_TABLE_NOTE
    assert "no scores" in CLUB_TABLE_NOTE


# [PE] "The possible bids are numbers from 1 to 5, which can be overcalled by a bid for the
# same number of tricks with diamonds (Ruten) as trumps. ... A bid of 5 is also known as Fips,
# which can be overcalled by Rutenfips."
ANSEGGER_ORDER = ["1", "1 Ruten", "2", "2 Ruten", "3", "3 Ruten", "4", "4 Ruten", "Fips"]
ANSEGGER_ORDER += ["Rutenfips"]
# [PE] Duttfips: "if no one bids, the player to dealer's left, takes the 5 Dutt cards ...
# Another player may bid 'Ruten oewer!' ... Or any player may bid Fips ... or the highest bid
# Rutenfips"
DUTTFIPS_ORDER = ["Dutt", "Ruten oewer", "Fips", "Rutenfips"]


@pytest.mark.parametrize(
    ("rules", "order"), [(ANSEGGER, ANSEGGER_ORDER), (DUTTFIPS, DUTTFIPS_ORDER)], ids=str
)
def test_bids_rank_as_the_source_says(rules: Ansegger | Duttfips, order: list[str]) -> None:
    assert [rules.bid_rank(rules.parse(bid)) for bid in order] == list(range(len(order)))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("5 gewonnen", "Fips gewonnen"),  # [PE] "A bid of 5 is also known as Fips"
        ("5 Ruten verloren", "Rutenfips verloren"),
        ("Ruten Fips +", "Rutenfips gewonnen"),
        ("rutenfips -", "Rutenfips verloren"),
        ("Ruten oewer! gewonnen", "Ruten oewer gewonnen"),  # [PE] "'Ruten oewer!'"
        ("Ruten över verloren", "Ruten oewer verloren"),
        ("Dutt Ruten gewonnen", "Ruten oewer gewonnen"),
        ("DUTT WON", "Dutt gewonnen"),
        ("3 ruten", "3 Ruten"),
        ("alle gepasst", "alle gepasst"),
    ],
)
def test_notation_in_its_own_words(text: str, canonical: str) -> None:
    assert str(MecklenburgGame.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", Code.NOTATION_EMPTY),
        ("3 Hand gewonnen", Code.NOTATION_UNKNOWN_WORD),
        ("3 Ruten Ruten", Code.NOTATION_REPEATED_WORD),
        ("Rutenfips Ruten", Code.NOTATION_REPEATED_WORD),
        ("3 Fips", Code.NOTATION_CONFLICT),
        ("Dutt gewonnen verloren", Code.NOTATION_CONFLICT),
        ("oewer gewonnen", Code.NOTATION_CONFLICT),
        ("alle 3", Code.NOTATION_CONFLICT),
        ("Ruten gewonnen", Code.GAME_MISSING),
    ],
)
def test_notation_errors(text: str, code: Code) -> None:
    with pytest.raises(NotationError) as info:
        MecklenburgGame.parse(text)
    assert info.value.code is code


@pytest.mark.parametrize(
    ("text", "declarer", "expected"),
    [
        ("3 gewonnen", 1, (0, 3, 0, 0)),
        ("3 verloren", 1, (0, -6, 0, 0)),
        ("1 Ruten gewonnen", 2, (0, 0, 2, 0)),
        ("Fips verloren", 0, (-20, 0, 0, 0)),
        ("Rutenfips gewonnen", 3, (0, 0, 0, 20)),
    ],
)
def test_ansegger_scores_from_the_clubs_table(
    text: str, declarer: int, expected: tuple[int, ...]
) -> None:
    rules = Ansegger(points=CLUB)
    outcome = rules.evaluate(rules.parse(text), players=4, declarer=declarer)
    assert outcome.score_changes == expected
    assert outcome.game_value == outcome.declarer_score == rules.score(rules.parse(text))


def test_a_contract_the_club_left_out_is_refused() -> None:
    rules = Ansegger(points=CLUB)
    with pytest.raises(InvalidEntryError) as info:
        rules.evaluate(rules.parse("2 gewonnen"), players=4, declarer=1)
    assert info.value.code is Code.CLUB_POINTS_MISSING
    assert info.value.params == {"contract": "2"}


def test_all_passed_is_a_new_deal_in_ansegger_only() -> None:
    """[PE] Ansegger: "If all pass the cards are thrown in and there is a new deal." Duttfips:
    "if no one bids", Vorhand takes the Dutt, so there is no passed deal."""
    outcome = ANSEGGER.evaluate(ANSEGGER.parse("alle gepasst"), players=4)
    assert (outcome.score_changes, outcome.counts_as_deal) == ((0, 0, 0, 0), False)
    with pytest.raises(InvalidEntryError) as info:
        DUTTFIPS.evaluate(DUTTFIPS.parse("alle gepasst"), players=4)
    assert info.value.code is Code.NOT_APPLICABLE


@pytest.mark.parametrize(
    ("text", "dealer", "declarer", "code"),
    [
        ("Dutt gewonnen", 0, 2, Code.DUTT_NOT_VORHAND),  # "the player to dealer's left"
        ("Ruten oewer gewonnen", 0, 1, Code.RUTEN_OEWER_BY_VORHAND),  # "Another player"
    ],
)
def test_who_takes_the_dutt(text: str, dealer: int, declarer: int, code: Code) -> None:
    game = DUTTFIPS.parse(text)
    with pytest.raises(InvalidEntryError) as info:
        DUTTFIPS.evaluate(game, players=4, declarer=declarer, dealer=dealer)
    assert info.value.code is code
    assert DUTTFIPS.evaluate(game, players=4, declarer=declarer).declarer == declarer


@pytest.mark.parametrize(
    ("rules", "text", "code"),
    [
        (ANSEGGER, "Dutt gewonnen", Code.NOT_APPLICABLE),
        (DUTTFIPS, "3 gewonnen", Code.NOT_APPLICABLE),
        (ANSEGGER, "7 gewonnen", Code.BID_TRICKS),
        (ANSEGGER, "0 gewonnen", Code.BID_TRICKS),
        (ANSEGGER, "3", Code.RESULT_MISSING),
        (ANSEGGER, "alle gepasst gewonnen", Code.NOT_APPLICABLE),
    ],
    ids=str,
)
def test_games_the_rules_refuse(rules: Ansegger | Duttfips, text: str, code: Code) -> None:
    with pytest.raises(InvalidEntryError) as info:
        rules.score(rules.parse(text))
    assert code in {violation.code for violation in info.value.violations}


def test_a_surrender_is_not_a_result_here() -> None:
    game = MecklenburgGame(MeckKind.FIPS, result=Result.SURRENDERED)
    with pytest.raises(InvalidEntryError) as info:
        ANSEGGER.score(game)
    assert info.value.code is Code.NOT_APPLICABLE


@pytest.mark.parametrize(
    ("players", "dealer", "error", "code"),
    [
        (3, None, SeatingError, Code.TABLE_SIZE),  # [PE] "played by four players"
        (5, None, SeatingError, Code.TABLE_SIZE),
        (4, 4, SeatingError, Code.SEAT),
    ],
)
def test_four_players(
    players: int, dealer: int | None, error: type[FipsenError], code: Code
) -> None:
    with pytest.raises(error) as info:
        DUTTFIPS.evaluate(
            DUTTFIPS.parse("Fips gewonnen"), players=players, declarer=1, dealer=dealer
        )
    assert info.value.code is code


def test_a_table_is_of_its_own_rule_set() -> None:
    with pytest.raises(InvalidEntryError) as info:
        Duttfips(points=CLUB)
    assert info.value.code is Code.NOT_APPLICABLE
    with pytest.raises(InvalidEntryError):
        ClubTable.of({"3 gewonnen": (3, -3)})


def test_possible_scores_come_from_the_table() -> None:
    assert Ansegger(points=CLUB).possible_scores() == (-40, -20, -6, -4, -2, 1, 2, 3, 10, 20)
    assert DUTTFIPS.possible_scores() == (-20, -10, -4, -2, 2, 4, 10, 20)


@given(st.sampled_from([*ANSEGGER.games(), *DUTTFIPS.games(), MecklenburgGame(MeckKind.PASSED)]))
def test_format_then_parse_gives_the_same_game(game: MecklenburgGame) -> None:
    assert MecklenburgGame.parse(str(game)) == game
    assert MecklenburgGame.parse(str(game).upper()) == game


@given(
    kind=st.sampled_from(MeckKind),
    tricks=st.integers(min_value=0, max_value=10**6),
    ruten=st.booleans(),
    result=st.none() | st.sampled_from([Result.WON, Result.LOST]),
)
def test_any_game_value_reads_back(
    kind: MeckKind, tricks: int, ruten: bool, result: Result | None
) -> None:
    game = MecklenburgGame(kind, tricks if kind is MeckKind.NUMBER else None, ruten, result)
    assert MecklenburgGame.parse(str(game)) == game


@settings(deadline=None, max_examples=300)
@given(text=st.text())
def test_any_text_parses_or_raises_a_notation_error(text: str) -> None:
    try:
        game = MecklenburgGame.parse(text)
    except NotationError:
        return
    assert MecklenburgGame.parse(str(game)) == game
