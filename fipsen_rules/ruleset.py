"""What a rule set offers, whatever its notation (SPEC Parts A and C).

A rule set is a frozen dataclass value: its fields are its options (``Prisdorf(min_bid=3)``),
it reads and writes games in its own notation (``parse``/``format``, a round trip), scores a
deal for every seat (``evaluate``), knows every score a deal can give (``possible_scores``)
and the tables it is played at (``table_sizes``, ``deals_at``). Its game value is its own:
Prisdorf's is :class:`fipsen_rules.game.Game`, another rule set brings its own type, which is
why :class:`RuleSet` is generic in it. The registry of rule sets by name is
:mod:`fipsen_rules.rulesets`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

__all__ = ["GameT", "Option", "OptionValue", "RuleSet", "Scores", "option_values"]

OptionValue = int | bool
GameT = TypeVar("GameT")


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a rule set: a keyword of its constructor and a flag of the command line.

    :param name: the keyword, e.g. ``"min_bid"``; the flag is ``--min-bid``.
    :param default: its value when not given; a ``bool`` makes it an on/off flag.
    :param help: one line for ``--help`` and for the organiser's choice.

    >>> Option("min_bid", 2, "the lowest bid, 2 or 3").flag
    '--min-bid'
    >>> Option("kontra", False, "Kontra and Rekontra").is_switch
    True
    """

    name: str
    default: OptionValue
    help: str = ""

    @property
    def flag(self) -> str:
        """The command line flag."""
        return "--" + self.name.replace("_", "-")

    @property
    def is_switch(self) -> bool:
        """Whether the option is on or off (a flag without a value)."""
        return isinstance(self.default, bool)


class Scores(Protocol):
    """What a scored deal offers whatever the rule set (Prisdorf's is its ``Outcome``)."""

    @property
    def score_changes(self) -> tuple[int, ...]:
        """The change of every seat's total, by seat (0-based, as the seats are numbered)."""
        ...

    @property
    def counts_as_deal(self) -> bool:
        """``False`` for a deal that is dealt again (all passed) and does not count."""
        ...


class RuleSet(Protocol[GameT]):
    """The shape of every rule set. ``GameT`` is the type of its games."""

    @property
    def name(self) -> str:
        """Its name in the registry and on the command line, e.g. ``"prisdorf"``."""
        ...

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each of its options, by option name."""
        ...

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """How many players a table of these rules can have, ascending."""
        ...

    def deals_at(self, size: int) -> int:
        """How many deals a table of ``size`` players plays in a tournament."""
        ...

    def parse(self, text: str) -> GameT:
        """A game in these rules' notation; raises ``NotationError`` for anything else."""
        ...

    def format(self, game: GameT) -> str:
        """The canonical notation of ``game``: ``parse(format(game)) == game``."""
        ...

    def evaluate(self, game: GameT, /, *, players: int, declarer: int | None) -> Scores:
        """Check a deal and score it for every seat; raises ``InvalidEntryError``."""
        ...

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a seat can get in one deal, ascending."""
        ...

    # A rule set is a value: the scoring app caches by it (functools.cache).
    def __hash__(self) -> int: ...


def option_values(rules: object, options: tuple[Option, ...]) -> Mapping[str, OptionValue]:
    """The values of ``options`` as fields of ``rules`` (the usual ``options`` property).

    >>> from fipsen_rules.prisdorf import Prisdorf
    >>> dict(option_values(Prisdorf(min_bid=3), Prisdorf.OPTIONS[:1]))
    {'min_bid': 3}
    """
    values: dict[str, OptionValue] = {
        option.name: getattr(rules, option.name) for option in options
    }
    return values
