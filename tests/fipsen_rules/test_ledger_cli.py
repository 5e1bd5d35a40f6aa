"""`python -m fipsen_rules race|tippen` (issue 12): how the race and Tippen are checked from
outside. The output is exact: one JSON object (race) or one line of chips (tippen); anything
invalid exits with status 2, one line on stderr and nothing on stdout."""

from __future__ import annotations

import json

import pytest

from fipsen_rules import __main__ as cli
from tests.fipsen_rules.test_cli import assert_invalid, run

EVEN = "2 1 1 1 0"
MAX_BETE_DEALS = ("- - - -", "- - - -", "0 0 0 3", "1 1 1 -")


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        pytest.param(
            (),
            {"tallies": [0] * 5, "winner": None, "sweeps": [], "cents": [-80] * 5},
            id="no-deal-yet",
        ),
        pytest.param(
            (EVEN, "0 0 5 0 0"),
            {
                "tallies": [2, 1, 1, 1, 0],
                "winner": None,
                "sweeps": [2],
                "cents": [-180, -180, 320, -180, -180],
            },
            id="a-sweep",
        ),
        pytest.param(
            (EVEN,) * 4 + ("2 0 0 0 0",),
            {
                "tallies": [10, 4, 4, 4, 0],
                "winner": 0,
                "sweeps": [],
                "cents": [320, -80, -80, -80, -80],
            },
            id="won-mid-deal",
        ),
        pytest.param(
            ("0 5 0 0 0",) + (EVEN,) * 4 + ("2 1 1 0 0",),
            {
                "tallies": [10, 5, 5, 4, 0],
                "winner": 0,
                "sweeps": [1],
                "cents": [220, 320, -180, -180, -180],
            },
            id="sweep-then-won",
        ),
    ],
)
def test_race(deals: tuple[str, ...], expected: dict[str, object]) -> None:
    process = run("race", "--rules", "thedinghausen", *deals)
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    assert process.stdout.count("\n") == 1
    assert json.loads(process.stdout) == expected
    assert list(json.loads(process.stdout)) == ["tallies", "winner", "sweeps", "cents"]


@pytest.mark.parametrize(
    "deals",
    [
        pytest.param(("1 1 1 1 0",), id="sum-four-without-an-end"),
        pytest.param(("2 2 2 0 0",), id="sum-six"),
        pytest.param(("6 0 0 0 0",), id="count-over-five"),
        pytest.param(("-1 2 2 1 1",), id="count-negative"),
        pytest.param(("2 1 1 1",), id="four-counts"),
        pytest.param((EVEN,) * 4 + ("3 1 1 0 0",), id="tenth-trick-overshot"),
        pytest.param((EVEN,) * 5 + (EVEN,), id="deal-after-the-end"),
        pytest.param(("2 one 1 1 0",), id="not-a-number"),
        pytest.param(("",), id="empty"),
        pytest.param(("2 1 1 1 " + "9" * 5000,), id="huge"),
    ],
)
def test_race_invalid(deals: tuple[str, ...]) -> None:
    assert_invalid(run("race", "--rules", "thedinghausen", *deals))


def test_race_announced_fipsen() -> None:
    process = run("race", "--announced-fipsen", "4 1 0 0 0 @0", "0 5 0 0 0 @1", EVEN)
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout) == {
        "tallies": [6, 2, 1, 1, 0],
        "winner": None,
        "sweeps": [1],
        "cents": [-580, 420, -80, -80, -80],
        "failed": [0],
    }


@pytest.mark.parametrize(
    ("flags", "deal"),
    [
        pytest.param((), "4 1 0 0 0 @0", id="not-agreed"),
        pytest.param(("--announced-fipsen",), "4 1 0 0 0 @5", id="no-such-seat"),
        pytest.param(("--announced-fipsen",), "4 1 0 0 0 @", id="no-seat"),
        pytest.param(("--announced-fipsen",), "4 1 0 0 0 @1 2", id="two-seats"),
    ],
)
def test_race_announced_fipsen_invalid(flags: tuple[str, ...], deal: str) -> None:
    assert_invalid(run("race", *flags, deal))


def test_race_other_rules_refused() -> None:
    assert_invalid(run("race", "--rules", "prisdorf", EVEN))


@pytest.mark.parametrize(
    ("players", "deal", "tallies"), [("4", "2 1 1 1", [2, 1, 1, 1]), ("6", "0 0 0 0 0 5", [0] * 6)]
)
def test_race_at_four_and_six(
    players: str, deal: str, tallies: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["race", "--players", players, deal]) == 0
    assert json.loads(capsys.readouterr().out)["tallies"] == tallies


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param(("--players", "4", "2 1 - 0"), "-1 1 0 -3", id="play"),
        pytest.param(("--players", "4", "2 1 - 0", "- t - -"), "-1 4 0 -3", id="lone-tapper"),
        pytest.param(("--players", "3", "- - -", "- - -"), "-3 -3 0", id="all-passed"),
        pytest.param(
            ("--players", "4", "--bete", "katira", "- - - -", "0 - 0 3"),
            "-9 -3 -6 6",
            id="katira",
        ),
        pytest.param(
            ("--players", "4", "--bete", "katira", "--max-bete", "6", *MAX_BETE_DEALS),
            "-6 -6 -6 6",
            id="max-bete",
        ),
        pytest.param(("--players", "3", "--stake", "6", "1 1 1"), "-4 2 2", id="stake"),
        pytest.param(
            (
                "--players",
                "5",
            ),
            "0 0 0 0 0",
            id="no-deal",
        ),
    ],
)
def test_tippen(args: tuple[str, ...], expected: str) -> None:
    process = run("tippen", *args)
    assert process.returncode == 0, process.stderr
    assert process.stdout == expected + "\n"


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--players", "4", "2 2 - 0"), id="four-tricks"),
        pytest.param(("--players", "4", "1 1 1"), id="three-entries"),
        pytest.param(("--players", "4", "- 3 - -"), id="lone-with-tricks"),
        pytest.param(("--players", "4", "2 1 t -"), id="lone-beside-other-tappers"),
        pytest.param(("--players", "4", "t t - -"), id="two-alone"),
        pytest.param(("--players", "4", "x - - -"), id="not-an-entry"),
        pytest.param(("--players", "7", "- - - -"), id="seven-players"),
        pytest.param(("--stake", "3", "--max-bete", "2", "1 1 1 -"), id="max-below-stake"),
        pytest.param(("--bete", "half", "1 1 1 -"), id="unknown-bete"),
    ],
)
def test_tippen_invalid(args: tuple[str, ...]) -> None:
    assert_invalid(run("tippen", *args))


def test_tippen_says_why_t_beside_other_tappers_is_refused() -> None:
    """Issue 17: "2 1 t -" was read as "2 1 0 -" and printed -1 1 -3 0."""
    process = run("tippen", "--players", "4", "2 1 t -")
    assert_invalid(process)
    assert process.stderr == (
        "Seat 2 is entered as tapped alone (t), but others tapped too: enter his tricks, 0 to 3.\n"
    )


@pytest.mark.parametrize("command", ["race", "tippen"])
def test_help_says_seats_count_from_zero(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    assert "Seats are numbered from 0" in capsys.readouterr().out
