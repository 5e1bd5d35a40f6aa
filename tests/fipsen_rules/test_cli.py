"""The command line, run as a real process: `python -m fipsen_rules score|values|tables`.

Issue 2: its output is how the rules are checked from outside, so it is exact: the score alone
on stdout; for anything invalid, status 2, one line on stderr and nothing on stdout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fipsen_rules import Prisdorf, rulesets
from fipsen_rules import __main__ as cli
from fipsen_rules.ruleset import Option
from fipsen_rules.rulesets import Registration

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "fipsen_rules", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=60,
        check=False,
    )


def assert_invalid(process: subprocess.CompletedProcess[str]) -> None:
    assert process.returncode == 2, process.stderr
    assert process.stdout == ""
    assert process.stderr.endswith("\n")
    lines = process.stderr.splitlines()
    assert len(lines) == 1, process.stderr
    assert lines[0].strip() != ""
    assert "Traceback" not in process.stderr


# (game, score per SPEC, the row): valid for every minimum bid
GAMES = [
    ("3 gewonnen", 3, "P17"),
    ("3 verloren", -6, "P18"),
    ("3 Hand gewonnen", 6, "D2/P25"),
    ("3 Hand verloren", -12, "D3/P26"),
    ("3 Hand Ruten gewonnen", 12, "D36/P29"),
    ("3 Hand Ruten verloren", -24, "P30"),
    ("3 Durch gewonnen", 6, "P19"),
    ("3 Durch verloren", -12, "P20"),
    ("4 Ruten Durch verloren", -32, "D4/P40"),
    ("4 Hand Ruten Durch gewonnen", 32, "P47"),
    ("4 lost", -8, "P34"),
    ("5 gewonnen", 10, "D8/P51"),
    ("5 Durch gewonnen", 10, "P51"),
    ("5 Hand Ruten verloren", -80, "D9/P64"),
    ("5 H R +", 40, "P63"),
    ("3 h r -", -24, "P30"),
    ("Kieker gewonnen", 10, "K1"),
    ("Kieker verloren", -20, "K2"),
    ("Kieker Ruten gewonnen", 20, "K3"),
    ("Kieker Ruten verloren", -40, "K4"),
    ("Kieker aufgegeben", -5, "K5"),
    ("Kieker Durch gewonnen", 10, "K1, issue 12: Durch is as redundant as on a 5"),
    ("Kieker surrendered", -5, "K5"),
    ("Siebener Fips", 30, "S1"),
]
# Games of 2: valid only with minimum bid 2
GAMES_OF_2 = [
    ("2 gewonnen", 2, "P01"),
    ("2 verloren", -4, "P02"),
    ("2 Durch verloren", -8, "D7/P04"),
    ("2 Ruten gewonnen", 4, "D5/P05"),
    ("2 Hand Ruten Durch gewonnen", 16, "D6/P15"),
    ("2 Hand Ruten Durch verloren", -32, "P16"),
]
OPTIONS = {
    "4p-min2": ("--players", "4", "--min-bid", "2"),
    "3p-min2": ("--players", "3"),
    "4p-min3": ("--min-bid", "3"),
    "3p-min3": ("--players", "3", "--min-bid", "3"),
}


@pytest.mark.parametrize("options", OPTIONS.values(), ids=list(OPTIONS))
@pytest.mark.parametrize(("game", "score", "row"), GAMES, ids=[g for g, _, _ in GAMES])
def test_score(game: str, score: int, row: str, options: tuple[str, ...]) -> None:
    process = run("score", game, *options)
    assert process.returncode == 0, process.stderr
    assert process.stdout == f"{score}\n"
    assert process.stderr == ""


@pytest.mark.parametrize(
    "options", [(), ("--players", "3", "--min-bid", "2")], ids=["default", "3p-min2"]
)
@pytest.mark.parametrize(("game", "score", "row"), GAMES_OF_2, ids=[g for g, _, _ in GAMES_OF_2])
def test_score_games_of_2(game: str, score: int, row: str, options: tuple[str, ...]) -> None:
    process = run("score", game, *options)
    assert process.returncode == 0, process.stderr
    assert process.stdout == f"{score}\n"
    assert process.stderr == ""


@pytest.mark.parametrize("players", ["3", "4"])
@pytest.mark.parametrize(("game", "score", "row"), GAMES_OF_2, ids=[g for g, _, _ in GAMES_OF_2])
def test_score_games_of_2_with_minimum_bid_3(game: str, score: int, row: str, players: str) -> None:
    """C1: P01-P16 are invalid (E10)."""
    assert_invalid(run("score", game, "--min-bid", "3", "--players", players))


INVALID = [
    "",
    "   ",
    "alle gepasst",  # a deal, not a game
    "3",  # no result
    "3 Hand",
    "1 gewonnen",
    "6 gewonnen",
    "0 verloren",
    "3 aufgegeben",
    "Kieker",
    "Kieker Hand gewonnen",
    "Siebener Fips gewonnen",
    "Siebener Fips Hand",
    "3 Kreuz gewonnen",
    "3 gewonnen verloren",
    "3 4 gewonnen",
    "3 Hand Hand gewonnen",
    "Hand gewonnen",
    "1 Hand aufgegeben",  # several broken rules: still one line
]


@pytest.mark.parametrize("players", ["3", "4"])
@pytest.mark.parametrize("game", INVALID, ids=repr)
def test_invalid_game(game: str, players: str) -> None:
    assert_invalid(run("score", game, "--players", players))


def test_invalid_game_with_a_superscript_digit() -> None:
    assert_invalid(run("score", "³ gewonnen"))


# values: every possible declarer score, worked out by hand from SPEC A12 (see test_scoring)
VALUES_MIN_2 = [
    -80, -64, -48, -40, -32, -24, -20, -16, -12, -8, -6, -5, -4,
    2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 32, 40,
]  # fmt: skip
VALUES_MIN_3 = [v for v in VALUES_MIN_2 if v not in (2, -4)]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ((), VALUES_MIN_2),
        (("--min-bid", "2"), VALUES_MIN_2),
        (("--min-bid", "3"), VALUES_MIN_3),
        (("--players", "3"), VALUES_MIN_2),
        (("--players", "3", "--min-bid", "3"), VALUES_MIN_3),
    ],
    ids=str,
)
def test_values(options: tuple[str, ...], expected: list[int]) -> None:
    process = run("values", *options)
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    assert process.stdout.endswith("\n")
    lines = process.stdout.splitlines()
    assert all(line == str(int(line)) for line in lines)  # one plain integer per line
    assert len(lines) == len(set(lines))
    assert sorted(int(line) for line in lines) == expected


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        ("3", ["3 120"]),
        ("4", ["4 100"]),
        ("6", ["3 120", "3 120"]),
        ("9", ["3 120", "3 120", "3 120"]),
        ("13", ["4 100", "3 120", "3 120", "3 120"]),
        ("14", ["4 100", "4 100", "3 120", "3 120"]),
        ("40", ["4 100"] * 10),
    ],
)
def test_tables(players: str, expected: list[str]) -> None:
    process = run("tables", players)
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    assert process.stdout.endswith("\n")
    assert sorted(process.stdout.splitlines()) == sorted(expected)


@pytest.mark.parametrize("players", ["1", "2", "5", "0"])
def test_tables_that_cannot_be_seated(players: str) -> None:
    assert_invalid(run("tables", players))


def test_tables_negative() -> None:
    assert_invalid(run("tables", "-5"))


# deal: every seat's change, seats from 0 (as DealEntry.declarer); SPEC A12: only the declarer
DEALS = [
    (("3 gewonnen", "--declarer", "1"), "0 3 0 0"),
    (("3 Hand verloren", "--players", "3", "--declarer", "2"), "0 0 -12"),
    (("Kieker aufgegeben", "--rules", "prisdorf", "--declarer", "0"), "-5 0 0 0"),
    (("Siebener Fips", "--players", "4", "--declarer", "3"), "0 0 0 30"),
    (("alle gepasst",), "0 0 0 0"),
    (("4 Ruten Durch verloren", "--declarer", "1", "--min-bid", "3"), "0 -32 0 0"),
    # SPEC C2: Kontra ×2, Re ×4, only with --kontra
    (("3 gewonnen Kontra", "--kontra", "--declarer", "1"), "0 6 0 0"),
    (("3 Hand verloren Kontra Re", "--kontra", "--players", "3", "--declarer", "0"), "-48 0 0"),
    (("3 gewonnen", "--durch-biddable", "--declarer", "2"), "0 0 3 0"),  # A18.1: same scores
]


@pytest.mark.parametrize(("args", "expected"), DEALS, ids=[" ".join(a) for a, _ in DEALS])
def test_deal(args: tuple[str, ...], expected: str) -> None:
    process = run("deal", *args)
    assert process.returncode == 0, process.stderr
    assert process.stdout == f"{expected}\n"
    assert process.stderr == ""


INVALID_DEALS = {
    "no-declarer": ("3 gewonnen",),
    "declarer-when-passed": ("alle gepasst", "--declarer", "0"),
    "seat-4-of-4": ("3 gewonnen", "--declarer", "4"),
    "five-players": ("3 gewonnen", "--players", "5", "--declarer", "0"),
    "min-bid-3": ("2 gewonnen", "--declarer", "0", "--min-bid", "3"),
    "min-bid-4": ("3 gewonnen", "--declarer", "0", "--min-bid", "4"),
    "unknown-rules": ("3 gewonnen", "--declarer", "0", "--rules", "skat"),
    "not-a-seat": ("3 gewonnen", "--declarer", "x"),
    "unknown-flag": ("3 gewonnen", "--declarer", "0", "--schneider"),
    "bad-notation": ("3 Grand gewonnen", "--declarer", "0"),
    "kontra-not-agreed": ("3 gewonnen Kontra", "--declarer", "0"),
    "kontra-on-siebener": ("Siebener Fips Kontra", "--kontra", "--declarer", "0"),
}


@pytest.mark.parametrize("args", INVALID_DEALS.values(), ids=list(INVALID_DEALS))
def test_invalid_deal(args: tuple[str, ...]) -> None:
    assert_invalid(run("deal", *args))


def test_a_flag_of_another_rule_set_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flag is offered for every registered option; the chosen rule set refuses the others."""
    other = Registration("other", Prisdorf, (Option("kloppen", False, "knocking"),))
    for module in (cli, rulesets):
        monkeypatch.setattr(module, "RULE_SETS", {**rulesets.RULE_SETS, "other": other})
    assert cli.main(["deal", "3 gewonnen", "--declarer", "0", "--kloppen"]) == 2
    assert capsys.readouterr().err == (
        "The rule set prisdorf has no option “kloppen”; "
        "it has: durch_biddable, kontra, min_bid, strict_tricks.\n"
    )
    assert cli.main(["deal", "3 gewonnen", "--declarer", "0", "--rules", "other"]) == 0
    assert capsys.readouterr().out == "3 0 0 0\n"


def test_score_of_all_passed_says_why_without_calling_it_valid() -> None:
    """Issue 12: the refusal must not list "alle gepasst" among the games it wants."""
    process = run("score", "alle gepasst")
    assert_invalid(process)
    assert process.stderr == "When all passed, nobody declares: there is no declarer's score.\n"


@pytest.mark.parametrize("command", ["score", "deal"])
def test_a_number_past_pythons_digit_limit_is_a_reason_not_a_traceback(command: str) -> None:
    """Issue 12: more than 4,300 digits made int() raise a plain ValueError."""
    process = run(command, "1" * 5000 + " gewonnen")
    assert_invalid(process)
    assert process.stderr == "“111111111…” is not a word of the game notation.\n"
