"""The load bench's parts that need no load (bench/load_scenario.py): the scenario file parsed,
the percentiles, the summary's arithmetic, the saves reconciled with the rows, the knee."""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from load_scenario import (
    SCENARIO,
    Costs,
    Tally,
    board_pages,
    knee,
    load_scenario,
    percentile,
    reconcile,
    scenario_from,
    summary,
)


def test_the_scenario_file_is_the_issues_night() -> None:
    scenario = load_scenario()
    assert (scenario.tables, scenario.players, scenario.viewers) == (200, 800, 600)
    assert (scenario.save_every, scenario.view_every, scenario.standings_every) == (90, 20, 10)
    assert (scenario.reloads, scenario.burst_limit) == (600, 5)
    assert scenario.burst_at < scenario.seconds <= 120  # bounded: a short run on a shared machine
    assert scenario.knee_viewers == tuple(sorted(scenario.knee_viewers))
    assert (scenario.save_p95_ms, scenario.board_p95_ms) == (100, 100)


def test_a_scenario_without_a_part_is_refused() -> None:
    data = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    del data["burst"]
    with pytest.raises(ValueError, match="burst"):
        scenario_from(data)


def test_a_burst_after_the_end_is_refused() -> None:
    data = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    data["burst"]["at"] = data["load"]["seconds"]
    with pytest.raises(ValueError, match="before the end"):
        scenario_from(data)


def test_scaled_keeps_the_night_and_changes_the_load() -> None:
    scenario = load_scenario()
    step = scenario.scaled(viewers=1200, seconds=60)
    assert (step.viewers, step.seconds, step.reloads, step.tables) == (1200, 60, 0, 200)
    shorter = scenario.scaled(viewers=600, seconds=scenario.seconds / 2, reloads=600)
    assert shorter.burst_at == scenario.burst_at / 2 < shorter.seconds


def test_percentiles_by_nearest_rank() -> None:
    values = [float(value) for value in range(1, 101)]  # 1..100, shuffled order does not matter
    assert percentile(values[::-1], 50) == 50
    assert percentile(values, 95) == 95
    assert percentile(values, 99) == 99
    assert percentile([7.0], 99) == 7
    assert math.isnan(percentile([], 50))


def test_summary_per_kind_in_order_with_rates_and_errors() -> None:
    save, board, unused = Tally(), Tally(), Tally()
    save.seconds = [0.010, 0.020, 0.030, 0.040]
    board.seconds = [0.100] * 9
    board.error("timeout")
    board.error("503")
    lines = summary({"board": board, "save": save, "standings": unused}, seconds=2.0)
    assert [line.kind for line in lines] == ["save", "board"]
    first = lines[0]
    assert (first.count, first.per_second, first.p50_ms, first.p95_ms) == (4, 2.0, 20, 40)
    assert (lines[1].count, lines[1].errors, lines[1].p99_ms) == (9, 2, 100)
    assert "save" in first.text()


def test_saves_reconciled_with_the_rows() -> None:
    sound = reconcile(["a", "b", "c"], found=3, new_rows=3)
    assert (sound.lost, sound.unacknowledged) == (0, 0)
    # "b" answered twice (a retry of a duplicate) counts once; one row no phone heard of.
    doubtful = reconcile(["a", "b", "b"], found=1, new_rows=3)
    assert (doubtful.acknowledged, doubtful.lost, doubtful.unacknowledged) == (2, 1, 2)
    assert "lost 1" in doubtful.text()


def test_the_knee_is_the_first_load_over_the_limit() -> None:
    assert knee([(2400, 900.0), (600, 40.0), (1200, 120.0)], 100) == 1200
    assert knee([(600, 40.0), (1200, 99.0)], 100) is None
    assert knee([(600, math.nan)], 100) == 600


def test_board_pages_of_the_night() -> None:
    assert board_pages(800, 200, 10, 10) == 100
    assert board_pages(41, 11, 10, 10) == 7


@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_make_bench_compiles_the_german_catalogue_first(tmp_path: Path) -> None:
    """On a fresh clone (no .mo yet) `make bench` compiles the catalogue before any bench runs:
    bench_deal_entry.py looks for the German "Eingetragen" (issue 22.6)."""
    root = Path(__file__).resolve().parents[2]
    shutil.copy(root / "Makefile", tmp_path / "Makefile")
    for name in (
        "locale/de/LC_MESSAGES/django.po",
        "pyproject.toml",
        "preisfipsen/settings.py",
        "public/favicon.ico",
        "bench/package.json",
        "bench/package-lock.json",
        "bench/bench_deal_entry.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    for stamp in (".venv/bin/python", ".venv/.installed", "bench/node_modules/.package-lock.json"):
        (tmp_path / stamp).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / stamp).write_text("")
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "bench"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    commands = done.stdout
    assert "msgfmt --check -o locale/de/LC_MESSAGES/django.mo" in commands
    assert commands.index("msgfmt") < commands.index("bench/bench_")


def test_the_cores_a_scenario_needs_from_each_kinds_cpu() -> None:
    scenario = load_scenario().scaled(viewers=600, seconds=90)  # 200 tables, a save each 90 s
    costs = Costs({"save": 0.010, "board": 0.005, "board after a save": 0.105, "standings": 0.100})
    saves, views = 200 / 90, 600 / 20
    expected = saves * 0.010 + views * 0.005 + saves * 0.100 + 0.100 / 10
    assert costs.cores(scenario) == pytest.approx(expected)
    # What is left of 1.6 cores after the phones and the organiser, in pages of 5 ms.
    spare = 1.6 - (saves * 0.010 + saves * 0.100 + 0.010)
    assert costs.viewers_within(1.6, scenario) == int(spare / 0.005 * 20)


def test_the_board_made_at_most_every_few_seconds_costs_that_often() -> None:
    scenario = load_scenario().scaled(viewers=600, seconds=90)  # 2.2 saves a second
    cpu = {"save": 0.010, "board": 0.005, "board after a save": 0.105, "standings": 0.100}
    saves, views = 200 / 90, 600 / 20
    expected = saves * 0.010 + views * 0.005 + 0.100 / 5 + 0.100 / 10
    assert Costs(cpu, boards_every=5).cores(scenario) == pytest.approx(expected)
    assert Costs(cpu, boards_every=0.1).cores(scenario) == pytest.approx(Costs(cpu).cores(scenario))
