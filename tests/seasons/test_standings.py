"""The season's arithmetic (seasons/standings.py) against hand-computed cases: best N, the
minimum, missed nights as zero, guests, ties; and its properties over random seasons."""

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from seasons.standings import (
    GIVES_PLACES,
    GUESTS_APART,
    GUESTS_NOT,
    TIE_BEST_RESULTS,
    TIE_LATEST_NIGHT,
    Result,
    Rules,
    standings,
)

# Four nights, by hand: (place, points).
NIGHTS = [
    {"anke": Result(1, 900), "bernd": Result(2, 700), "claus": Result(3, 400)},
    {"anke": Result(3, 100), "bernd": Result(1, 800), "dora": Result(2, 500)},
    {"bernd": Result(3, -50), "claus": Result(1, 1000), "dora": Result(2, 600)},
    {"anke": Result(1, 650), "claus": Result(2, 300), "dora": Result(3, 200)},
]


def lines(rows):
    return [(r.player, r.place, r.total, r.shared) for r in rows]


def test_every_night_counts_by_points() -> None:
    table = standings(Rules(), NIGHTS)
    # anke 900+100+650, bernd 700+800-50, claus 400+1000+300, dora 500+600+200
    assert lines(table.ranked) == [
        ("claus", 1, 1700, False),
        ("anke", 2, 1650, False),
        ("bernd", 3, 1450, False),
        ("dora", 4, 1300, False),
    ]


def test_the_best_two_count_and_the_rest_are_struck_through() -> None:
    table = standings(Rules(best_of=2), NIGHTS)
    # anke 900+650, bernd 800+700, claus 1000+400, dora 600+500
    assert lines(table.ranked) == [
        ("anke", 1, 1550, False),
        ("bernd", 2, 1500, False),
        ("claus", 3, 1400, False),
        ("dora", 4, 1100, False),
    ]
    bernd = next(r for r in table.ranked if r.player == "bernd")
    assert [(c.value, c.counted, c.missed) for c in bernd.cells] == [
        (700, True, False), (800, True, False), (-50, False, False), (None, False, True)
    ]  # fmt: skip


def test_a_missed_night_as_zero_beats_a_negative_one() -> None:
    # Best three: bernd's missed night (0) counts before his -50.
    table = standings(Rules(best_of=3, missed_as_zero=True), NIGHTS)
    bernd = next(r for r in table.ranked if r.player == "bernd")
    assert [(c.value, c.counted) for c in bernd.cells] == [
        (700, True), (800, True), (-50, False), (0, True)
    ]  # fmt: skip
    assert bernd.total == 1500
    # Without zeros the -50 is one of his three results.
    bernd = next(r for r in standings(Rules(best_of=3), NIGHTS).ranked if r.player == "bernd")
    assert bernd.total == 1450


def test_season_points_by_place_from_the_club_s_table() -> None:
    rules = Rules(gives=GIVES_PLACES, place_points=(25, 20))
    table = standings(rules, NIGHTS)
    # anke 25+0+25, bernd 20+25+0, claus 0+25+20, dora 20+20+0: a place past the table gives 0
    assert lines(table.ranked) == [
        ("anke", 1, 50, False),
        ("bernd", 2, 45, True),
        ("claus", 2, 45, True),
        ("dora", 4, 40, False),
    ]


def test_the_minimum_of_nights() -> None:
    nights = [*NIGHTS, {"emil": Result(1, 5000)}]
    table = standings(Rules(minimum=3), nights)
    assert [r.player for r in table.ranked] == ["claus", "anke", "bernd", "dora"]
    assert [(r.player, r.played, r.below_minimum, r.place) for r in table.unranked] == [
        ("emil", 1, True, None)
    ]


def test_guests_apart_or_not_at_all() -> None:
    apart = standings(Rules(guests=GUESTS_APART), NIGHTS, guests=frozenset({"claus"}))
    assert lines(apart.ranked) == [
        ("anke", 1, 1650, False), ("bernd", 2, 1450, False), ("dora", 3, 1300, False)
    ]  # fmt: skip
    assert lines(apart.guests) == [("claus", 1, 1700, False)]
    not_ranked = standings(Rules(guests=GUESTS_NOT), NIGHTS, guests=frozenset({"claus"}))
    assert [r.player for r in not_ranked.ranked] == ["anke", "bernd", "dora"]
    assert not not_ranked.guests
    assert [(r.player, r.place) for r in not_ranked.unranked] == [("claus", None)]
    together = standings(Rules(), NIGHTS, guests=frozenset({"claus"}))
    assert together.ranked[0].player == "claus"
    assert together.ranked[0].guest


