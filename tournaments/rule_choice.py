"""The rule sets the web app can play, in the organiser's words, and a tournament's rules.

The rules library's registry (:data:`fipsen_rules.RULE_SETS`) holds every rule set and
answers every question of the game: its options and their check, its tables, who may leave,
whether its deals are scored (:class:`fipsen_rules.ruleset.RuleSet`). This module adds what
the organiser reads: a :class:`Choice` per rule set the app has screens for (:data:`CHOICES`,
:func:`offer`), with its words and those of its options. Every page that depends on the rules asks
:func:`rules_of` (and scoring's pages :func:`scored_rules_of`).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from fipsen_rules import RULE_SETS, FipsenError, rule_set
from fipsen_rules.ruleset import Option, RuleSet, ScoredRuleSet, is_scored
from sitewide.registry import Registry
from tournaments import club_points
from tournaments.option_text import OptionText
from tournaments.rules_errors import violation_error

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


#: The rule set of every tournament made before there was a choice (its model field's default,
#: which the migrations keep). A new tournament's is the first offered (:func:`default_rule_set`).
FIRST_RULES = "prisdorf"

#: The option that doubles scores by calls (SPEC C2): never at a Preisfipsen.
KONTRA = "kontra"


#: A new tournament's name, unless its rule set has its own (a Preisskat's).
FIPSEN_NIGHT = _("Preisfipsen")


@dataclass(frozen=True)
class Choice:
    """A rule set the app can play: its name in the list, one line on what it is, and the
    options offered (those the library has; the others keep their defaults)."""

    name: str
    label: "StrOrPromise"
    line: "StrOrPromise"
    options: Mapping[str, OptionText] = field(default_factory=dict)
    #: Why a table of these rules ends when a player has to stop (where none may leave): the
    #: tables page and the confirmation say it before the organiser taps.
    no_leaving: "StrOrPromise | None" = None
    #: The tie-break a new tournament of these rules starts with (a ``TieBreak`` value; None:
    #: the tournament's own default).
    tie_break: str | None = None
    #: What a new tournament of these rules is called until the organiser names it.
    tournament_name: "StrOrPromise" = FIPSEN_NIGHT

    def offered(self) -> tuple[tuple[Option, OptionText], ...]:
        """The options of the rule set that the form offers, in the library's order."""
        return tuple(
            (option, self.options[option.name])
            for option in library_options(self.name)
            if option.name in self.options
        )


def _in_library(name: str, choice: Choice) -> None:
    if name not in RULE_SETS:
        raise ValueError(f"The rules library has no rule set {name!r}.")


_offered = Registry[str, Choice]("the rule sets offered", check=_in_library)
#: The rule sets a tournament can choose, in the order offered: every game's package offers
#: its own when the apps start (:func:`tournaments.games.discover`). Read only; asked when a
#: form or a check is made, never copied at import, so that a rule set offered later is
#: offered everywhere.
CHOICES: Mapping[str, Choice] = _offered.view


def offer(choice: Choice) -> None:
    """Offer a rule set of the library's registry to the organiser (with its pages, by
    :func:`tournaments.games.register_game`).

    :raises ValueError: the library has no rule set of that name, or another choice has it.
    """
    _offered.register(choice.name, choice)


def withdraw(name: str) -> None:
    """No longer offer rule set ``name`` (a test's, when it is done)."""
    _offered.unregister(name)


def default_rule_set() -> str:
    """The rule set a new tournament starts with: the first one offered."""
    return next(iter(CHOICES), FIRST_RULES)


def playable() -> tuple[str, ...]:
    """The names of the rule sets offered, in the order offered."""
    return tuple(CHOICES)


def players_may_leave(tournament: "TournamentRules") -> bool:
    """Can a table of the tournament's rules play on without a player who leaves?"""
    offered = CHOICES.get(tournament.rule_set)
    return offered is not None and _default_rules(offered.name).players_may_leave


def _default_rules(name: str) -> RuleSet:
    """Rule set ``name`` with its default options: what every option of it shares."""
    return RULE_SETS[name]()


#: Said where a rule set gives no reason of its own.
NO_LEAVING = _(
    "Under these rules a table cannot play on without a player: end the table early instead "
    "(its deals stand)."
)


def no_leaving_note(tournament: "TournamentRules") -> "StrOrPromise | None":
    """Why a player who has to stop ends the table (None where the table plays on)."""
    if players_may_leave(tournament):
        return None
    choice = CHOICES.get(tournament.rule_set)
    return (choice.no_leaving if choice else None) or NO_LEAVING


def rules_of(tournament: "TournamentRules") -> RuleSet:
    """The tournament's rule set with its options (and the club's points table)."""
    rules = rule_set(tournament.rule_set, **club_points.plain(tournament.rule_options))
    return club_points.with_club_points(rules, tournament.rule_options)


