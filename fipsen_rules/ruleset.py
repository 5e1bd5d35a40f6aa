"""What a rule set offers. Prisdorf is the first; Großenaspe or Thedinghausen (SPEC Part C)
would be further values of this shape, passed in wherever rules are needed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from fipsen_rules.entry import DealEntry, Outcome
from fipsen_rules.errors import Violation
from fipsen_rules.game import Bid, Game

__all__ = ["RuleSet"]


class RuleSet(Protocol):
    @property
    def name(self) -> str: ...

    def check_bid(self, bid: Bid) -> tuple[Violation, ...]: ...

    def bid_rank(self, bid: Bid) -> int: ...

    def score(self, game: Game) -> int: ...

    def games(self) -> Iterator[Game]: ...

    def possible_scores(self) -> tuple[int, ...]: ...

    def evaluate(self, entry: DealEntry, *, players: int) -> Outcome: ...

    # A rule set is a value: the scoring app caches by it (functools.cache).
    def __hash__(self) -> int: ...
