"""Tippen (Dreiblatt) as a pot ledger (issue 12; SPEC C6).

The sentences quoted are from the Wikipedia article, seed ``004_…``: its section "Tippen
(20th century)" after Grupp (1975) and Katira (1983), and Alvensleben (1859) for the maximum
bête.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fipsen_rules import (
    Bete,
    Code,
    FipsenError,
    NotationError,
    SeatingError,
    Tippen,
    TippenDeal,
    TippenState,
    places,
)


def play(rules: Tippen, *deals: str) -> TippenState:
    return rules.play_all([TippenDeal.parse(deal) for deal in deals])


def code_of(rules: Tippen, *deals: str) -> Code:
    with pytest.raises(FipsenError) as info:
        play(rules, *deals)
    return info.value.code


# "Dealer pays 3 chips into the pot" ... "If all pass, the next dealer also pays a stake,
# shuffles, offers the cut and redeals."
def test_all_passed_the_next_dealer_also_pays_a_stake() -> None:
    state = play(Tippen(players=4), "- - - -", "- - - -")
    assert state.chips == (-3, -3, 0, 0)
    assert state.pot == 6
    assert state.dealer == 2


# "If only one player tipps, he wins the pot, the dealer rotates and a new deal begins."
@pytest.mark.parametrize("tapper", range(4))
def test_one_tapper_wins_the_pot(tapper: int) -> None:
    lone = ["-"] * 4
    lone[tapper] = "t"
    state = play(Tippen(players=4), "- - - -", " ".join(lone))
    assert state.pot == 0
    assert state.chips[tapper] == 6 - 3 * (tapper in (0, 1))
    assert state.dealer == 2


# "Each won trick is worth a third of the pot."
@pytest.mark.parametrize(
    ("deal", "chips"),
    [
        pytest.param("2 1 - -", (-1, 1, 0, 0), id="two-and-one"),
        pytest.param("1 1 1 -", (-2, 1, 1, 0), id="one-each"),
        pytest.param("3 0 - -", (0, -3, 0, 0), id="three-and-a-bete"),
        pytest.param("- 1 1 1", (-3, 1, 1, 1), id="dealer-passes"),
    ],
)
def test_each_trick_wins_a_third_of_the_pot(deal: str, chips: tuple[int, ...]) -> None:
    assert play(Tippen(players=4), deal).chips == chips


# "Any active player who fails to win a single trick must pay a bête equivalent to the contents
# of the pot (Katira) or the basic stake of 3 chips (Grupp)."
@pytest.mark.parametrize(
    ("bete", "chips", "pot"),
    [
        pytest.param(Bete.GRUPP, (-6, -3, -3, 6), 6, id="grupp-the-stake"),
        pytest.param(Bete.KATIRA, (-9, -3, -6, 6), 12, id="katira-the-pot"),
    ],
)
def test_the_bete(bete: Bete, chips: tuple[int, ...], pot: int) -> None:
    # all pass, then seat 3 takes all three tricks of a pot of 6 against seats 0 and 2
    state = play(Tippen(players=4, bete=bete), "- - - -", "0 - 0 3")
    assert state.chips == chips
    assert state.pot == pot


# "To limit the size of the pot, players usually agree a maximum bête. Everything above that is
# set aside for the next or subsequent deals along with the basic stake anted by the dealer."
def test_the_maximum_bete_sets_the_excess_aside() -> None:
    rules = Tippen(players=4, bete=Bete.KATIRA, max_bete=6)
    state = play(rules, "- - - -", "- - - -", "0 0 0 3")  # pot of 9: three bêtes of 6
    assert state.chips == (-9, -9, -9, 9)
    assert (state.pot, state.reserve) == (6, 12)
    later = state.play(TippenDeal.parse("1 1 1 -"))  # dealer 3 antes: pot 9, 3 a trick
    assert later.chips == (-6, -6, -6, 6)
    assert (later.pot, later.reserve) == (6, 6)


def test_a_pot_that_does_not_divide_by_three_keeps_the_remainder() -> None:
    state = play(Tippen(players=3, stake=4), "1 1 1")
    assert state.chips == (-3, 1, 1)
    assert state.pot == 1


@pytest.mark.parametrize(
    ("players", "deal", "code"),
    [
        pytest.param(4, "1 1 1", Code.TIPPEN_ENTRIES, id="three-entries-at-four"),
        pytest.param(3, "1 1 1 -", Code.TIPPEN_ENTRIES, id="four-entries-at-three"),
        pytest.param(4, "4 0 - -", Code.TIPPEN_TRICKS_RANGE, id="four-tricks"),
        pytest.param(4, "2 2 - -", Code.TIPPEN_TRICKS_SUM, id="four-tricks-in-all"),
        pytest.param(4, "1 1 - -", Code.TIPPEN_TRICKS_SUM, id="two-tricks-in-all"),
        pytest.param(4, "- - 3 -", Code.TIPPEN_LONE_TAPPER, id="lone-with-tricks"),
    ],
)
def test_a_deal_that_cannot_be(players: int, deal: str, code: Code) -> None:
    assert code_of(Tippen(players=players), deal) is code


@pytest.mark.parametrize("text", ["", "1 x 1", "1 -1 1", "1 " + "9" * 5000 + " 1"])
def test_a_deal_that_is_not_written_so(text: str) -> None:
    with pytest.raises(NotationError):
        TippenDeal.parse(text)


@pytest.mark.parametrize(("players", "ok"), [(2, False), (3, True), (6, True), (7, False)])
def test_three_to_six_players(players: int, ok: bool) -> None:
    if ok:
        assert Tippen(players=players).start().chips == (0,) * players
    else:
        with pytest.raises(SeatingError):
            Tippen(players=players)


def test_standings_by_chips() -> None:
    state = play(Tippen(players=4), "2 1 - 0")
    assert places(dict(enumerate((c,) for c in state.chips))) == {1: 1, 2: 2, 0: 3, 3: 4}


@st.composite
def deals(draw: st.DrawFn, players: int) -> TippenDeal:
    taps: list[int | None] = [draw(st.sampled_from([None, 0])) for _ in range(players)]
    tappers = [seat for seat, tap in enumerate(taps) if tap is not None]
    if len(tappers) > 1:
        for winner in draw(st.lists(st.sampled_from(tappers), min_size=3, max_size=3)):
            taps[winner] = (taps[winner] or 0) + 1
    return TippenDeal(tuple(taps))


@st.composite
def evenings(draw: st.DrawFn) -> TippenState:
    players = draw(st.integers(3, 6))
    rules = Tippen(
        players=players,
        stake=draw(st.integers(1, 5)),
        bete=draw(st.sampled_from(list(Bete))),
        max_bete=draw(st.none() | st.integers(5, 30)),
    )
    return rules.play_all(draw(st.lists(deals(players), max_size=25)))


@given(evenings())
def test_chips_pot_and_reserve_sum_to_zero(state: TippenState) -> None:
    assert sum(state.chips) + state.pot + state.reserve == 0
    assert state.pot >= 0
    assert state.reserve >= 0
    if state.rules.max_bete is not None:
        assert state.pot <= state.rules.max_bete


@given(st.integers(3, 6).flatmap(deals))
def test_a_deal_round_trips_through_its_notation(deal: TippenDeal) -> None:
    assert TippenDeal.parse(str(deal)) == deal
