"""The draw: reproducible from its seed, and fair (every player equally likely on every seat)."""

import math
from collections import Counter

import pytest

from fipsen_rules import SeatingError
from tournaments.draw.split import draw_tables

IDS = list(range(101, 114))  # 13 players: one table of four, three of three


def test_the_same_seed_gives_the_same_tables() -> None:
    first = draw_tables(seed=42, registration_ids=IDS, deals_at_four=100, deals_at_three=120)
    again = draw_tables(seed=42, registration_ids=IDS, deals_at_four=100, deals_at_three=120)
    assert first == again


def test_the_order_the_players_come_in_does_not_matter() -> None:
    forward = draw_tables(seed=7, registration_ids=IDS, deals_at_four=100, deals_at_three=120)
    backward = draw_tables(
        seed=7, registration_ids=IDS[::-1], deals_at_four=100, deals_at_three=120
    )
    assert forward == backward


def test_another_seed_gives_another_draw() -> None:
    draws = {
        tuple(t.seats for t in draw_tables(seed=s, registration_ids=IDS, deals_at_four=100,
                                             deals_at_three=120))
        for s in range(20)
    }  # fmt: skip
    assert len(draws) == 20


def test_tables_of_four_first_with_their_deals_and_a_first_dealer() -> None:
    tables = draw_tables(seed=1, registration_ids=IDS, deals_at_four=90, deals_at_three=110)
    assert [(t.number, len(t.seats), t.deals) for t in tables] == [
        (1, 4, 90),
        (2, 3, 110),
        (3, 3, 110),
        (4, 3, 110),
    ]
    assert all(0 <= t.first_dealer < len(t.seats) for t in tables)
    assert sorted(i for t in tables for i in t.seats) == IDS


@pytest.mark.parametrize("players", [1, 2, 5])
def test_a_count_that_cannot_be_seated_is_refused(players: int) -> None:
    with pytest.raises(SeatingError):
        draw_tables(seed=1, registration_ids=IDS[:players], deals_at_four=100, deals_at_three=120)


def _chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson–Hilferty, z for 0.999)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


SEEDS = range(3000)  # fixed seeds: the test is deterministic, and fails only for a biased draw


def test_every_player_is_equally_likely_on_every_seat() -> None:
    counts: Counter[tuple[int, tuple[int, int]]] = Counter()
    for seed in SEEDS:
        for table in draw_tables(
            seed=seed, registration_ids=IDS, deals_at_four=100, deals_at_three=120
        ):
            for position, player in enumerate(table.seats):
                counts[player, (table.number, position)] += 1
    places = {place for _, place in counts}
    assert len(places) == len(IDS)
    expected = len(SEEDS) / len(IDS)
    chi_square = sum(
        (counts[player, place] - expected) ** 2 / expected for player in IDS for place in places
    )
    df = (len(IDS) - 1) ** 2
    assert chi_square < _chi_square_limit(df), (chi_square, _chi_square_limit(df))


def test_every_seat_is_equally_likely_to_deal_first() -> None:
    counts: Counter[tuple[int, int]] = Counter()
    for seed in SEEDS:
        for table in draw_tables(
            seed=seed, registration_ids=IDS, deals_at_four=100, deals_at_three=120
        ):
            counts[table.number, table.first_dealer] += 1
    for number, size in ((1, 4), (2, 3)):
        expected = len(SEEDS) / size
        chi_square = sum((counts[number, p] - expected) ** 2 / expected for p in range(size))
        assert chi_square < _chi_square_limit(size - 1), (number, chi_square)


def test_the_fairness_check_would_see_a_biased_draw() -> None:
    """The same statistic on a draw that never shuffles is far over the limit."""
    expected = len(SEEDS) / len(IDS)
    # Unshuffled: each player always on the same place, all other places never.
    chi_square = len(IDS) * ((len(SEEDS) - expected) ** 2 + (len(IDS) - 1) * expected**2) / expected
    assert chi_square > _chi_square_limit((len(IDS) - 1) ** 2)
