"""Preisskat (issue 28 item 1), computed by hand from /work/shared/rules/PREISSKAT.md: every
value, the list's points, what a word implies, what is refused, and the command line."""

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules import Code, InvalidEntryError, NotationError, SeatingError
from fipsen_rules.preisskat import PREISSKAT, Preisskat
from fipsen_rules.preisskat_game import Level, PassedGame, SkatGame, Trump

KONTRA = Preisskat(kontra=True)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # base × (Spitzen + 1 for the game + each level)
        ("Karo mit 1 gewonnen", 9 * 2),
        ("Herz ohne 2 gewonnen", 10 * 3),
        ("Pik mit 3 gewonnen", 11 * 4),
        ("Kreuz mit 1 Hand gewonnen", 12 * 3),
        ("Grand mit 1 gewonnen", 24 * 2),
        ("Grand ohne 4 Hand gewonnen", 24 * 6),
        ("Kreuz ohne 11 gewonnen", 12 * 12),
        ("Herz mit 1 Schneider gewonnen", 10 * 3),
        ("Herz mit 1 Schneider Schwarz gewonnen", 10 * 4),  # Schwarz includes Schneider
        ("Herz mit 1 Schwarz gewonnen", 10 * 4),
        ("Pik mit 2 Hand Schneider angesagt gewonnen", 11 * 6),  # made Schneider: +2
        ("Pik mit 2 Hand Schwarz angesagt gewonnen", 11 * 8),  # +Schneider both, +Schwarz both
        ("Pik mit 2 Hand Schneider angesagt verloren", 11 * 5),  # announced, not made
        ("Kreuz ouvert mit 2 gewonnen", 108),  # ISkO 5.2.6: 9 × 12
        ("Grand ouvert mit 4 gewonnen", 264),  # ISkO 5.2.6: 11 × 24
        ("Null gewonnen", 23),
        ("Null Hand gewonnen", 35),
        ("Null ouvert verloren", 46),
        ("Null ouvert Hand gewonnen", 59),
    ],
)
def test_the_value_of_a_game(text: str, value: int) -> None:
    game = PREISSKAT.parse(text)
    assert isinstance(game, SkatGame)
    assert game.value == game.charged == value


@pytest.mark.parametrize(
    ("text", "players", "declarer", "dealer", "changes"),
    [
        # won: + value + 50; the others nothing
        ("Kreuz mit 2 Hand gewonnen", 4, 1, 0, (0, 98, 0, 0)),
        ("Grand mit 1 gewonnen", 3, 0, None, (98, 0, 0)),
        # lost: - 2 × value - 50; every other seat + 30 at four (the dealer too), + 40 at three
        ("Herz mit 1 verloren", 4, 2, 0, (30, 30, -90, 30)),
        ("Herz mit 1 verloren", 3, 2, 0, (40, 40, -90)),
        ("Null Hand verloren", 4, 3, 1, (30, 30, 30, -120)),
        # overbid (PREISSKAT.md's example): Karo ohne 1 = 18, bid 22, lost as 27
        ("Karo ohne 1 verloren Reizung 22", 4, 0, 3, (-104, 30, 30, 30)),
        # a Null overbid is lost as the lowest Null that reaches the bid
        ("Null verloren Reizung 24", 3, 1, None, (40, -120, 40)),
    ],
)
def test_the_list_points_of_a_deal(
    text: str, players: int, declarer: int, dealer: int | None, changes: tuple[int, ...]
) -> None:
    scored = PREISSKAT.evaluate(
        PREISSKAT.parse(text), players=players, declarer=declarer, dealer=dealer
    )
    assert scored.score_changes == changes
    assert scored.counts_as_deal


def test_kontra_and_re_double_where_the_club_plays_them() -> None:
    assert KONTRA.evaluate(KONTRA.parse("Kreuz mit 1 Kontra gewonnen"), players=3,
                           declarer=0).score_changes == (24 * 2 + 50, 0, 0)  # fmt: skip
    assert KONTRA.evaluate(KONTRA.parse("Kreuz mit 1 Kontra Re verloren"), players=3,
                           declarer=0).score_changes == (-2 * 96 - 50, 40, 40)  # fmt: skip
    for text, code in [
        ("Kreuz mit 1 Kontra gewonnen", "preisskat_kontra_not_played"),
        ("Kreuz mit 1 Re gewonnen", "preisskat_kontra_not_played"),
    ]:
        with pytest.raises(InvalidEntryError) as refused:
            PREISSKAT.evaluate(PREISSKAT.parse(text), players=3, declarer=0)
        assert refused.value.code == code
    with pytest.raises(InvalidEntryError) as refused:
        KONTRA.evaluate(KONTRA.parse("Kreuz mit 1 Re gewonnen"), players=3, declarer=0)
    assert refused.value.code == "preisskat_re_without_kontra"


