"""What every rule set offers, whatever its game (SPEC Parts A and C): one protocol family.

In the spirit of python-chess's variants: a rule set is one class, found by name in the
registry (:mod:`fipsen_rules.rulesets`), and it is a frozen dataclass value whose fields are
its options (``Prisdorf(min_bid=3)``). Every rule set (:class:`RuleSet`) answers the same
questions: its ``name``, its ``OPTIONS`` and their values (``options``; a value it cannot
take is refused when it is made, an option it lacks by the registry), the tables it is
played at (``table_sizes``, ``split``, ``deals_at``, ``dealer_sits_out_at``), whether a
table plays on when a player leaves (``players_may_leave``), what orders its players at the
end (``ranking``) and whether its deals are scored (``scores_deals``). It has one of two
shapes:

- :class:`ScoredRuleSet` (``scores_deals`` True: Prisdorf, Großenaspe, Ansegger Fips,
  Duttfips) reads and writes games in its own notation (``parse``/``format``, a round trip),
  scores a deal for every seat (``evaluate``) and knows every score a deal can give
  (``possible_scores``). Its game value is its own, which is why it is generic in it.
- :class:`LedgerRuleSet` (``scores_deals`` False: the Thedinghausen race, Tippen) keeps a
  ledger per table instead: ``at_table(players)`` is the rules of one table, whose own
  values play the deals.

Code that does not know the rule set asks these attributes, never its type or its name;
:func:`is_scored` narrows a rule set to the scored shape by asking ``scores_deals``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeGuard, TypeVar

if TYPE_CHECKING:
    from fipsen_rules.tables import TableSpec

__all__ = [
    "BY_POINTS",
    "SHARED_PLACE",
    "TIE_BREAK_ORDER",
    "GameT",
    "LedgerRuleSet",
    "Option",
    "OptionValue",
    "Ranking",
    "RuleSet",
    "ScoredRuleSet",
    "Scores",
    "is_scored",
    "option_values",
]

OptionValue = int | bool
GameT = TypeVar("GameT")
TableT_co = TypeVar("TableT_co", covariant=True)


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


#: The players equal on every figure of a :class:`Ranking` are ordered by the tournament's
#: tie-break order (the organiser's choice; the scored rule sets).
TIE_BREAK_ORDER = "tie_break_order"
#: The players equal on every figure share a place: "1, 2, 2, 4" (the race, Tippen).
SHARED_PLACE = "shared_place"


@dataclass(frozen=True, slots=True)
class Ranking:
    """What orders a rule set's players at the end of a night, as data.

    :param by: the figures compared in turn, highest first: ``("points",)``;
        ``("games_won", "cents")`` (the race: games won, then the Hedewig ledger);
        ``("chips",)`` (Tippen).
    :param tie_break: what orders players equal on all of them: :data:`TIE_BREAK_ORDER` or
        :data:`SHARED_PLACE`.

    >>> BY_POINTS
    Ranking(by=('points',), tie_break='tie_break_order')
    """

    by: tuple[str, ...]
    tie_break: str


#: The scored rule sets' ranking: points, then the tournament's tie-break order.
BY_POINTS = Ranking(("points",), TIE_BREAK_ORDER)


class RuleSet(Protocol):
    """What every rule set answers, scored or a ledger (see the module text)."""

    OPTIONS: ClassVar[tuple[Option, ...]]
    """Its options, in the order offered: a keyword of its constructor each."""

    @property
    def name(self) -> str:
        """Its name in the registry and on the command line, e.g. ``"prisdorf"``."""
        ...

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each of its options, by option name, in the order of ``OPTIONS``."""
        ...

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """How many players a table of these rules can have, ascending."""
        ...

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """The tables of a night of ``players``, each with its deals: ``deals`` by table
        size where given (the tournament's own counts), else :meth:`deals_at`.

        :raises SeatingError: the count cannot be seated, with the rule set's own code.
        """
        ...

    def deals_at(self, size: int) -> int:
        """How many deals a table of ``size`` players plays in a tournament (a ledger rule
        set's table plays until the night ends: its count is a placeholder, 1)."""
        ...

    @property
    def dealer_sits_out_at(self) -> tuple[int, ...]:
        """The table sizes at which the dealer sits out each deal (Großenaspe's five)."""
        ...

    @property
    def players_may_leave(self) -> bool:
        """Whether a table plays on when a player leaves (Prisdorf: four become three);
        where the sources say nothing of it, the table is ended early instead."""
        ...

    @property
    def ranking(self) -> Ranking:
        """What orders the players at the end of a night, and the tie-break."""
        ...

    @property
    def scores_deals(self) -> bool:
        """True: a :class:`ScoredRuleSet`; False: a :class:`LedgerRuleSet`."""
        ...

    # A rule set is a value: the scoring app caches by it (functools.cache).
    def __hash__(self) -> int: ...


class ScoredRuleSet(RuleSet, Protocol[GameT]):
    """A rule set whose deals are scored for every seat. ``GameT`` is the type of its games."""

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


class LedgerRuleSet(RuleSet, Protocol[TableT_co]):
    """A rule set with no scored deal: each table keeps a ledger (the race's tricks and
    money, Tippen's chips). ``TableT_co`` is the type of the rules of one table."""

    def at_table(self, players: int) -> TableT_co:
        """The rules of one table of ``players`` with these options.

        :raises SeatingError: a table of these rules cannot have ``players``.
        """
        ...


def is_scored(rules: RuleSet) -> TypeGuard[ScoredRuleSet[Any]]:
    """Whether ``rules`` scores its deals: the question the web asks instead of the type.

    >>> from fipsen_rules.rulesets import rule_set
    >>> is_scored(rule_set("prisdorf")), is_scored(rule_set("tippen"))
    (True, False)
    """
    return rules.scores_deals


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