TIED = [
    {"a": Result(1, 60), "b": Result(2, 50)},
    {"a": Result(2, 40), "b": Result(1, 50)},
    {"c": Result(1, 100)},
]


def test_ties_shared_by_best_results_by_latest_night() -> None:
    assert lines(standings(Rules(), TIED).ranked) == [
        ("a", 1, 100, True), ("b", 1, 100, True), ("c", 1, 100, True)
    ]  # fmt: skip
    # Best results first: c's 100 beats a's 60, a's 60 beats b's 50.
    assert lines(standings(Rules(tie_break=TIE_BEST_RESULTS), TIED).ranked) == [
        ("c", 1, 100, False), ("a", 2, 100, False), ("b", 3, 100, False)
    ]  # fmt: skip
    # The latest night: c played it; then a and b: b's 50 beats a's 40 the night before.
    assert lines(standings(Rules(tie_break=TIE_LATEST_NIGHT), TIED).ranked) == [
        ("c", 1, 100, False), ("b", 2, 100, False), ("a", 3, 100, False)
    ]  # fmt: skip


def test_an_empty_season() -> None:
    table = standings(Rules(best_of=3, minimum=2), [])
    assert table.ranked == table.guests == table.unranked == ()


# Properties over random seasons

results = st.builds(Result, st.integers(1, 12), st.integers(-500, 2000))
seasons = st.lists(
    st.dictionaries(st.sampled_from("abcdefgh"), results, max_size=8), min_size=0, max_size=8
)
rule_sets = st.builds(
    Rules,
    gives=st.sampled_from(["points", GIVES_PLACES]),
    place_points=st.lists(st.integers(0, 30), max_size=6).map(tuple),
    best_of=st.none() | st.integers(1, 8),
    minimum=st.integers(0, 4),
    missed_as_zero=st.booleans(),
    guests=st.sampled_from(["with", GUESTS_APART, GUESTS_NOT]),
    tie_break=st.sampled_from(["shared", TIE_BEST_RESULTS, TIE_LATEST_NIGHT]),
)


@given(rules=rule_sets, nights=seasons, guests=st.frozensets(st.sampled_from("abcdefgh")))
def test_the_season_s_laws(rules, nights, guests) -> None:
    table = standings(rules, nights, guests)
    every = table.ranked + table.guests + table.unranked
    # Everyone who played is listed once, with a cell a night.
    assert sorted(r.player for r in every) == sorted({p for n in nights for p in n})
    for row in every:
        assert len(row.cells) == len(nights)
        counted = [c.value for c in row.cells if c.counted]
        assert row.total == sum(v or 0 for v in counted)
        assert rules.best_of is None or len(counted) <= rules.best_of
        # No dropped result is better than a counted one.
        dropped = [c.value for c in row.cells if not c.counted and c.value is not None]
        assert not dropped or not counted or max(dropped) <= min(v or 0 for v in counted)
        assert row.played == sum(1 for n in nights if row.player in n)
        assert (row.played < rules.minimum) == row.below_minimum
    for ranked in (table.ranked, table.guests):
        # Places run 1.. by total, shared only where totals are equal.
        assert [r.total for r in ranked] == sorted((r.total for r in ranked), reverse=True)
        assert all(r.place is not None and 1 <= r.place <= i + 1 for i, r in enumerate(ranked))
        if ranked:
            assert ranked[0].place == 1
        for better, worse in pairwise(ranked):
            # A larger total is a better place; the same place only for the same total.
            assert better.total >= worse.total
            assert better.place != worse.place or better.total == worse.total
            if rules.tie_break == "shared":
                assert (better.place == worse.place) == (better.total == worse.total)
    assert all(r.place is None for r in table.unranked)
    if rules.guests != "with":
        assert not any(r.guest for r in table.ranked)