def test_a_passed_deal_counts_and_scores_nothing() -> None:
    scored = PREISSKAT.evaluate(PREISSKAT.parse("EINGEPASST"), players=4, declarer=None, dealer=1)
    assert (scored.score_changes, scored.counts_as_deal) == ((0, 0, 0, 0), True)
    with pytest.raises(InvalidEntryError) as refused:
        PREISSKAT.evaluate(PassedGame(), players=4, declarer=2, dealer=1)
    assert refused.value.code is Code.PASSED_WITH_DECLARER


def test_what_a_word_implies_is_implied() -> None:
    ouvert = PREISSKAT.parse("Pik ouvert mit 1 gewonnen")
    assert isinstance(ouvert, SkatGame)
    assert ouvert.levels == set(Level)  # Hand, both announced, both made, ouvert
    assert str(ouvert) == "Pik mit 1 ouvert gewonnen"
    lost = PREISSKAT.parse("Pik ouvert mit 1 verloren")
    assert isinstance(lost, SkatGame)
    assert Level.SCHNEIDER not in lost.levels
    assert lost.value == 11 * 6
    said = PREISSKAT.parse("Herz mit 1 Hand Schneider angesagt gewonnen")
    assert str(said) == "Herz mit 1 Hand Schneider angesagt gewonnen"  # made: implied
    assert PREISSKAT.parse(str(said)) == said
    # A Null's ouvert is no Hand: the Nulls' four values are apart.
    assert str(PREISSKAT.parse("Null ouvert gewonnen")) == "Null ouvert gewonnen"


def test_words_in_any_order_and_case_make_the_same_game() -> None:
    game = SkatGame(Trump.KREUZ, 2, False, frozenset({Level.HAND}), won=True)
    for text in [
        "Kreuz mit 2 Hand gewonnen",
        "gewonnen hand KREUZ mit 2",
        "Hand mit 2 Kreuz gewonnen",
    ]:
        assert PREISSKAT.parse(text) == game
    assert str(game) == "Kreuz mit 2 Hand gewonnen"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", Code.NOTATION_EMPTY),
        ("Kreuz mit 2 gewonnen gewonnen", Code.NOTATION_REPEATED_WORD),
        ("Kreuz Pik mit 2 gewonnen", Code.NOTATION_CONFLICT),
        ("Kreuz mit 2 gewonnen verloren", Code.NOTATION_CONFLICT),
        ("Kreuz mit 2 ohne 3 gewonnen", Code.NOTATION_CONFLICT),
        ("Kreuz mit 2 Bock gewonnen", Code.NOTATION_UNKNOWN_WORD),
        ("Kreuz angesagt gewonnen", Code.NOTATION_UNKNOWN_WORD),
        ("Hand gewonnen", Code.NOTATION_NO_GAME),
        ("Kreuz mit gewonnen", "preisskat_number_missing"),
        ("Kreuz mit 2 gewonnen Reizung", "preisskat_number_missing"),
    ],
)
def test_what_is_no_game_is_refused_with_its_reason(text: str, code: str) -> None:
    with pytest.raises(NotationError) as refused:
        PREISSKAT.parse(text)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("Kreuz gewonnen", "preisskat_tops_missing", {"most": 11, "game": "Kreuz"}),
        ("Grand mit 5 gewonnen", "preisskat_tops_range", {"game": "Grand", "most": 4, "tops": 5}),
        ("Herz ohne 12 gewonnen", "preisskat_tops_range", {"game": "Herz", "most": 11, "tops": 12}),
        ("Null mit 1 gewonnen", "preisskat_null_level", {}),
        ("Null Schneider gewonnen", "preisskat_null_level", {}),
        ("Pik mit 1 Schneider angesagt gewonnen", "preisskat_announced_without_hand", {}),
        ("Pik mit 1 Schwarz angesagt verloren", "preisskat_announced_without_hand", {}),
        ("Karo mit 1 verloren Reizung 19", "preisskat_bid_value",
         {"bid": 19, "lower": 18, "higher": 20}),
        ("Karo ohne 1 gewonnen Reizung 22", "preisskat_overbid_won", {"bid": 22, "value": 18}),
        ("Null ouvert Hand verloren Reizung 60", "preisskat_null_overbid", {"bid": 60}),
        ("Kreuz mit 1", Code.RESULT_MISSING, {}),
    ],
)  # fmt: skip
def test_an_impossible_game_is_refused_with_its_reason(
    text: str, code: str, params: dict[str, object]
) -> None:
    with pytest.raises(InvalidEntryError) as refused:
        PREISSKAT.evaluate(PREISSKAT.parse(text), players=3, declarer=0)
    assert refused.value.code == code
    assert dict(refused.value.params) == params


