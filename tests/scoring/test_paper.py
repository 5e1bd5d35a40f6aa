"""Reading and checking a typed paper sheet: scoring/paper/, without a database."""

import pytest

from fipsen_rules import PRISDORF, Game, Prisdorf
from fipsen_rules.signs import signed_total
from scoring.paper import SeatInfo, SheetError, SheetStart, check_sheet, games_for_value
from tests.scoring.paper_sheets import NAMES, transcript

SEATS = tuple(SeatInfo(position, name) for position, name in enumerate(NAMES))


def start(
    *,
    number: int = 1,
    deals: int = 100,
    totals: tuple[int, ...] = (0, 0, 0, 0),
    seats: tuple[SeatInfo, ...] = SEATS,
) -> SheetStart:
    return SheetStart(seats=seats, number=number, deals=deals, totals=totals)


def problem_of(text: str, *, rules: Prisdorf = PRISDORF, **options: object) -> SheetError:
    with pytest.raises(SheetError) as caught:
        check_sheet(text, start=start(**options), rules=rules)  # type: ignore[arg-type]
    return caught.value


# One line read right


@pytest.mark.parametrize(
    ("line", "declarer", "game", "score"),
    [
        ("Anna 3 Hand verloren", 0, "3 Hand verloren", -12),
        ("Anna 3 H -", 0, "3 Hand verloren", -12),
        ("anna 5 +", 0, "5 Durch gewonnen", 10),
        ("BERND Kieker aufgegeben", 1, "Kieker aufgegeben", -5),
        ("Dora Siebener Fips", 3, "Siebener Fips", 30),
        ("Schulz 2 +", 1, "2 gewonnen", 2),
        ("AnnaM 2 +", 0, "2 gewonnen", 2),
        ("Anna: 2 +", 0, "2 gewonnen", 2),
        # seat numbers as printed on the table card, from 1
        ("1 2 +", 0, "2 gewonnen", 2),
        ("4 3 Ruten verloren", 3, "3 Ruten verloren", -12),
        ("2 3 Hand verloren", 1, "3 Hand verloren", -12),
        # a value alone, where a single game has it
        ("2 -6", 1, "3 verloren", -6),
        ("Anna −6", 0, "3 verloren", -6),
        ("Anna +24", 0, "3 Hand Ruten Durch gewonnen", 24),
        ("Jürgen 30", 2, "Siebener Fips", 30),
        # a game and its value
        ("Anna 3 H - -12", 0, "3 Hand verloren", -12),
        ("Anna 3 Hand verloren = −12", 0, "3 Hand verloren", -12),
        ("Anna 3 H - = -12 | -12 0 0 0", 0, "3 Hand verloren", -12),
    ],
)
def test_a_line_names_the_declarer_and_the_game(
    line: str, declarer: int, game: str, score: int
) -> None:
    (row,) = check_sheet(line, start=start(), rules=PRISDORF).rows
    assert (row.number, row.declarer, str(row.game), row.score) == (1, declarer, game, score)


@pytest.mark.parametrize(
    ("word", "declarer"),
    [
        ("Möller", 0),
        ("moeller", 0),
        ("Moller", 0),
        ("MÖLLER", 0),
        ("Jürgen", 2),
        ("juergen", 2),
        ("Jurgen", 2),
        ("jü", 2),
        ("Groß", 2),
        ("gross", 2),
        ("GROSS", 2),
        ("Weiss", 3),
        ("weiß", 3),
    ],
)
def test_names_are_found_whatever_the_case_and_umlauts(word: str, declarer: int) -> None:
    (row,) = check_sheet(f"{word} 2 +", start=start(), rules=PRISDORF).rows
    assert row.declarer == declarer


def test_a_full_name_or_word_wins_over_one_it_starts() -> None:
    seats = (*SEATS[:3], SeatInfo(3, "Annabell Kurz"))
    (row,) = check_sheet("Anna 2 +", start=start(seats=seats), rules=PRISDORF).rows
    assert row.declarer == 0


