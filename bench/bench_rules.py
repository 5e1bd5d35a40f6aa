"""How fast fipsen_rules evaluates deal entries (issue 2: at least 100,000 per second), and
every registered rule set's deals (issue 12).

Run: ``make bench`` or ``.venv/bin/python bench/bench_rules.py``. The entries are a fixed
random mix of every game the rules allow, with trick counts and written values, as a
recomputed sheet would pass them. The baseline, measured in the same run, is a plain
Python call per entry that builds a tuple: the ratio holds on a noisy machine where the
absolute figure does not. Then each scored rule set of ``RULE_SETS`` evaluates a fixed random mix of
its own legal deals (a game and its declarer, at each table size), so that a new rule set is
measured as soon as it is registered. Then the same
deals as text, parsed and scored (issue 31). Last, the Thedinghausen race and the Tippen ledger
(not rule sets of that shape): deals applied per second, over whole games and one evening.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, TypeVar

from fipsen_rules import (
    PRISDORF,
    Bete,
    DealEntry,
    FipsenError,
    Game,
    GameKind,
    Race,
    Result,
    Tippen,
    TippenDeal,
)
from fipsen_rules.ruleset import ScoredRuleSet
from fipsen_rules.rulesets import scored_rule_set, scored_rule_sets

T = TypeVar("T")

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


def best_seconds(work: Callable[[Sequence[T]], object], entries: Sequence[T]) -> float:
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


Deal = tuple[Any, int, int | None]  # a game, the players, the declarer


def legal_deals(rules: ScoredRuleSet[Any], count: int, seed: int = 2026) -> list[Deal]:
    """A random mix of ``rules``' legal deals: games from its ``games()``, any declarer."""
    games: Callable[[], Iterable[Any]] | None = getattr(rules, "games", None)
    if games is None:
        return []
    rng = random.Random(seed)  # noqa: S311 (a reproducible sample, not a secret)
    candidates = [
        (game, size, declarer)
        for game in games()
        for size in rules.table_sizes
        for declarer in range(size)
    ]
    legal = [deal for deal in candidates if _scores(rules, deal)]
    return [rng.choice(legal) for _ in range(count)] if legal else []


def _scores(rules: ScoredRuleSet[Any], deal: Deal) -> bool:
    try:
        _evaluate_one(rules, deal)
    except FipsenError:
        return False
    return True


def _evaluate_one(rules: ScoredRuleSet[Any], deal: Deal) -> object:
    game, players, declarer = deal
    if players == 5:  # a table of five seats by the dealer, who sits out (Großenaspe)
        evaluate: Callable[..., object] = rules.evaluate
        dealer = 0 if declarer is None else (declarer + 1) % players
        return evaluate(game, players=players, declarer=declarer, dealer=dealer)
    return rules.evaluate(game, players=players, declarer=declarer)


def _evaluate_deals(rules: ScoredRuleSet[Any], deals: Sequence[Deal]) -> object:
    return [_evaluate_one(rules, deal) for deal in deals]


def _trivial_call(game: object, *, players: int, declarer: int | None) -> object:
    return game, players, declarer


def _yardstick(deals: Sequence[Deal]) -> object:
    """The same loop with a trivial pure-Python call in place of the rule set's evaluate."""
    return [_trivial_call(game, players=size, declarer=seat) for game, size, seat in deals]


def bench_rule_sets() -> None:
    """Deals per second for every registered rule set, with its default options, and how many
    times slower than a trivial call in the same loop (the ratio holds on a loaded machine)."""
    for name in sorted(scored_rule_sets()):  # the race and Tippen have benches of their own
        rules = scored_rule_set(name)
        deals = legal_deals(rules, ENTRIES)
        if not deals:
            print(f"rule set {name}: no games() to sample")
            continue
        seconds = best_seconds(partial(_evaluate_deals, rules), deals)
        yardstick = best_seconds(_yardstick, deals)
        print(
            f"rule set {name}: {ENTRIES / seconds:,.0f} deals/s (game and declarer), "
            f"{seconds / yardstick:.0f}x a trivial call ({ENTRIES / yardstick:,.0f}/s)"
        )


def _parse_and_evaluate(rules: ScoredRuleSet[Any], texts: Sequence[Text]) -> object:
    parse = rules.parse
    return [_evaluate_one(rules, (parse(text), size, seat)) for text, size, seat in texts]


