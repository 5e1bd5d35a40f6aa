"""What a captain taps, as data: :class:`Taps` (a contract, flags, a result and the numbers
typed), a vocabulary's :class:`NumberField`, and every combination of them
(:func:`every_taps`), for :mod:`fipsen_rules.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from math import prod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fipsen_rules.vocabulary import Vocabulary

__all__ = ["NumberField", "Taps", "every_taps", "every_taps_count"]


@dataclass(frozen=True, slots=True)
class NumberField:
    """A number the captain types or steps (a bid, a count of matadors) instead of choosing
    one of many tiles: its name in the taps, its label (English, to translate), its bounds and
    the value a fresh form shows.

    >>> NumberField("bid", "Bid", 18, 264, 18).values[:3]
    (18, 19, 20)
    """

    name: str
    label: str
    minimum: int
    maximum: int
    default: int
    #: The flag group it is shown beside (Preisskat's Spitzen beside "ohne"), or "result" for
    #: after the result (its bid, needed only for an overbid); "" after the flag groups.
    beside: str = ""
    #: The values a step of its minus and plus goes through (Skat's bids: 18, 20, 22, 23, …);
    #: empty: every whole number between its bounds.
    steps: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.minimum <= self.default <= self.maximum:
            bounds = f"{self.minimum}..{self.maximum}"
            raise ValueError(f"{self.name}: {self.default} is not in {bounds}")

    @property
    def values(self) -> tuple[int, ...]:
        """Every value it takes."""
        return tuple(range(self.minimum, self.maximum + 1))


@dataclass(frozen=True, slots=True)
class Taps:
    """What the captain tapped: a contract's value, the flags' values, a result's value, and
    the numbers typed (by name, in the vocabulary's order; one left empty is not there).

    >>> Taps("3", frozenset({"hand"}), "won").has("hand")
    True
    >>> Taps("grand", result="won", numbers=(("bid", 72),)).number("bid")
    72
    """

    contract: str
    flags: frozenset[str] = frozenset()
    result: str | None = None
    numbers: tuple[tuple[str, int], ...] = ()

    def has(self, flag: str) -> bool:
        """Whether ``flag`` was tapped."""
        return flag in self.flags

    def number(self, name: str) -> int | None:
        """The number typed for ``name``, or None."""
        return dict(self.numbers).get(name)


def every_taps(vocabulary: Vocabulary) -> Iterator[Taps]:
    """Every combination of tiles: one contract, any flags, no or one result, every value of
    each number. There are :func:`every_taps_count` of them: a caller that goes through them
    all checks that first (tests sample them instead).

    >>> from fipsen_rules import DUTTFIPS
    >>> len(list(every_taps(DUTTFIPS.vocabulary)))  # 4 contracts, 3 results
    12
    """
    flags = [tile.value for tile in vocabulary.flags]
    results: list[str | None] = [None, *(tile.value for tile in vocabulary.results)]
    names = [field.name for field in vocabulary.numbers]
    for contract, tapped, result, numbers in product(
        vocabulary.contracts,
        product((False, True), repeat=len(flags)),
        results,
        product(*(field.values for field in vocabulary.numbers)),
    ):
        on = frozenset(name for name, is_on in zip(flags, tapped, strict=True) if is_on)
        yield Taps(contract.value, on, result, tuple(zip(names, numbers, strict=True)))


def every_taps_count(vocabulary: Vocabulary) -> int:
    """How many :func:`every_taps` there are.

    >>> from fipsen_rules import PRISDORF
    >>> every_taps_count(PRISDORF.vocabulary)  # 7 contracts, 3 flags, 3 results and none
    224
    """
    numbers: int = prod(field.maximum - field.minimum + 1 for field in vocabulary.numbers)
    flags: int = 2 ** len(vocabulary.flags)
    return len(vocabulary.contracts) * flags * (len(vocabulary.results) + 1) * numbers
