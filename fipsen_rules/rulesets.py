"""Every rule set by name: ``rule_set("prisdorf", min_bid=3)``.

The registry is how the command line and the web layer find a rule set and its options
(SPEC Part C). A rule set is a module whose class has the shape of
:class:`fipsen_rules.ruleset.ScoredRuleSet` (or of :class:`~fipsen_rules.ruleset.LedgerRuleSet`),
and its :class:`Registration`: the library's own seven are registered here, any other by
:func:`register` (the tests' Münzfips, from a fixture, undone by :func:`unregister`).

>>> sorted(RULE_SETS)
['ansegger', 'duttfips', 'grossenaspe', 'preisskat', 'prisdorf', 'thedinghausen', 'tippen']
>>> rule_set("prisdorf", min_bid=3) == Prisdorf(min_bid=3)
True
>>> rule_set("skat")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fipsen_rules.errors.RulesError: “skat” is not a rule set; there are: ansegger, duttfips, ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from fipsen_rules.errors import Code, RulesError
from fipsen_rules.grossenaspe import Grossenaspe
from fipsen_rules.mecklenburg import Ansegger, Duttfips
from fipsen_rules.preisskat import Preisskat
from fipsen_rules.prisdorf import Prisdorf
from fipsen_rules.ruleset import Option, OptionValue, RuleSet, ScoredRuleSet, is_scored
from fipsen_rules.thedinghausen import Thedinghausen
from fipsen_rules.tippen import TippenRules
from fipsen_rules.vocabulary import NOTATION_WORDS

__all__ = [
    "RULE_SETS",
    "Registration",
    "notation_words",
    "register",
    "rule_set",
    "scored_rule_set",
    "scored_rule_sets",
    "unregister",
]


@dataclass(frozen=True, slots=True)
class Registration:
    """A rule set in the registry: its name, how to make it, and the options it takes.

    Calling it makes the rule set from keyword options; an option it does not declare is
    refused here, a value it cannot take by the rule set itself.
    """

    name: str
    make: Callable[..., RuleSet]
    options: tuple[Option, ...] = ()

    def __call__(self, **options: OptionValue) -> RuleSet:
        """:raises RulesError: ``RULES_OPTION_UNKNOWN``; and whatever the rule set raises."""
        known = {option.name for option in self.options}
        for name in options:
            if name not in known:
                raise RulesError.of(
                    Code.RULES_OPTION_UNKNOWN,
                    name,
                    rules=self.name,
                    option=name,
                    known=", ".join(sorted(known)) or "-",
                )
        return self.make(**options)

    @property
    def scores_deals(self) -> bool:
        """Whether the rule set scores its deals (:attr:`RuleSet.scores_deals`)."""
        return self().scores_deals


def _registration(rules: type[Any]) -> Registration:
    return Registration(rules.name, rules, rules.OPTIONS)


_registered_rule_sets: dict[str, Registration] = {
    registration.name: registration
    for registration in (
        _registration(Prisdorf),
        _registration(Grossenaspe),
        # Mecklenburg scores from a club's points table; by name, the app's example table.
        _registration(Ansegger),
        _registration(Duttfips),
        _registration(Thedinghausen),
        _registration(TippenRules),
        _registration(Preisskat),
    )
}
#: How often the registry changed (see :func:`notation_words`).
_changes = 0
#: Read only: a rule set comes in by :func:`register`, which checks it.
RULE_SETS: Mapping[str, Registration] = MappingProxyType(_registered_rule_sets)
"""The rule sets by name."""


def register(registration: Registration) -> None:
    """Add a rule set to :data:`RULE_SETS` (one the library does not ship: a club's own, the
    tests' Münzfips). Its name is lower case, as :func:`rule_set` looks it up.

    :raises ValueError: the name is taken by another rule set, or not lower case.
    """
    name = registration.name
    if name != name.lower() or not name:
        raise ValueError(f"A rule set's name is lower case: {name!r}.")
    if _registered_rule_sets.get(name, registration) != registration:
        raise ValueError(f"There is a rule set {name!r} already.")
    _registered_rule_sets[name] = registration
    _changed()


def unregister(name: str) -> None:
    """Take rule set ``name`` out of :data:`RULE_SETS` again (a test's, when it is done)."""
    _registered_rule_sets.pop(name, None)
    _changed()


def _changed() -> None:
    global _changes
    _changes += 1


def rule_set(name: str, **options: OptionValue) -> RuleSet:
    """The rule set ``name`` with ``options``; the rest take their defaults.

    >>> rule_set("prisdorf", kloppen=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.RulesError: The rule set prisdorf has no option “kloppen”; it has: ...
    >>> rule_set("tippen", stake=6).options["stake"]
    6

    :raises RulesError: ``RULES_UNKNOWN`` or ``RULES_OPTION_UNKNOWN``; and whatever the rule
        set raises for a value it cannot take (Prisdorf: ``MIN_BID_OPTION``; the race:
        ``RACE_FILLER``; Tippen: ``TIPPEN_STAKE``, ``TIPPEN_MAX_BETE``).
    """
    return _registered(name, RULE_SETS)(**options)


def scored_rule_sets() -> Mapping[str, Registration]:
    """The rule sets that score their deals, by name (the command line's ``deal``)."""
    return {name: r for name, r in RULE_SETS.items() if r.scores_deals}


def scored_rule_set(name: str, **options: OptionValue) -> ScoredRuleSet[Any]:
    """The scored rule set ``name`` with ``options``: as :func:`rule_set`, and a ledger rule
    set is no scored one.

    >>> scored_rule_set("tippen")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.RulesError: “tippen” is not a rule set; there are: ansegger, ...

    :raises RulesError: ``RULES_UNKNOWN`` (naming the scored rule sets) or as
        :func:`rule_set`.
    """
    rules = _registered(name, scored_rule_sets())(**options)
    if not is_scored(rules):  # a registry patched with a ledger rule set under a scored name
        raise RulesError.of(Code.RULES_UNKNOWN, "rules", rules=name, known=rules.name)
    return rules


def _registered(name: str, registry: Mapping[str, Registration]) -> Registration:
    registration = registry.get(name.lower())
    if registration is None:
        known = ", ".join(sorted(registry))
        raise RulesError.of(Code.RULES_UNKNOWN, "rules", rules=name, known=known)
    return registration


def notation_words() -> tuple[tuple[str, str], ...]:
    """The notation's words to say in the reader's language (with their English): the
    library's (:data:`~fipsen_rules.vocabulary.NOTATION_WORDS`) and every registered scored
    rule set's own (its vocabulary's ``words``), for :func:`~fipsen_rules.vocabulary.spoken`.

    >>> ("geklopft", "knocked") in notation_words()
    True
    """
    return _words_of(_changes)


@cache
def _words_of(changes: int) -> tuple[tuple[str, str], ...]:
    """(``changes``: the registry's count of changes, which keys the cache: every deal's
    words ask for these.)"""
    words = dict(NOTATION_WORDS)
    for registration in RULE_SETS.values():
        vocabulary = getattr(registration(), "vocabulary", None)
        for word, english in getattr(vocabulary, "words", ()):
            words.setdefault(word, english)
    return tuple(words.items())
