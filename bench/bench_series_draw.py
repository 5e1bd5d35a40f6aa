"""How well and how fast the avoiding draw of a later series seats players with new tablemates
(issue 20: no pair meets twice where the numbers allow it).

Run: ``make bench`` or ``.venv/bin/python bench/bench_series_draw.py`` (``--nights N``, 10 by
default). For each count of players (8 to 60, and a federation day's 200) it draws N nights
of four series: the first by lot as the first draw is (``tournaments.draw.split``), then series 2,
3 and 4 by ``Method.AVOIDING`` (``tournaments.draw.series_draw``), each from its own seed. Per
count and series it prints in how many nights the draw reached the pigeonhole bound
(``fewest_met_again``, against the series just before) and 0, the most pairs met again and
the bound there, and the slowest draw in milliseconds. Pure Python: no database.
"""

from __future__ import annotations

import argparse
import time

from fipsen_rules import table_split
from tournaments.draw.series_draw import Method, fewest_met_again, series_tables
from tournaments.draw.split import draw_tables

COUNTS = (*range(8, 61), 200)


def nights(count: int, nights_drawn: int) -> dict[int, list[tuple[int, int, float]]]:
    """Per series 2..4: (pairs met again, the bound, seconds) of each night."""
    split = table_split(count, deals_at_four=48, deals_at_three=36)
    sizes = [spec.size for spec in split]
    found: dict[int, list[tuple[int, int, float]]] = {2: [], 3: [], 4: []}
    for night in range(nights_drawn):
        first = draw_tables(seed=night, registration_ids=range(count), split=split)
        earlier = [[set(table.seats) for table in first]]
        for series in (2, 3, 4):
            start = time.perf_counter()
            drawn = series_tables(
                seed=night * 10 + series,
                method=Method.AVOIDING,
                registration_ids=range(count),
                split=split,
                earlier=earlier,
            )
            seconds = time.perf_counter() - start
            found[series].append((drawn.met_again, fewest_met_again(sizes, earlier[-1]), seconds))
            earlier.append([set(table.seats) for table in drawn.tables])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, default=10)
    nights_drawn = parser.parse_args().nights
    print(f"Avoiding draw, {nights_drawn} nights a count:")
    print("  series: nights at the bound / at 0, most pairs again (its bound), slowest ms")
    misses = 0
    for count in COUNTS:
        cells = []
        for series, rows in nights(count, nights_drawn).items():
            at_bound = sum(1 for met, bound, _s in rows if met == bound)
            at_zero = sum(1 for met, _b, _s in rows if met == 0)
            worst = max(rows, key=lambda row: row[0] - row[1])
            slowest = max(seconds for _m, _b, seconds in rows) * 1000
            misses += nights_drawn - at_bound
            cells.append(
                f"S{series} {at_bound:>2}/{at_zero:>2} {worst[0]:>2}({worst[1]}) {slowest:>6.1f}"
            )
        print(f"{count:>4} players: " + " | ".join(cells))
    print(f"Draws above the bound: {misses} of {len(COUNTS) * 3 * nights_drawn}")


if __name__ == "__main__":
    main()
