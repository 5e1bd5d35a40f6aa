"""Places in a ranking where equal records share a place ("1, 2, 2, 4").

The rule sets that are not scored in points rank by a tuple of counts, highest first:
Thedinghausen by games won, then the Hedewig ledger in cents (SPEC C4); Tippen by chips
(SPEC C6). Who the competitors are is the caller's business: any hashable key.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

__all__ = ["places", "race_places"]

K = TypeVar("K", bound=Hashable)


def places(records: Mapping[K, tuple[int, ...]]) -> dict[K, int]:
    """Each key's place, 1 for the highest record; equal records share the higher place.

    >>> places({"Anke": (12,), "Bernd": (-3,), "Claus": (12,), "Dora": (0,)})
    {'Anke': 1, 'Claus': 1, 'Dora': 3, 'Bernd': 4}
    """
    ranked = sorted(records, key=lambda key: records[key], reverse=True)
    result: dict[K, int] = {}
    for index, key in enumerate(ranked):
        before = ranked[index - 1] if index else None
        tied = before is not None and records[before] == records[key]
        result[key] = result[before] if tied and before is not None else index + 1
    return result


def race_places(games_won: Mapping[K, int], cents: Mapping[K, int]) -> dict[K, int]:
    """Thedinghausen standings: games won, then the Hedewig ledger (net cents).

    >>> race_places({"A": 2, "B": 2, "C": 3}, {"A": -80, "B": 320, "C": -400})
    {'C': 1, 'B': 2, 'A': 3}
    """
    return places({key: (games_won[key], cents.get(key, 0)) for key in games_won})
