"""The table split of Tournament Fipsen (SPEC B1.2, B1.3, B3)."""

from __future__ import annotations

import pytest

from fipsen_rules import (
    DEALS_AT_FOUR,
    DEALS_AT_THREE,
    Code,
    SeatingError,
    TableSpec,
    is_seatable,
    table_split,
)


def b3_rule(players: int) -> tuple[int, int] | None:
    """SPEC B3 as written: b = (−N) mod 4 tables of three, a = (N − 3b)/4 of four;
    impossible when N − 3b < 0."""
    b = (-players) % 4
    if players - 3 * b < 0:
        return None
    return (players - 3 * b) // 4, b


def fours_and_threes(split: tuple[TableSpec, ...]) -> tuple[int, int]:
    return sum(t.size == 4 for t in split), sum(t.size == 3 for t in split)


@pytest.mark.parametrize("players", [n for n in range(1, 41) if b3_rule(n) is not None])
def test_split_follows_the_b3_rule(players: int) -> None:
    expected = b3_rule(players)
    assert expected is not None
    split = table_split(players)
    assert fours_and_threes(split) == expected
    assert sum(t.size for t in split) == players
    assert all(t.size in (3, 4) for t in split)
    assert fours_and_threes(split)[1] <= 3  # at most three 3-tables
    assert is_seatable(players)


@pytest.mark.parametrize("players", [n for n in range(1, 41) if b3_rule(n) is None])
def test_impossible_counts_follow_the_b3_rule(players: int) -> None:
    with pytest.raises(SeatingError) as info:
        table_split(players)
    assert info.value.code in {Code.TABLES_UNSEATABLE, Code.TABLES_TOO_FEW}
    assert info.value.code is (Code.TABLES_TOO_FEW if players < 3 else Code.TABLES_UNSEATABLE)
    assert info.value.params["players"] == players
    assert not is_seatable(players)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (5, "5 players cannot be seated at tables of four and three; take 4 or 6."),
        (1, "A night needs at least 3 players, not 1."),  # issue 12: not "1 players"
        (2, "A night needs at least 3 players, not 2."),
        (0, "A night needs at least 3 players, not 0."),
    ],
)
def test_an_unseatable_count_names_the_nearest(players: int, message: str) -> None:
    """Issue 12: the message for five players names the nearest counts (SPEC B3)."""
    with pytest.raises(SeatingError) as info:
        table_split(players)
    assert str(info.value) == message


def test_the_impossible_counts_are_1_2_5() -> None:
    assert [n for n in range(1, 41) if b3_rule(n) is None] == [1, 2, 5]


# B3 "Test assertions", from the table
@pytest.mark.parametrize(
    ("players", "fours", "threes"),
    [(3, 0, 1), (4, 1, 0), (6, 0, 2), (7, 1, 1), (9, 0, 3), (13, 1, 3), (14, 2, 2), (40, 10, 0)],
)
def test_split_spot_checks(players: int, fours: int, threes: int) -> None:
    assert fours_and_threes(table_split(players)) == (fours, threes)


def test_split_5_is_impossible() -> None:
    with pytest.raises(SeatingError):
        table_split(5)


@pytest.mark.parametrize(
    ("players", "lines"),
    [
        (3, ["3 120"]),
        (4, ["4 100"]),
        (7, ["4 100", "3 120"]),
        (13, ["4 100", "3 120", "3 120", "3 120"]),
        (14, ["4 100", "4 100", "3 120", "3 120"]),
    ],
)
def test_deals_by_default_100_at_four_and_120_at_three(players: int, lines: list[str]) -> None:
    """B1.3."""
    assert DEALS_AT_FOUR == 100
    assert DEALS_AT_THREE == 120
    assert sorted(str(t) for t in table_split(players)) == sorted(lines)


@pytest.mark.parametrize(("four", "three"), [(50, 60), (1, 1), (120, 100), (25, 40)])
def test_deals_are_configurable(four: int, three: int) -> None:
    split = table_split(14, deals_at_four=four, deals_at_three=three)
    assert sorted((t.size, t.deals) for t in split) == [
        (3, three),
        (3, three),
        (4, four),
        (4, four),
    ]


@pytest.mark.parametrize(
    ("four", "three", "field"),
    [
        (0, 120, "deals_at_four"),
        (-1, 120, "deals_at_four"),
        (100, 0, "deals_at_three"),
        (100, -5, "deals_at_three"),
    ],
)
def test_bad_deal_counts(four: int, three: int, field: str) -> None:
    with pytest.raises(SeatingError) as info:
        table_split(12, deals_at_four=four, deals_at_three=three)
    assert info.value.code is Code.DEALS_RANGE
    assert info.value.violations[0].field == field


@pytest.mark.parametrize("players", [0, -1, -4])
def test_no_players_cannot_be_seated(players: int) -> None:
    with pytest.raises(SeatingError):
        table_split(players)


@pytest.mark.parametrize("players", [-5, -10, -100])
def test_negative_counts_cannot_be_seated(players: int) -> None:
    with pytest.raises(SeatingError):
        table_split(players)