def test_at_four_the_dealer_sits_out_and_may_not_declare() -> None:
    with pytest.raises(InvalidEntryError) as refused:
        PREISSKAT.evaluate(PREISSKAT.parse("Grand mit 1 gewonnen"), players=4, declarer=2,
                           dealer=2)  # fmt: skip
    assert refused.value.code is Code.DEALER_SITS_OUT
    # at three everyone plays, the dealer too
    scored = PREISSKAT.evaluate(PREISSKAT.parse("Grand mit 1 gewonnen"), players=3, declarer=2,
                                dealer=2)  # fmt: skip
    assert scored.score_changes == (0, 0, 98)
    with pytest.raises(SeatingError):
        PREISSKAT.evaluate(PREISSKAT.parse("Grand mit 1 gewonnen"), players=5, declarer=0)


def test_a_list_is_48_deals_at_four_and_36_at_three() -> None:
    assert (PREISSKAT.deals_at(4), PREISSKAT.deals_at(3)) == (48, 36)
    assert [(t.size, t.deals) for t in PREISSKAT.split(10)] == [(4, 48), (3, 36), (3, 36)]
    assert [(t.size, t.deals) for t in PREISSKAT.split(7, {4: 24, 3: 18})] == [(4, 24), (3, 18)]


def test_every_possible_score_is_listed() -> None:
    scores = set(PREISSKAT.possible_scores())
    assert {0, 30, 40, 98, -104, 264 + 50, -2 * 264 - 50} <= scores
    grand_kontra = 2 * 264 + 50  # beyond every value undoubled
    assert grand_kontra not in scores
    assert grand_kontra in set(KONTRA.possible_scores())


DEALS = st.lists(
    st.tuples(st.sampled_from(sorted({str(g) for g in PREISSKAT.games()})), st.integers(0, 3)),
    max_size=48,
)


@settings(max_examples=60, deadline=None)
@given(deals=DEALS)
def test_the_list_s_leistung_is_the_sum_of_its_deals(deals: list[tuple[str, int]]) -> None:
    """PREISSKAT.md: Leistung = game points + 50 × (won - lost) + 30 × the others' lost games
    (at four, the dealer sitting out counts them too): the same as adding deal by deal."""
    totals, points, won, lost, others = ([0] * 4 for _ in range(5))
    for number, (text, offset) in enumerate(deals):
        dealer = number % 4
        declarer = (dealer + 1 + offset % 3) % 4
        game = PREISSKAT.parse(text)
        scored = PREISSKAT.evaluate(game, players=4, declarer=declarer, dealer=dealer)
        totals = [t + c for t, c in zip(totals, scored.score_changes, strict=True)]
        points[declarer] += scored.game_value
        if isinstance(game, SkatGame) and game.won:
            won[declarer] += 1
        else:
            lost[declarer] += 1
            for seat in set(range(4)) - {declarer}:
                others[seat] += 1
    assert totals == [
        points[seat] + 50 * (won[seat] - lost[seat]) + 30 * others[seat] for seat in range(4)
    ]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "fipsen_rules", "deal", *args, "--rules", "preisskat"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_the_command_line_prints_every_seat_s_list_points() -> None:
    done = _cli("Kreuz mit 2 Hand gewonnen", "--players", "4", "--declarer", "1", "--dealer", "0")
    assert (done.returncode, done.stdout) == (0, "0 98 0 0\n")
    # at four the dealer (seat 0 unless given) sits out, and is refused as declarer
    done = _cli("Kreuz mit 2 Hand gewonnen", "--players", "4", "--declarer", "0")
    assert done.returncode == 2
    assert "sits out" in done.stderr
    done = _cli("eingepasst", "--players", "3")
    assert (done.returncode, done.stdout) == (0, "0 0 0\n")
    done = _cli("Kreuz mit 1 Kontra verloren", "--players", "3", "--declarer", "2", "--kontra")
    assert (done.returncode, done.stdout) == (0, "40 40 -146\n")  # 2 × 2 × 24 + 50
    done = _cli("Kreuz mit 1 Kontra verloren", "--players", "3", "--declarer", "2")
    assert done.returncode == 2
    assert "without Kontra" in done.stderr
