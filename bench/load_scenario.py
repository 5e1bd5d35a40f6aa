"""The load bench's scenario (``bench/bench_load.toml``) and the arithmetic of its summary: pure,
no Django, no network (tests/project/test_bench_load.py).

A scenario says how big the night is and who asks for what how often; a run's requests are
timed per kind (a phone's save, a viewer's board page, the organiser's standings, the static
yardstick, the burst's reloads) and summed up as p50/p95/p99, errors, and the saves the phones
were told were saved against the rows the database holds afterwards.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

SCENARIO = Path(__file__).with_name("bench_load.toml")

#: The kinds of request, in the order the summary prints them.
KINDS = ("static", "save", "captain page", "board", "standings", "reload")


@dataclass(frozen=True)
class Scenario:
    tables: int
    deals_before: int
    seconds: float
    save_every: float
    viewers: int
    view_every: float
    standings_every: float
    yardstick_every: float
    timeout: float
    reloads: int
    burst_at: float
    burst_limit: float
    knee_viewers: tuple[int, ...]
    knee_seconds: float
    save_p95_ms: float
    board_p95_ms: float

    @property
    def players(self) -> int:
        return self.tables * 4

    def scaled(self, *, viewers: int, seconds: float, reloads: int = 0) -> Scenario:
        """The same night with another count of viewers or length, for a step towards the
        knee (no burst by default); a burst stays at the same share of the run."""
        burst_at = self.burst_at * seconds / self.seconds
        return replace(self, viewers=viewers, seconds=seconds, reloads=reloads, burst_at=burst_at)


def scenario_from(data: Mapping[str, Any]) -> Scenario:
    """The scenario of a parsed TOML file; a missing or mistyped key raises ValueError."""
    try:
        night, load, burst, knee, goal = (
            data[part] for part in ("night", "load", "burst", "knee", "goal")
        )
        scenario = Scenario(
            tables=int(night["tables"]),
            deals_before=int(night["deals_before"]),
            seconds=float(load["seconds"]),
            save_every=float(load["save_every"]),
            viewers=int(load["viewers"]),
            view_every=float(load["view_every"]),
            standings_every=float(load["standings_every"]),
            yardstick_every=float(load["yardstick_every"]),
            timeout=float(load["timeout"]),
            reloads=int(burst["reloads"]),
            burst_at=float(burst["at"]),
            burst_limit=float(burst["limit_seconds"]),
            knee_viewers=tuple(int(count) for count in knee["viewers"]),
            knee_seconds=float(knee["seconds"]),
            save_p95_ms=float(goal["save_p95_ms"]),
            board_p95_ms=float(goal["board_p95_ms"]),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"scenario: missing or wrong {error}") from error
    if scenario.burst_at >= scenario.seconds or scenario.tables < 1:
        raise ValueError("scenario: the burst must come before the end, and a table be there")
    return scenario


def load_scenario(path: Path = SCENARIO) -> Scenario:
    return scenario_from(tomllib.loads(path.read_text(encoding="utf-8")))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0..100) of ``values``; NaN for none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Tally:
    """The seconds of a kind's answered requests, and what went wrong with the others."""

    seconds: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


@dataclass(frozen=True)
class Line:
    kind: str
    count: int
    per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    errors: int

    def text(self) -> str:
        return (
            f"{self.kind:13s} {self.count:6d} {self.per_second:7.1f}/s"
            f" {self.p50_ms:8.1f} {self.p95_ms:8.1f} {self.p99_ms:8.1f} {self.errors:7d}"
        )


HEADER = (
    f"{'kind':13s} {'count':>6s} {'rate':>9s} {'p50 ms':>8s} {'p95 ms':>8s} {'p99 ms':>8s} errors"
)


def summary(tallies: Mapping[str, Tally], seconds: float) -> list[Line]:
    """A line per kind that was asked for, in the order of KINDS."""
    lines = []
    for kind in KINDS:
        tally = tallies.get(kind)
        if tally is None or not (tally.seconds or tally.errors):
            continue
        ms = [value * 1000 for value in tally.seconds]
        lines.append(
            Line(
                kind=kind,
                count=len(ms),
                per_second=len(ms) / seconds if seconds else math.nan,
                p50_ms=percentile(ms, 50),
                p95_ms=percentile(ms, 95),
                p99_ms=percentile(ms, 99),
                errors=sum(tally.errors.values()),
            )
        )
    return lines


@dataclass(frozen=True)
class Reconciliation:
    """The saves the phones were told were saved, against the rows the database holds."""

    acknowledged: int
    found: int
    new_rows: int

    @property
    def lost(self) -> int:
        """Acknowledged, yet not in the database."""
        return self.acknowledged - self.found

    @property
    def unacknowledged(self) -> int:
        """Rows no phone was told of (an answer that never came); a doubled save counts here."""
        return self.new_rows - self.found

    def text(self) -> str:
        return (
            f"saves acknowledged {self.acknowledged}, found {self.found}, new rows "
            f"{self.new_rows}: lost {self.lost}, rows without an acknowledgement "
            f"{self.unacknowledged}"
        )


def reconcile(acknowledged: Iterable[str], found: int, new_rows: int) -> Reconciliation:
    """``acknowledged``: the submissions answered "saved" (a doubled answer counts once)."""
    return Reconciliation(acknowledged=len(set(acknowledged)), found=found, new_rows=new_rows)


def knee(steps: Sequence[tuple[int, float]], limit_ms: float) -> int | None:
    """The first count of viewers (of ``(viewers, save p95 ms)`` steps) over ``limit_ms``."""
    for viewers, p95 in sorted(steps):
        if not p95 <= limit_ms:  # NaN (nothing answered) is over the limit too
            return viewers
    return None


def board_pages(players: int, tables: int, per_page: int, tables_per_page: int) -> int:
    """How many pages the board turns through: the standings', then the tables'."""
    return math.ceil(players / per_page) + math.ceil(tables / tables_per_page)


@dataclass
class Costs:
    """The server's CPU seconds per request of each kind, asked for one at a time (so the
    neighbours on a shared machine slow them, but hardly change the CPU they take): "save",
    "board" (a page as served), "board after a save" (the first page asked for once the board
    is due after a save, which makes it afresh), "standings", "reload" (the whole board page).
    The board is made afresh at most once in ``boards_every`` seconds, however many saves."""

    cpu: dict[str, float] = field(default_factory=dict)
    boards_every: float = 0.0

    def _fixed(self, scenario: Scenario) -> float:
        """Cores for everything but the viewers' pages as served: the saves, the board made
        afresh after them (when viewers ask more often than phones save; at most once in
        ``boards_every``), the standings."""
        saves = scenario.tables / scenario.save_every
        fresh = max(0.0, self.cpu["board after a save"] - self.cpu["board"])
        views = scenario.viewers / scenario.view_every
        made = min(saves, views, 1 / self.boards_every if self.boards_every else math.inf)
        return (
            saves * self.cpu["save"]
            + made * fresh
            + self.cpu["standings"] / scenario.standings_every
        )

    def cores(self, scenario: Scenario) -> float:
        """The cores the scenario's steady load needs: each kind's rate times its CPU."""
        views = scenario.viewers / scenario.view_every
        return self._fixed(scenario) + views * self.cpu["board"]

    def viewers_within(self, cores: float, scenario: Scenario) -> int:
        """How many viewers (besides the scenario's phones and organiser) ``cores`` carry."""
        spare = cores - self._fixed(scenario.scaled(viewers=10**6, seconds=scenario.seconds))
        return max(0, math.floor(spare / self.cpu["board"] * scenario.view_every))
