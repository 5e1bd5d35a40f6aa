"""`python -m fipsen_rules deal` for the rule sets of Part C (issue 12): Großenaspe, Ansegger
Fips and Duttfips, run as a real process. Every seat's change in seat order; invalid: status 2
and one line."""

from __future__ import annotations

import pytest

from tests.fipsen_rules.test_cli import assert_invalid, run


@pytest.mark.parametrize(
    ("game", "flags", "expected"),
    [
        ("3 Gute beet", ["--declarer", "0"], "0 6 6 6"),  # the example
        ("3 gewonnen", ["--declarer", "1"], "0 3 0 0"),
        ("3 Kreuz gewonnen", ["--declarer", "2"], "0 0 6 0"),
        ("3 Durch gewonnen", ["--declarer", "1"], "0 5 0 0"),
        ("3 Durch verloren", ["--declarer", "1"], "5 0 5 5"),
        ("3 pott beet", ["--declarer", "3"], "5 5 5 0"),
        ("Kieker Kreuz gewonnen", ["--declarer", "1"], "0 20 0 0"),
        ("Kieker aufgegeben", ["--declarer", "1"], "5 0 5 5"),
        ("fips gute gewonnen", ["--declarer", "1"], "0 40 0 0"),
        ("Fips verloren", ["--declarer", "1"], "20 0 20 20"),
        ("3 beet geklopft", ["--kloppen", "--declarer", "1"], "6 0 6 6"),
        ("Fips Gute gewonnen geklopft", ["--kloppen", "--declarer", "0"], "80 0 0 0"),
        # A table of five: the dealer (seat 0 unless --dealer) sits out and gains nothing.
        ("3 beet", ["--players", "5", "--declarer", "1"], "0 0 3 3 3"),
        ("3 gewonnen", ["--players", "5", "--declarer", "2"], "0 0 3 0 0"),
        ("3 beet", ["--players", "5", "--declarer", "1", "--dealer", "3"], "3 0 3 0 3"),
        ("alle gepasst", [], "0 0 0 0"),
    ],
)
def test_grossenaspe(game: str, flags: list[str], expected: str) -> None:
    process = run("deal", game, "--rules", "grossenaspe", *flags)
    assert process.returncode == 0, process.stderr
    assert process.stdout == expected + "\n"


@pytest.mark.parametrize(
    ("rules", "game", "flags", "expected"),
    [
        # The app's example club table (not the source's, which gives no scores).
        ("ansegger", "3 gewonnen", ["--declarer", "1"], "0 3 0 0"),
        ("ansegger", "3 Ruten verloren", ["--declarer", "1"], "0 -6 0 0"),
        ("ansegger", "Rutenfips gewonnen", ["--declarer", "2"], "0 0 20 0"),
        ("ansegger", "alle gepasst", [], "0 0 0 0"),
        ("duttfips", "Dutt gewonnen", ["--declarer", "1"], "0 2 0 0"),
        ("duttfips", "Ruten oewer verloren", ["--declarer", "2", "--dealer", "0"], "0 0 -4 0"),
        ("duttfips", "Fips gewonnen", ["--declarer", "3"], "0 0 0 10"),
    ],
)
def test_mecklenburg(rules: str, game: str, flags: list[str], expected: str) -> None:
    process = run("deal", game, "--rules", rules, *flags)
    assert process.returncode == 0, process.stderr
    assert process.stdout == expected + "\n"


@pytest.mark.parametrize(
    "args",
    [
        ["3 gewonnen geklopft", "--rules", "grossenaspe", "--declarer", "1"],  # no --kloppen
        ["3 beet", "--rules", "grossenaspe", "--players", "3", "--declarer", "1"],  # Karo Fipsen
        ["3 beet", "--rules", "grossenaspe", "--players", "5", "--declarer", "0"],  # sits out
        ["3 beet", "--rules", "grossenaspe", "--players", "6", "--declarer", "0"],
        ["1 beet", "--rules", "grossenaspe", "--declarer", "1"],
        ["3 verloren", "--rules", "grossenaspe", "--declarer", "1"],
        ["3 Hand gewonnen", "--rules", "grossenaspe", "--declarer", "1"],
        ["1" * 5000, "--rules", "grossenaspe", "--declarer", "1"],
        ["3 gewonnen", "--rules", "ansegger", "--kloppen", "--declarer", "1"],
        ["Dutt gewonnen", "--rules", "ansegger", "--declarer", "1"],
        ["Dutt gewonnen", "--rules", "duttfips", "--declarer", "0", "--dealer", "0"],
        ["Fips gewonnen", "--rules", "duttfips", "--players", "5", "--declarer", "0"],
        ["3 gewonnen", "--rules", "prisdorf", "--declarer", "0", "--dealer", "1"],
    ],
)
def test_invalid(args: list[str]) -> None:
    assert_invalid(run("deal", *args))