@pytest.mark.parametrize(
    "line",
    [
        "6. Karl-Heinz 4 Ruten gewonnen",
        "6. karl-heinz 4 Ruten gewonnen",
        "6. Karl-Heinz Möller 4 Ruten gewonnen",
        "6. Karl-Heinz Moeller: 4 Ruten gewonnen",
        "6. KarlHeinz 4 Ruten gewonnen",
        "6. Karl 4 Ruten gewonnen",
    ],
)
def test_a_hyphenated_first_name_and_a_full_name_are_found_as_printed(line: str) -> None:
    seats = (SeatInfo(0, "Anna Möller"), SeatInfo(1, "Karl-Heinz Möller"),
             SeatInfo(2, "Erika Schmidt"))  # fmt: skip
    table = SheetStart(seats=seats, number=6, deals=120, totals=(0, 0, 0))
    (row,) = check_sheet(line, start=table, rules=PRISDORF).rows
    assert (row.declarer, str(row.game)) == (1, "4 Ruten gewonnen")


def test_a_family_name_two_players_share_stays_ambiguous() -> None:
    seats = (SeatInfo(0, "Anna Möller"), SeatInfo(1, "Karl-Heinz Möller"),
             SeatInfo(2, "Erika Schmidt"))  # fmt: skip
    table = SheetStart(seats=seats, number=1, deals=120, totals=(0, 0, 0))
    with pytest.raises(SheetError) as error:
        check_sheet("Möller 2 +", start=table, rules=PRISDORF)
    assert "ambiguous" in str(error.value)


@pytest.mark.parametrize(
    ("line", "number", "declarer"),
    [
        ("1. Anna 3 H -", 1, 0),
        ("1 Anna 3 H -", 1, 0),
        ("1: 3 3 H -", 1, 2),
        ("1) Anna 3 H -", 1, 0),
        ("1 2 -6", 1, 1),
        ("1 2 3 Hand verloren", 1, 1),
    ],
)
def test_the_deal_number_may_start_the_line(line: str, number: int, declarer: int) -> None:
    (row,) = check_sheet(line, start=start(), rules=PRISDORF).rows
    assert (row.number, row.declarer) == (number, declarer)


@pytest.mark.parametrize(
    "line",
    [
        "Anna 3 H - | -12 0 0 0",
        "Anna 3 H - | −12 0 0 0",
        "Anna 3 H - = -12 0 0 0",
        "Anna 3 H - | -12 | 0 | 0 | 0",
        "Anna 3 H - | -12; 0; 0; 0",
        "1. Anna 3 H - |",
    ],
)
def test_totals_follow_a_bar_or_an_equals_sign(line: str) -> None:
    (row,) = check_sheet(line, start=start(), rules=PRISDORF).rows
    assert row.totals == (-12, 0, 0, 0)


def test_blank_lines_and_comments_are_skipped_but_counted() -> None:
    text = "# Tisch 3, Zettel 1\n\nAnna 2 +\n\n   \nBernd 2 + | 2 2 0 0\n"
    sheet = check_sheet(text, start=start(), rules=PRISDORF)
    assert [(row.line, row.number) for row in sheet.rows] == [(3, 1), (6, 2)]


def test_the_sheet_goes_on_from_the_totals_and_the_deal_of_the_table() -> None:
    sheet = check_sheet(
        "41. Bernd 3 + | 10 -2 0 3\n42. 4 -6 | 10 -2 0 -3",
        start=start(number=41, totals=(10, -5, 0, 3)),
        rules=PRISDORF,
    )
    assert [row.number for row in sheet.rows] == [41, 42]
    assert sheet.rows[-1].totals == (10, -2, 0, -3)


def test_a_value_alone_is_kept_as_the_written_value() -> None:
    (row,) = check_sheet("Anna -6", start=start(), rules=PRISDORF).rows
    assert (row.value_only, row.written_value) == (True, -6)


# What is wrong, and where


