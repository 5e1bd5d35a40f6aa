"""Errors of the rules module: a machine-readable code plus parameters.

The module never writes prose for users. Every broken rule is a :class:`Violation`
(a :class:`Code`, the field it concerns and its parameters; both live in
:mod:`fipsen_rules.codes` and are re-exported here); the web layer turns it into a German
or English sentence (see :mod:`fipsen_rules.messages`). An error's ``str()`` is the English
text of its violations, for the command line and logs.
"""

from __future__ import annotations

from collections.abc import Mapping

from fipsen_rules.codes import AnyCode, Code, OwnCode, ParamValue, Violation
from fipsen_rules.messages import describe

__all__ = [
    "AnyCode",
    "AuctionError",
    "Code",
    "FipsenError",
    "InvalidEntryError",
    "NotationError",
    "OwnCode",
    "ParamValue",
    "RulesError",
    "SeatingError",
    "Violation",
]


class FipsenError(ValueError):
    """Base of every error this module raises: one or more :class:`Violation`."""

    def __init__(self, violations: tuple[Violation, ...]) -> None:
        if not violations:
            raise TypeError("a FipsenError needs at least one violation")
        self.violations = violations
        super().__init__(" ".join(describe(v) for v in violations))

    @classmethod
    def of(cls, code: AnyCode, field: str | None = None, **params: ParamValue) -> FipsenError:
        """An error with a single violation."""
        return cls((Violation(code, field, params),))

    @property
    def code(self) -> AnyCode:
        """The code of the first violation."""
        return self.violations[0].code

    @property
    def params(self) -> Mapping[str, ParamValue]:
        """The parameters of the first violation."""
        return self.violations[0].params


class NotationError(FipsenError):
    """A text that is not a game (or card) in the notation."""


class InvalidEntryError(FipsenError):
    """A deal entry that cannot be a Fipsen game; one violation per broken rule."""


class AuctionError(FipsenError):
    """An illegal call in an auction. ``index`` is the position of the call at fault."""

    def __init__(self, violations: tuple[Violation, ...], index: int) -> None:
        super().__init__(violations)
        self.index = index


class SeatingError(FipsenError):
    """Seats, players or a table split that cannot be."""


class RulesError(FipsenError):
    """A rule set or an option of one that does not exist (:mod:`fipsen_rules.rulesets`)."""
