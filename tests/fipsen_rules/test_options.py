"""Prisdorf's options of issue 12: Kontra and Re (SPEC C2), Durch as a bid (SPEC A18.1), and
the three-player Kieker described for the captain (SPEC A10.4)."""

from __future__ import annotations

import pytest

from fipsen_rules import PRISDORF, Bid, Code, DealEntry, Game, InvalidEntryError, Prisdorf
from fipsen_rules.messages import KIEKER_PROCEDURES

KONTRA = Prisdorf(kontra=True)
DURCH_BIDDABLE = Prisdorf(durch_biddable=True)


def refused(rules: Prisdorf, entry: DealEntry, players: int = 4) -> set[Code]:
    with pytest.raises(InvalidEntryError) as info:
        rules.evaluate(entry, players=players)
    return {violation.code for violation in info.value.violations}


# SPEC C2 "Default if enabled": "The final score (won or lost) is multiplied by 2 (Kontra) or 4
# (Re)"; SPEC A12 "Optional Kontra ...: score · 2^(kontra + re)".
KONTRA_SCORES = [
    ("3 gewonnen Kontra", 6),
    ("3 gewonnen Kontra Re", 12),
    ("3 gewonnen Rekontra", 12),
    ("3 Hand verloren Kontra", -24),
    ("3 Hand Kontra Re verloren", -48),
    ("5 Hand Ruten verloren Re", -320),  # Re answers a Kontra: it carries one
    ("Kieker Ruten gewonnen Kontra", 40),
    ("Kieker verloren Kontra Re", -80),
]


@pytest.mark.parametrize(("text", "score"), KONTRA_SCORES, ids=[t for t, _ in KONTRA_SCORES])
def test_kontra_and_re_double_the_score(text: str, score: int) -> None:
    assert KONTRA.score(Game.parse(text)) == score
    assert score in KONTRA.possible_scores()


@pytest.mark.parametrize(("text", "score"), KONTRA_SCORES, ids=[t for t, _ in KONTRA_SCORES])
def test_kontra_is_refused_unless_agreed(text: str, score: int) -> None:
    """SPEC C2/B1.4: "Preisfipsen is played without Kontra and Re" (E60)."""
    assert refused(PRISDORF, DealEntry(Game.parse(text), declarer=1)) == {Code.KONTRA_OPTION}


@pytest.mark.parametrize("text", ["Siebener Fips Kontra", "Kieker aufgegeben Kontra"])
def test_kontra_does_not_apply_to_a_siebener_fips_or_a_surrender(text: str) -> None:
    """SPEC C2: "It does not apply to Siebener Fips or a Kieker surrender."""
    assert refused(KONTRA, DealEntry(Game.parse(text), declarer=1)) == {Code.NOT_APPLICABLE}


def test_kontra_round_trips_in_the_notation() -> None:
    game = Game.parse("3 h kontra re -")
    assert (game.kontra, game.re) == (True, True)
    assert str(game) == "3 Hand Kontra Re verloren"
    assert Game.parse(str(game)) == game
    assert KONTRA.format(KONTRA.parse("4 Re +")) == "4 Kontra Re gewonnen"


def test_kontra_is_not_part_of_a_bid() -> None:
    with pytest.raises(ValueError, match="Kontra"):
        Bid.parse("3 Kontra")


def test_without_kontra_the_possible_scores_stay_the_tournaments() -> None:
    assert set(PRISDORF.possible_scores()) < set(KONTRA.possible_scores())
    assert max(KONTRA.possible_scores()) == 160  # 5 Hand Ruten won, Re
    assert min(KONTRA.possible_scores()) == -320


# SPEC A18.1: "Durch becomes a third announceable double: k ∈ 0..3 for n < 5. The rank stays
# tricks-first, then k"; "A bid naming Durch MUST be played for all 5 tricks"; "Scoring is
# unchanged (A12)".
def test_durch_cannot_be_bid_by_default() -> None:
    """SPEC A18 row 1: [PD] "wird nicht gereizt"."""
    with pytest.raises(ValueError, match="Durch"):
        PRISDORF.parse_bid("3 Durch")
    with pytest.raises(InvalidEntryError) as info:
        PRISDORF.bid_rank(Bid.parse("3 Durch", durch=True))
    assert info.value.code is Code.DURCH_NOT_BIDDABLE


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("2 Hand Ruten", "2 Hand Ruten Durch"),  # three doubles above two
        ("2 Hand Ruten Durch", "3"),  # tricks first
        ("3 Durch", "3 Hand Ruten"),  # two doubles above one, whichever they are
        ("4 Hand Ruten Durch", "Kieker"),
        ("Kieker", "5"),
        ("5 Hand Ruten", "Siebener Fips"),
    ],
)
def test_a_bid_durch_ranks_as_a_double(lower: str, higher: str) -> None:
    rank = DURCH_BIDDABLE.bid_rank
    assert rank(DURCH_BIDDABLE.parse_bid(lower)) < rank(DURCH_BIDDABLE.parse_bid(higher))


def test_a_bid_durch_and_hand_rank_equal() -> None:
    rank = DURCH_BIDDABLE.bid_rank
    assert rank(DURCH_BIDDABLE.parse_bid("3 Durch")) == rank(DURCH_BIDDABLE.parse_bid("3 Hand"))


def entry(game: str, bid: str, tricks: int | None = None) -> DealEntry:
    return DealEntry(Game.parse(game), 1, tricks, bid=DURCH_BIDDABLE.parse_bid(bid))


def test_a_bid_durch_must_be_played_as_durch() -> None:
    assert refused(DURCH_BIDDABLE, entry("3 gewonnen", "3 Durch")) == {Code.DURCH_BID_NOT_PLAYED}


@pytest.mark.parametrize("tricks", [0, 1, 2, 3, 4])
def test_a_bid_durch_can_fail_at_any_trick(tricks: int) -> None:
    """SPEC A18.1: "The first lost trick loses the game at −2·n·2^(H+R+1)"."""
    outcome = DURCH_BIDDABLE.evaluate(entry("3 Durch verloren", "3 Durch", tricks), players=4)
    assert outcome.declarer_score == -2 * 3 * 2


def test_a_durch_not_bid_is_still_tried_only_after_the_bid() -> None:
    """SPEC A9: without a bid Durch, a lost Durch has at least the bid's tricks."""
    assert refused(DURCH_BIDDABLE, entry("3 Durch verloren", "3", 1)) == {Code.DURCH_BEFORE_BID}


def test_scoring_is_unchanged_by_durch_biddable() -> None:
    assert DURCH_BIDDABLE.possible_scores() == PRISDORF.possible_scores()


# SPEC A10.4: "He throws away his original 5 cards, takes the Skat (2) and the 8 set-aside
# cards (10 cards), discards 5, and names trumps."
def test_the_kieker_at_three_is_described_for_the_captain() -> None:
    note = PRISDORF.kieker_procedure(3)
    assert note == KIEKER_PROCEDURES[3]
    assert "throws his five cards away" in note
    assert "8 cards" in note
    assert "3 cards" in PRISDORF.kieker_procedure(4)


def test_the_kieker_procedure_is_for_a_table_of_three_or_four() -> None:
    with pytest.raises(ValueError, match="3 or 4"):
        PRISDORF.kieker_procedure(5)