@pytest.mark.parametrize(
    ("line", "code", "params"),
    [
        # the player
        ("Zacharias 3 H -", "paper_unknown_player", {"word": "Zacharias", "seats": 4}),
        ("7 -6", "paper_seat_range", {"seat": 7, "seats": 4}),
        ("| -12 0 0 0", "paper_declarer_missing", {}),
        ("Anna", "paper_entry_missing", {}),
        ("Anna | -12 0 0 0", "paper_entry_missing", {}),
        # the notation
        ("Anna 3 X -", "notation_unknown_word", {"word": "X"}),
        ("1 Anna 3 X -", "notation_unknown_word", {"word": "X"}),
        ("Anna 3 Hand Hand -", "notation_repeated_word", {"word": "Hand"}),
        ("Anna Hand verloren", "notation_no_game", {}),
        ("Anna alle gepasst", "paper_passed", {}),
        # the value
        ("Anna 7", "value_impossible", {"value": "7"}),
        ("Anna 3 H - -10", "value_impossible", {"value": "−10"}),
        ("Anna 3 H - -6", "value_mismatch", {"computed": "−12", "value": "−6"}),
        # a game that breaks a rule
        ("Anna 3 Hand", "result_missing", {}),
        ("Anna Kieker Hand verloren", "kieker_hand", {}),
        ("Anna 3 aufgegeben", "surrender_not_kieker", {}),
        ("Anna 1 +", "bid_tricks", {"tricks": "1"}),
        # the totals
        ("Anna 3 H - | -12 0 x 0", "paper_not_a_number", {"word": "x"}),
        ("Anna 3 H - | -12 0 0 0 0", "paper_too_many_totals", {"count": 5, "players": 4}),
        ("Anna 3 H - | -12 0", "paper_too_few_totals", {"count": 2}),
        (
            "Anna 3 H - | -21 0 0 0",
            "paper_wrong_total",
            {"name": "Anna Möller", "expected": "−12", "written": "−21"},
        ),
        (
            "Anna 3 H - | -12 2 5 0",
            "paper_wrong_total",
            {"name": "Jürgen Groß", "expected": "0", "written": "5"},
        ),
        # the deal number
        ("3. Anna 3 H -", "paper_number_wrong", {"written": 3, "expected": 2}),
        ("57 Anna 3 H -", "paper_number_wrong", {"written": 57, "expected": 2}),
    ],
)
def test_a_bad_line_says_what_is_wrong(line: str, code: str, params: dict[str, object]) -> None:
    error = problem_of(f"Bernd 2 +\n{line}")
    assert (error.line, error.number, error.text) == (2, 2, line)
    assert error.problems[0].code == code
    assert params.items() <= dict(error.problems[0].params).items()


def wrong_lines(error: SheetError) -> list[tuple[int | None, int, str]]:
    """Each wrong line as (line, deal, the code of its first problem)."""
    return [(wrong.line, wrong.number, wrong.problems[0].code) for wrong in error.lines]


def test_every_bad_line_is_named_at_once() -> None:
    text = "\n".join(
        [
            "Anna 2 +",
            "Anna 3 H - | 0 0 0 0",  # the total
            "Zacharias 3 H -",  # nobody at the table
            "",
            "Bernd 2 +",
            "Dora Kieker Hand verloren 7",  # two rules broken
            "Bernd 2 +",
        ]
    )
    error = problem_of(text)
    assert wrong_lines(error) == [
        (2, 2, "paper_wrong_total"),
        (3, 3, "paper_unknown_player"),
        (6, 5, "kieker_hand"),
    ]
    assert [p.code for p in error.lines[2].problems] == ["kieker_hand", "value_impossible"]
    assert [wrong.text for wrong in error.lines] == [
        "Anna 3 H - | 0 0 0 0",
        "Zacharias 3 H -",
        "Dora Kieker Hand verloren 7",
    ]
    # The first wrong line stays at hand as before.
    assert (error.line, error.number, error.text) == (2, 2, "Anna 3 H - | 0 0 0 0")


