"""The club's own points table of a tournament whose rule set scores from one (a rule set of the
library with a :class:`fipsen_rules.ClubTable` of ``points``: Mecklenburg's games, SPEC C5).

Its source gives no scores: a club plays by its own table, which the organiser fills in before
play. It is stored in the tournament's ``rule_options`` under :data:`POINTS`, as the other
rules are: fixed from Spielbeginn with them (``RULE_FIELDS``), exported with the night, and
checked by the rules library (:class:`fipsen_rules.ClubTable`) like any option. Stored as
``{"3 Ruten": [won, lost], …}`` by the contract's canonical notation; a contract the club
has no points for is left out, and cannot be entered (``CLUB_POINTS_MISSING``). Until the
organiser saves a table there is none (the library's example table is only the form's
starting point), and play cannot start.
"""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from fipsen_rules import RULE_SETS, ClubTable, Code, InvalidEntryError, RulesError

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from fipsen_rules.ruleset import RuleSet

#: The key of the club's table in ``rule_options``.
POINTS = "points"
#: The highest points a contract may be worth, either way (a sheet's column is narrow).
MAX_POINTS = 999
#: What every sheet, PDF and standings page of such a night says beside the points.
CLUB_TABLE_NOTE = _(
    "Points from the club's own table, not from the source (Wossidlo-Teuchert gives no scores)."
)


@cache
def is_club_table_rules(name: str) -> bool:
    """Does rule set ``name`` score from the club's own table? Its rules say so: their points
    are a :class:`fipsen_rules.ClubTable` (the library's example until the club saves its own)."""
    rules = RULE_SETS.get(name)
    return rules is not None and isinstance(getattr(rules(), POINTS, None), ClubTable)


def plain(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options but the club's table: those the rules library takes by name."""
    return {key: value for key, value in options.items() if key != POINTS}


def checked(name: str, options: Mapping[str, Any]) -> dict[str, list[int] | Any]:
    """The club's table of ``options`` as stored (``{}`` when none), checked by rule set
    ``name`` (:func:`points_checked`).

    :raises FipsenError: a table for a rule set without one (``RULES_OPTION_UNKNOWN``), not a
        table of whole numbers (``NOT_APPLICABLE``), or a contract the rule set does not have.
    """
    if options.get(POINTS) is None:
        return {}
    if not is_club_table_rules(name):  # as the library refuses any option a rule set lacks
        known = ", ".join(sorted(o.name for o in RULE_SETS[name].options)) or "-"
        raise RulesError.of(
            Code.RULES_OPTION_UNKNOWN, POINTS, rules=name, option=POINTS, known=known
        )
    try:
        return {POINTS: points_checked(name, options[POINTS])}
    except TypeError:
        raise InvalidEntryError.of(
            Code.NOT_APPLICABLE, "points", detail=str(options[POINTS])[:60], game=name
        ) from None


def club_table(stored: Any) -> ClubTable:
    """The library's table of a stored one.

    :raises TypeError: not a table of ``contract: [won, lost]`` whole numbers.
    :raises fipsen_rules.FipsenError: a contract the notation does not know.
    """
    if not isinstance(stored, Mapping):
        raise TypeError("a points table is a mapping")
    rows: dict[str, tuple[int, int]] = {}
    for contract, points in stored.items():
        if (
            not isinstance(points, list | tuple)
            or len(points) != 2
            or not all(type(value) is int and abs(value) <= MAX_POINTS for value in points)
        ):
            raise TypeError(f"points of {contract!r}: [won, lost] whole numbers")
        rows[str(contract)] = (points[0], points[1])
    return ClubTable.of(rows)


def with_club_points(rules: "RuleSet", options: Mapping[str, Any]) -> "RuleSet":
    """``rules`` with the club's table stored in ``options`` (as they are without one)."""
    stored = options.get(POINTS)
    if stored is None or not is_club_table_rules(rules.name):
        return rules
    club_rules: Any = rules  # a frozen dataclass with its points (is_club_table_rules)
    replaced: RuleSet = dataclasses.replace(club_rules, points=club_table(stored))
    return replaced


def points_checked(name: str, stored: Any) -> dict[str, list[int]]:
    """The table as stored, checked by the rule set ``name`` (canonical contracts).

    :raises TypeError: not a table of whole numbers; FipsenError: a contract the rule set
        does not have (``NOT_APPLICABLE``).
    """
    if not is_club_table_rules(name):
        raise TypeError(f"{name} has no points table")
    rules: Any = with_club_points(RULE_SETS[name](), {POINTS: stored})
    return {str(contract): [won, lost] for contract, won, lost in rules.points.points}


@dataclass(frozen=True)
class PointsRow:
    """One contract of the rule set with the club's points (None: the club has none)."""

    key: str
    contract: Any  # the rule set's game (its notation is ``key``)
    won: int | None
    lost: int | None


def points_rows(name: str, stored: Any, *, example: bool = False) -> list[PointsRow]:
    """Every contract of rule set ``name`` in bid order, with the stored table's points, or
    the app's example table's (``example``: the form's starting point)."""
    rules: Any = RULE_SETS[name]()
    stored_rules: Any = with_club_points(rules, {POINTS: stored or {}})
    table = rules.points if example else stored_rules.points
    rows = []
    for contract in rules.CONTRACTS:
        points = table.lookup(contract)
        won, lost = points if points is not None else (None, None)
        rows.append(PointsRow(str(contract), contract, won, lost))
    return rows


def example_points(name: str) -> dict[str, list[int]]:
    """The app's example table of rule set ``name``, as stored (a demo club's own)."""
    return {row.key: [row.won, row.lost] for row in points_rows(name, None, example=True)
            if row.won is not None and row.lost is not None}  # fmt: skip


def points_shown(tournament: Any) -> dict[str, Any] | None:
    """The club's table as the rules page shows it (None: the rule set has none)."""
    if not is_club_table_rules(tournament.rule_set):
        return None
    stored = tournament.rule_options.get(POINTS)
    return {"stored": bool(stored), "rows": points_rows(tournament.rule_set, stored)}


def require_club_points(tournament: Any) -> None:
    """:raises ValidationError: a tournament scored by the club's table has none yet."""
    if is_club_table_rules(tournament.rule_set) and not tournament.rule_options.get(POINTS):
        raise ValidationError(
            _(
                "Fill in the club's points table first (Rules, “Points table”): the source "
                "gives no scores, and the night is scored by the club's own table."
            ),
            code="club_points",
        )


def points_note(name: str) -> "StrOrPromise":
    """What a sheet of rule set ``name`` says beside its points ("" for the others)."""
    return CLUB_TABLE_NOTE if is_club_table_rules(name) else ""