Text = tuple[str, int, int | None]  # a game as written, the players, the declarer


def bench_texts() -> None:
    """Text in (issue 31): each rule set's deals as written (its canonical notation, as the
    captain's taps, a replay and an import send them) parsed and scored, per second."""
    for name in sorted(scored_rule_sets()):
        rules = scored_rule_set(name)
        texts = [
            (rules.format(game), size, seat) for game, size, seat in legal_deals(rules, ENTRIES)
        ]
        if not texts:
            continue
        seconds = best_seconds(partial(_parse_and_evaluate, rules), texts)
        verdict = "meets" if ENTRIES / seconds >= TARGET_PER_SECOND else "MISSES"
        print(
            f"rule set {name}, text in: {ENTRIES / seconds:,.0f} deals/s parsed and scored "
            f"({len({text for text, _, _ in texts})} texts), {verdict} {TARGET_PER_SECOND:,}/s"
        )
    rules = Tippen(players=4, bete=Bete.KATIRA, max_bete=30)
    written = [str(deal) for deal in tippen_deals(ENTRIES)]
    seconds = best_seconds(partial(_play_written, rules), [written])
    verdict = "meets" if ENTRIES / seconds >= TARGET_PER_SECOND else "MISSES"
    print(f"tippen, text in: {ENTRIES / seconds:,.0f} deals/s parsed and played, {verdict}")


def _play_written(rules: Tippen, evenings: Sequence[list[str]]) -> object:
    return [rules.play_all([TippenDeal.parse(text) for text in evening]) for evening in evenings]


def race_games(deals: int, seed: int = 2026) -> list[list[list[int]]]:
    """Whole Thedinghausen games at five, ``deals`` deals in all: each trick to a random
    seat, the last deal cut at the tenth trick (so sweeps and short last deals occur)."""
    rng = random.Random(seed)  # noqa: S311 (a reproducible sample, not a secret)
    games: list[list[list[int]]] = []
    made = 0
    while made < deals:
        state, game = Race().start(), []
        while state.winner is None:
            counts = [0] * 5
            for _ in range(5):
                if any(state.tallies[s] + counts[s] >= 10 > counts[s] for s in range(5)):
                    break
                counts[rng.randrange(5) if rng.random() < 0.9 else 0] += 1
            state = state.play(counts)
            game.append(counts)
        games.append(game)
        made += len(game)
    return games


def _play_races(games: Sequence[list[list[int]]]) -> object:
    race = Race()
    return [race.play_all(game) for game in games]


def _play_evenings(rules: Tippen, evenings: Sequence[list[TippenDeal]]) -> object:
    return [rules.play_all(evening) for evening in evenings]


def tippen_deals(count: int, seed: int = 2026) -> list[TippenDeal]:
    """A Tippen evening at four: each seat taps or not, the three tricks to random tappers."""
    rng = random.Random(seed)  # noqa: S311 (a reproducible sample, not a secret)
    deals = []
    for _ in range(count):
        taps: list[int | None] = [0 if rng.random() < 0.6 else None for _ in range(4)]
        tappers = [seat for seat, tap in enumerate(taps) if tap is not None]
        if len(tappers) > 1:
            for _ in range(3):
                seat = rng.choice(tappers)
                taps[seat] = (taps[seat] or 0) + 1
        deals.append(TippenDeal(tuple(taps)))
    return deals


def bench_ledgers() -> None:
    """Deals applied per second for the two ledgers that are not deal-by-deal rule sets."""
    games = race_games(ENTRIES)
    race_deals = sum(len(game) for game in games)
    seconds = best_seconds(_play_races, games)
    print(f"race thedinghausen: {race_deals / seconds:,.0f} deals/s ({len(games)} whole games)")
    rules = Tippen(players=4, bete=Bete.KATIRA, max_bete=30)
    deals = tippen_deals(ENTRIES)
    seconds = best_seconds(partial(_play_evenings, rules), [deals])
    print(f"tippen (katira, max bête 30): {ENTRIES / seconds:,.0f} deals/s")


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
    bench_rule_sets()
    bench_texts()
    bench_ledgers()


if __name__ == "__main__":
    main()