#: The newcomer's sheet at a table of three: lines 3 to 5 wrong, and a total wrong on line 6
#: that cannot be known until they are right.
NEWCOMERS_SHEET = """1. Anna 3 Hand verloren | -12 0 0
2. Karl 2 + | -12 2 0
3. Bernd -6
4. Erika 7 gewonnen
5. Möller 2 +
6. erika 30 | -12 2 99"""
THREE = (SeatInfo(0, "Anna Möller"), SeatInfo(1, "Karl-Heinz Möller"), SeatInfo(2, "Erika Schmidt"))


def test_a_line_whose_totals_wait_for_the_wrong_lines_before_it_is_named_too() -> None:
    table = SheetStart(seats=THREE, number=1, deals=120, totals=(0, 0, 0))
    with pytest.raises(SheetError) as error:
        check_sheet(NEWCOMERS_SHEET, start=table, rules=PRISDORF)
    assert [line for line, _number, _code in wrong_lines(error.value)] == [3, 4, 5]
    assert error.value.unchecked == (6,)
    # Once the lines before it are right, its wrong total is said.
    right = NEWCOMERS_SHEET.replace("Bernd", "Karl").replace(" 7 ", " 3 ")
    right = right.replace("Möller 2 +", "Anna 2 +")
    with pytest.raises(SheetError) as error:
        check_sheet(right, start=table, rules=PRISDORF)
    assert wrong_lines(error.value) == [(6, 6, "paper_wrong_total")]
    assert error.value.unchecked == ()


def test_after_a_wrong_total_the_next_lines_are_checked_against_the_right_totals() -> None:
    error = problem_of("Anna 2 + | 2 0 0 0\nBernd 2 + | 9 2 0 0\nAnna 2 + | 4 2 0 0")
    assert wrong_lines(error) == [(2, 2, "paper_wrong_total")]


def test_a_total_written_wrong_and_carried_on_is_named_on_every_line_it_is_on() -> None:
    error = problem_of("Anna 2 + | 2 0 0 0\nBernd 2 + | 9 2 0 0\nAnna 2 + | 11 2 0 0")
    assert wrong_lines(error) == [(2, 2, "paper_wrong_total"), (3, 3, "paper_wrong_total")]
    assert dict(error.lines[1].problems[0].params)["expected"] == "4"


def test_after_a_line_that_cannot_be_scored_its_written_totals_are_gone_on_from() -> None:
    good = "Zacharias 2 + | 2 0 0 0\nAnna 2 + | 4 0 0 0"
    assert wrong_lines(problem_of(good)) == [(1, 1, "paper_unknown_player")]
    bad = "Zacharias 2 + | 2 0 0 0\nAnna 2 + | 5 0 0 0"
    assert wrong_lines(problem_of(bad)) == [
        (1, 1, "paper_unknown_player"),
        (2, 2, "paper_wrong_total"),
    ]


def test_after_a_line_that_cannot_be_scored_nor_gives_totals_the_totals_wait() -> None:
    text = "Zacharias 2 +\nAnna 2 + | 99 0 0 0\nBernd 2 + | 99 2 0 0\nDora 3 H - | 0 0 0 0"
    assert wrong_lines(problem_of(text)) == [
        (1, 1, "paper_unknown_player"),
        (4, 4, "paper_wrong_total"),  # from line 2's totals on, they are checked again
    ]


def test_after_a_missing_line_the_written_deal_numbers_are_followed() -> None:
    error = problem_of("1. Anna 2 +\n3. Bernd 2 +\n4. Anna 2 +\n5. Dora 2 +")
    assert wrong_lines(error) == [(2, 2, "paper_number_wrong")]


def test_deals_already_entered_are_each_named_and_the_sheet_goes_on_after_them() -> None:
    error = problem_of("1. Anna 2 +\n2. Bernd 2 +\n3. Anna 2 +\n4. Dora 2 +", number=3)
    assert wrong_lines(error) == [(1, 3, "paper_number_entered"), (2, 3, "paper_number_entered")]


