"""How fast fipsen_rules evaluates deal entries (issue 2: at least 100,000 per second).

Run: ``make bench`` or ``.venv/bin/python bench/bench_rules.py``. The entries are a fixed
random mix of every game the rules allow, with trick counts and written values, as a
recomputed sheet would pass them. The baseline, measured in the same run, is a plain
Python call per entry that builds a tuple: the ratio holds on a noisy machine where the
absolute figure does not.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from fipsen_rules import PRISDORF, DealEntry, Game, GameKind, Result

ENTRIES = 20_000
ROUNDS = 7
TARGET_PER_SECOND = 100_000


def make_entries(count: int, seed: int = 2026) -> list[DealEntry]:
    rng = random.Random(seed)  # noqa: S311 (a reproducible sample, not a secret)
    games = list(PRISDORF.games())
    entries = []
    for _ in range(count):
        game = rng.choice(games)
        declarer = rng.randrange(4)
        tricks = _some_legal_tricks(game, rng)
        value = PRISDORF.score(game) if rng.random() < 0.5 else None
        entries.append(DealEntry(game, declarer, tricks, value))
    return entries


def _some_legal_tricks(game: Game, rng: random.Random) -> int | None:
    if game.kind is GameKind.SIEBENER_FIPS or rng.random() < 0.5:
        return None
    if game.result is Result.SURRENDERED:
        return 0
    need = game.tricks or 5
    if game.result is Result.WON:
        return 5 if game.durch or need == 5 else need
    return need if game.durch and need < 5 else rng.randrange(need)


def best_seconds(
    work: Callable[[Sequence[DealEntry]], object], entries: Sequence[DealEntry]
) -> float:
    """The fastest of ROUNDS runs: the least disturbed by other load on the machine."""
    timings = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work(entries)
        timings.append(time.perf_counter() - start)
    return min(timings)


def evaluate_all(entries: Sequence[DealEntry]) -> object:
    evaluate = PRISDORF.evaluate
    return [evaluate(entry, players=4) for entry in entries]


def baseline(entries: Sequence[DealEntry]) -> object:
    return [(entry.game, entry.declarer) for entry in entries]


def main() -> None:
    entries = make_entries(ENTRIES)
    evaluate_all(entries)  # every game once into the caches, as on a running server
    rules_s = best_seconds(evaluate_all, entries)
    base_s = best_seconds(baseline, entries)
    per_second = ENTRIES / rules_s
    each_us = rules_s / ENTRIES * 1e6
    print(f"fipsen_rules evaluate: {per_second:,.0f} entries/s ({each_us:.2f} µs each)")
    print(f"baseline (tuple per entry): {ENTRIES / base_s:,.0f} entries/s")
    print(f"ratio evaluate/baseline: {rules_s / base_s:.1f}x")
    verdict = "meets" if per_second >= TARGET_PER_SECOND else "MISSES"
    print(f"{verdict} the target of {TARGET_PER_SECOND:,} entries/s on one core")


if __name__ == "__main__":
    main()
