"""Every rule set by name: ``rule_set("prisdorf", min_bid=3)``.

The registry is how the command line and the web layer find a rule set and its options
(SPEC Part C). A new rule set is a module beside :mod:`fipsen_rules.prisdorf` whose class
has the shape of :class:`fipsen_rules.ruleset.RuleSet`, and one :class:`Registration`
line in :data:`RULE_SETS`.

>>> sorted(RULE_SETS)
['ansegger', 'duttfips', 'grossenaspe', 'prisdorf']
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
from types import MappingProxyType
from typing import Any

from fipsen_rules.errors import Code, RulesError
from fipsen_rules.grossenaspe import Grossenaspe
from fipsen_rules.mecklenburg import Ansegger, Duttfips
from fipsen_rules.prisdorf import Prisdorf
from fipsen_rules.ruleset import Option, OptionValue, RuleSet

__all__ = ["RULE_SETS", "Registration", "rule_set"]


@dataclass(frozen=True, slots=True)
class Registration:
    """A rule set in the registry: its name, how to make it, and the options it takes.

    Calling it makes the rule set from keyword options; an option it does not declare is
    refused here, a value it cannot take by the rule set itself.
    """

    name: str
    make: Callable[..., RuleSet[Any]]
    options: tuple[Option, ...] = ()

    def __call__(self, **options: OptionValue) -> RuleSet[Any]:
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


RULE_SETS: Mapping[str, Registration] = MappingProxyType(
    {
        registration.name: registration
        for registration in (
            Registration(Prisdorf.name, Prisdorf, Prisdorf.OPTIONS),
            Registration(Grossenaspe.name, Grossenaspe, Grossenaspe.OPTIONS),
            # Mecklenburg scores from a club's points table; by name, the app's example table.
            Registration(Ansegger.name, Ansegger),
            Registration(Duttfips.name, Duttfips),
        )
    }
)
"""The rule sets by name."""


def rule_set(name: str, **options: OptionValue) -> RuleSet[Any]:
    """The rule set ``name`` with ``options``; the rest take their defaults.

    >>> rule_set("prisdorf", kloppen=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.RulesError: The rule set prisdorf has no option “kloppen”; it has: ...

    :raises RulesError: ``RULES_UNKNOWN`` or ``RULES_OPTION_UNKNOWN``; and whatever the rule
        set raises for a value it cannot take (Prisdorf: ``MIN_BID_OPTION``).
    """
    registration = RULE_SETS.get(name.lower())
    if registration is None:
        known = ", ".join(sorted(RULE_SETS))
        raise RulesError.of(Code.RULES_UNKNOWN, "rules", rules=name, known=known)
    return registration(**options)