def test_a_passed_deal_does_not_count_as_a_deal_of_the_sheet() -> None:
    error = problem_of("1. Anna 2 +\nBernd alle gepasst\n2. Bernd 2 +")
    assert wrong_lines(error) == [(2, 2, "paper_passed")]


def test_lines_past_the_table_s_last_deal_are_each_named() -> None:
    error = problem_of("Anna 2 +\nBernd 2 +\nDora 2 +\nAnna 2 +", number=99)
    assert wrong_lines(error) == [(3, 101, "paper_table_full"), (4, 102, "paper_table_full")]


def test_a_sheet_error_names_at_least_one_line() -> None:
    with pytest.raises(ValueError, match="at least one"):
        SheetError([])


def test_a_game_breaking_several_rules_says_each() -> None:
    error = problem_of("Anna Kieker Hand verloren 7")
    assert [p.code for p in error.problems] == ["kieker_hand", "value_impossible"]


def test_a_bid_of_two_breaks_the_rule_of_a_minimum_bid_of_three() -> None:
    error = problem_of("Anna 2 +", rules=Prisdorf(min_bid=3))
    assert error.problems[0].code == "bid_tricks"


def test_a_value_that_is_unique_under_a_minimum_bid_of_three() -> None:
    rules = Prisdorf(min_bid=3)
    (row,) = check_sheet("Anna -8", start=start(), rules=rules).rows
    assert str(row.game) == "4 verloren"


def test_two_players_that_fit_the_word_are_named() -> None:
    seats = (*SEATS[:3], SeatInfo(3, "Andreas Berg"))
    error = problem_of("An 2 +", seats=seats)
    assert error.problems[0].code == "paper_ambiguous_player"
    assert error.problems[0].params["names"] == "Anna Möller, Andreas Berg"


def test_a_deal_already_entered_is_named_so() -> None:
    error = problem_of("12. Anna 2 +", number=41)
    assert error.problems[0].code == "paper_number_entered"
    assert dict(error.problems[0].params) == {"written": 12, "expected": 41}


def test_a_line_past_the_table_s_last_deal() -> None:
    error = problem_of("Anna 2 +\nBernd 2 +\nDora 2 +", number=99)
    assert (error.line, error.problems[0].code) == (3, "paper_table_full")
    assert dict(error.problems[0].params) == {"deals": 100, "number": 101}


@pytest.mark.parametrize("text", ["", "\n\n", "# nur ein Kommentar\n"])
def test_a_text_without_a_deal(text: str) -> None:
    error = problem_of(text)
    assert (error.line, error.problems[0].code) == (None, "paper_empty")


# A player who left


LEFT = (*SEATS[:3], SeatInfo(3, "Dora Weiß", left_after_deal=2))


def test_a_player_who_left_plays_no_more() -> None:
    error = problem_of("Dora 2 +\nDora 2 +\nDora 2 +", seats=LEFT)
    assert (error.line, error.problems[0].code) == (3, "paper_not_playing")
    assert dict(error.problems[0].params) == {"name": "Dora Weiß", "left": 2, "number": 3}


@pytest.mark.parametrize("totals", ["-12 0 0 4", "-12 0 0"])
def test_after_a_player_left_his_total_may_be_left_out(totals: str) -> None:
    sheet = check_sheet(
        f"Dora 2 +\nDora 2 +\nAnna 3 H - | {totals}", start=start(seats=LEFT), rules=PRISDORF
    )
    assert sheet.rows[-1].totals == (-12, 0, 0, 4)


def test_after_a_player_left_his_frozen_total_is_checked() -> None:
    error = problem_of("Dora 2 +\nDora 2 +\nAnna 3 H - | -12 0 0 0", seats=LEFT)
    assert dict(error.problems[0].params)["name"] == "Dora Weiß"


def test_a_table_of_three() -> None:
    three = SEATS[:3]
    sheet = check_sheet(
        "3 -6 | 0 0 -6\nAnna 2 + | 2 0 -6",
        start=start(seats=three, totals=(0, 0, 0)),
        rules=PRISDORF,
    )
    assert sheet.rows[-1].totals == (2, 0, -6)
    assert problem_of("4 2 +", seats=three).problems[0].code == "paper_seat_range"