def scored_rules_of(tournament: "TournamentRules") -> ScoredRuleSet[Any]:
    """The tournament's rule set (:func:`rules_of`) where it scores its deals: scoring's pages.

    :raises TypeError: the tournament plays a ledger rule set (the race, Tippen).
    """
    rules = rules_of(tournament)
    if not is_scored(rules):
        raise TypeError(f"{tournament.rule_set} scores no deals")
    return rules


def library_options(name: str) -> tuple[Option, ...]:
    """The options rule set ``name`` takes, as the registry has them."""
    return RULE_SETS[name].options


def _options_checked(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """:raises FipsenError: the library refuses an option; TypeError: not an option at all."""
    values: dict[str, Any] = dict(rule_set(name, **club_points.plain(options)).options)
    return values | club_points.checked(name, options)


def options_of(name: str, options: Mapping[str, Any]) -> dict[str, Any] | None:
    """Every option of rule set ``name`` with its value; None when the library refuses them."""
    try:
        return _options_checked(name, options)
    except (FipsenError, TypeError):
        return None


def require_playable(name: str) -> None:
    """:raises ValidationError: the app has no screens for rule set ``name`` (``rule_set``)."""
    if name not in CHOICES:
        raise ValidationError(
            _("The app cannot play the rule set “%(rules)s”; it can play: %(playable)s."),
            code="rule_set",
            params={"rules": name, "playable": ", ".join(playable())},
        )


def rules_checked(
    name: str, options: Mapping[str, Any], *, prize_tournament: bool
) -> dict[str, Any]:
    """The options of rule set ``name`` as stored: every option with its value.

    :raises ValidationError: the app cannot play ``name`` (code ``rule_set``), the rules
        library refuses an option (its code), or Kontra at a Preisfipsen (``kontra_prize``).
    """
    require_playable(name)
    if not isinstance(options, Mapping) or not all(
        isinstance(value, int) for value in club_points.plain(options).values()
    ):
        raise ValidationError(_("The rules' options are not valid."), code="rule_options")
    try:
        values = _options_checked(name, options)
    except FipsenError as error:
        raise ValidationError([violation_error(v) for v in error.violations]) from None
    if values.get(KONTRA) and prize_tournament:
        raise ValidationError(
            _(
                "A Preisfipsen is played without Kontra and Rekontra. Untick “Preisfipsen” "
                "if this is a private evening."
            ),
            code="kontra_prize",
        )
    return values


def rules_description(tournament: "TournamentRules") -> list[str]:
    """The rule set, whether it is a Preisfipsen, and each option offered, as lines for the
    rules page."""
    choice = CHOICES.get(tournament.rule_set)
    if choice is None:
        return [tournament.rule_set]
    evening = (
        _("Prize tournament (with prizes)") if tournament.prize_tournament else _("private evening")
    )
    lines = [str(choice.label), str(evening)]
    for option, text in choice.offered():
        value = tournament.rule_options.get(option.name, option.default)
        # A number offered as choices is said as its choice reads ("0,50 €", not 50).
        shown = (
            str(_("yes") if value else _("no"))
            if option.is_switch
            else str(dict(text.choices).get(value, value))
        )
        lines.append(f"{text.label}: {shown}")
    return lines


class TournamentRules(models.Model):
    """A tournament's rule set by its name in the rules library, its options (every option
    with its value, as :func:`rules_checked` stores them), and whether it is a Preisfipsen."""

    rule_set = models.CharField(_("rules"), max_length=30, default=FIRST_RULES)
    rule_options = models.JSONField(_("options of the rules"), default=dict, blank=True)
    prize_tournament = models.BooleanField(
        _("Prize tournament (with prizes)"),
        default=True,
        help_text=_("Untick for a private evening: only there can Kontra be agreed."),
    )
    #: Otherwise a player who could take two prizes takes the higher one (prize_allocation.py).
    prizes_several = models.BooleanField(_("a player may take several prizes"), default=False)

    class Meta:
        abstract = True

    def clean(self) -> None:
        """The rule set is one the app plays, with options its rules accept."""
        super().clean()
        try:
            self.rule_options = rules_checked(
                self.rule_set, self.rule_options, prize_tournament=self.prize_tournament
            )
        except ValidationError as error:
            raise ValidationError({"rule_set": error}) from None

    @property
    def players_may_leave(self) -> bool:
        """A table plays on when a player leaves; otherwise the organiser ends it early."""
        return players_may_leave(self)

    @property
    def no_leaving_note(self) -> "StrOrPromise | None":
        """Why a player who has to stop ends the table, where none may leave."""
        return no_leaving_note(self)

    @property
    def points_note(self) -> "StrOrPromise":
        """Where the points come from, where it needs saying (the club's own table)."""
        return club_points.points_note(self.rule_set)

    @property
    def rules_summary(self) -> list[str]:
        """The rule set and its options, a line each (the rules page)."""
        return rules_description(self)
