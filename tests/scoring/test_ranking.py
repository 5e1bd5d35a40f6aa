"""The ranking, shared places and prize sharing (pure functions, hypothesis)."""

from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.standings.ranking import TIE_BREAKS, Figures, Prize, award, percentage_prizes, rank

figures = st.builds(
    Figures,
    key=st.integers(),
    points=st.integers(-500, 500),
    won=st.integers(0, 40),
    lost=st.integers(0, 40),
    best=st.none() | st.integers(-80, 40),
)
players = st.lists(figures, max_size=40, unique_by=lambda f: f.key)
orders = st.lists(st.sampled_from(sorted(TIE_BREAKS)), unique=True)


@given(players, orders)
def test_places_follow_the_points(field: list[Figures[int]], order: list[str]) -> None:
    ranked = rank(field, order)
    assert sorted(r.figures.key for r in ranked) == sorted(f.key for f in field)
    for higher, lower in pairwise(ranked):
        assert higher.figures.points >= lower.figures.points
        assert higher.place <= lower.place


@given(players, orders)
def test_a_place_is_one_more_than_the_players_ranked_above(
    field: list[Figures[int]], order: list[str]
) -> None:
    ranked = rank(field, order)
    for entry in ranked:
        above = sum(1 for other in ranked if other.place < entry.place)
        assert entry.place == above + 1


@given(players)
def test_without_tie_breaks_equal_points_share_the_place(field: list[Figures[int]]) -> None:
    ranked = rank(field)
    for a in ranked:
        for b in ranked:
            assert (a.place == b.place) == (a.figures.points == b.figures.points)
            if a is not b and a.place == b.place:
                assert a.shared


def test_the_tie_break_order_decides() -> None:
    anna = Figures("Anna", 40, won=10, lost=2, best=24)
    bernd = Figures("Bernd", 40, won=12, lost=3, best=32)
    assert [r.figures.key for r in rank([bernd, anna], ["fewer_lost", "best_game"])] == [
        "Anna",
        "Bernd",
    ]
    assert [r.figures.key for r in rank([anna, bernd], ["best_game", "fewer_lost"])] == [
        "Bernd",
        "Anna",
    ]
    assert [r.place for r in rank([anna, bernd], [])] == [1, 1]


def test_an_unknown_tie_break_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown"):
        rank([Figures("a", 1)], ["shoe_size"])


@given(players, st.lists(st.integers(0, 10_000), max_size=10))
def test_money_is_never_created(field: list[Figures[int]], cents: list[int]) -> None:
    prizes = [Prize(place, Decimal(c) / 100) for place, c in enumerate(cents, start=1)]
    awards = award(rank(field), prizes)
    paid = sum((a.money for a in awards), Decimal(0))
    places = len(field)
    assert paid <= sum((p.money for p in prizes if p.place <= places), Decimal(0))
    assert all(a.money >= 0 for a in awards)


@given(players, st.lists(st.integers(1, 10_000), min_size=1, max_size=10))
def test_tied_players_get_the_same(field: list[Figures[int]], cents: list[int]) -> None:
    prizes = [Prize(place, Decimal(c) / 100) for place, c in enumerate(cents, start=1)]
    ranked = rank(field)
    money = {a.key: a.money for a in award(ranked, prizes)}
    for a in ranked:
        for b in ranked:
            if a.place == b.place:
                assert money[a.figures.key] == money[b.figures.key]


def test_shared_second_place_splits_second_and_third_prize() -> None:
    ranked = rank([Figures("a", 30), Figures("b", 20), Figures("c", 20), Figures("d", 5)])
    prizes = [
        Prize(1, Decimal(50)),
        Prize(2, Decimal(30)),
        Prize(3, Decimal(21)),
        Prize(4, name="Korb"),
    ]
    awards = {a.key: a for a in award(ranked, prizes)}
    assert awards["a"].money == Decimal(50)
    assert awards["b"].money == awards["c"].money == Decimal("25.50")
    assert awards["d"].names == ("Korb",)
    assert not awards["d"].shared


def test_a_named_prize_of_a_shared_place_goes_to_the_group() -> None:
    ranked = rank([Figures("a", 9), Figures("b", 9)])
    awards = award(ranked, [Prize(1, name="Präsentkorb"), Prize(2, name="Flasche Wein")])
    assert all(a.names == ("Präsentkorb", "Flasche Wein") and a.shared for a in awards)


def test_odd_cents_stay_with_the_club() -> None:
    ranked = rank([Figures("a", 9), Figures("b", 9), Figures("c", 9)])
    awards = award(ranked, [Prize(1, Decimal(10))])
    assert [a.money for a in awards] == [Decimal("3.33")] * 3


def test_percentages_of_the_entry_fees() -> None:
    prizes = percentage_prizes(Decimal(65), [Decimal(50), Decimal(30), Decimal(20)])
    assert [(p.place, p.money) for p in prizes] == [
        (1, Decimal("32.50")),
        (2, Decimal("19.50")),
        (3, Decimal("13.00")),
    ]