# The transcribed sheet of a whole table


def test_a_whole_sheet_of_100_deals_reads_as_written() -> None:
    written = transcript(100)
    sheet = check_sheet(written.text, start=start(), rules=PRISDORF)
    assert [row.number for row in sheet.rows] == list(range(1, 101))
    assert [(r.declarer, r.game, r.score) for r in sheet.rows] == written.deals
    assert [row.totals for row in sheet.rows] == written.totals


@pytest.mark.parametrize("wrong", [1, 57, 100])
def test_a_whole_sheet_with_one_wrong_total_stops_at_that_line(wrong: int) -> None:
    written = transcript(100, wrong_total_at=wrong)
    error = problem_of(written.text)
    assert (error.line, error.number, error.text) == (wrong, wrong, written.lines[wrong - 1])
    seat = written.deals[wrong - 1][0]
    expected = written.totals[wrong - 1][seat]
    assert error.problems[0].code == "paper_wrong_total"
    assert dict(error.problems[0].params) == {
        "name": NAMES[seat],
        "expected": signed_total(expected),
        "written": signed_total(expected + 9),
    }


# Values


@pytest.mark.parametrize(
    ("rules", "value", "games"),
    [
        (PRISDORF, -6, ["3 verloren"]),
        (PRISDORF, 30, ["Siebener Fips"]),
        (PRISDORF, -12, ["3 Hand verloren", "3 Ruten verloren", "3 Durch verloren"]),
        (PRISDORF, -8, ["4 verloren", "2 Hand verloren", "2 Ruten verloren", "2 Durch verloren"]),
        (Prisdorf(min_bid=3), -8, ["4 verloren"]),
        (PRISDORF, 7, []),
    ],
)
def test_the_games_of_a_value(rules: Prisdorf, value: int, games: list[str]) -> None:
    found = games_for_value(rules, value)
    assert [str(g) for g in found] == games
    assert all(rules.score(g) == value for g in found)
    assert all(isinstance(g, Game) for g in found)


def test_the_example_of_the_readme() -> None:
    text = (
        "57. Anna 3 Hand verloren | -12 0 0 0\n"
        "58 2 5 + = -12 10 0 0\n"
        "59. Bernd -6\n"
        "60. dora Kieker aufgegeben -5\n"
    )
    sheet = check_sheet(text, start=start(number=57), rules=PRISDORF)
    assert [(r.number, r.declarer, str(r.game), r.totals) for r in sheet.rows] == [
        (57, 0, "3 Hand verloren", (-12, 0, 0, 0)),
        (58, 1, "5 Durch gewonnen", (-12, 10, 0, 0)),
        (59, 1, "3 verloren", (-12, 4, 0, 0)),
        (60, 3, "Kieker aufgegeben", (-12, 4, 0, -5)),
    ]


HUGE = "1" * 5000  # past Python's 4,300-digit limit of int()


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (f"Anna {HUGE} gewonnen", "notation_unknown_word"),  # the game's number
        (f"Anna 3 gewonnen {HUGE}", "notation_unknown_word"),  # the written value
        (f"Anna 3 gewonnen | {HUGE} 0 0 0", "paper_not_a_number"),  # a total
        (f"{HUGE} Anna 3 gewonnen", "paper_unknown_player"),  # the deal number
        (f"{HUGE}. Anna 3 gewonnen", "paper_unknown_player"),
        (f"{HUGE} 3 gewonnen", "paper_unknown_player"),  # the seat
    ],
    ids=["game", "value", "total", "deal", "deal-dot", "seat"],
)
def test_a_number_of_thousands_of_digits_is_a_problem_not_a_crash(line: str, code: str) -> None:
    """Issue 12: the paper checker let int()'s plain ValueError escape."""
    error = problem_of(line)
    assert [p.code for p in error.problems] == [code]
