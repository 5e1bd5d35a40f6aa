"""The rule sets the web app can play, in the organiser's words, and a tournament's rules.

The rules library knows more rule sets (:data:`fipsen_rules.RULE_SETS`) than the app has
screens for: a rule set is offered when the captain's page, the sheets and the standings can
play it, which is :data:`PLAYABLE`. Adding one is its screens plus one :class:`Choice` here.
Every page that depends on the rules asks :func:`rules_of` (``scoring.evaluation.rules_for``
is the same function).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from fipsen_rules import (
    DEALS_AT_FOUR,
    DEALS_AT_THREE,
    RULE_SETS,
    Code,
    FipsenError,
    SeatingError,
    TableSpec,
    rule_set,
    table_split,
)
from fipsen_rules.grossenaspe_seats import KARO_FIPSEN_PLAYERS
from fipsen_rules.grossenaspe_seats import table_split as aspe_table_split
from fipsen_rules.ruleset import Option, OptionValue, RuleSet
from tournaments.option_text import OptionText
from tournaments.own_rules import OWN_RULES
from tournaments.race_rules import RACE_RULES
from tournaments.rules_errors import violation_error
from tournaments.tippen_rules import TIPPEN_RULES, TIPPEN_TEXTS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from tournaments.models import Tournament

#: The rule set of every tournament made before there was a choice, and the default.
DEFAULT_RULES = "prisdorf"

#: The option that doubles scores by calls (SPEC C2): never at a Preisfipsen.
KONTRA = "kontra"


@dataclass(frozen=True)
class Choice:
    """A rule set the app can play: its name in the list, one line on what it is, and the
    options offered (those the library has; the others keep their defaults)."""

    name: str
    label: "StrOrPromise"
    line: "StrOrPromise"
    options: Mapping[str, OptionText] = field(default_factory=dict)
    #: Whether a table plays on when a player leaves (Prisdorf: four become three). Where the
    #: sources say nothing of it, a table that loses a player is ended early instead.
    players_may_leave: bool = False
    #: Why a table of these rules ends when a player has to stop (where none may leave): the
    #: tables page and the confirmation say it before the organiser taps.
    no_leaving: "StrOrPromise | None" = None

    def offered(self) -> tuple[tuple[Option, OptionText], ...]:
        """The options of the rule set that the form offers, in the library's order."""
        return tuple(
            (option, self.options[option.name])
            for option in library_options(self.name)
            if option.name in self.options
        )


PRISDORF = Choice(
    "prisdorf",
    _("Prisdorf Fipsen"),
    _("The Preisfipsen as Senst wrote it down: 25 cards, tables of four and of three."),
    {
        "min_bid": OptionText(
            _("minimum bid"),
            _("2 at a Preisfipsen; 3 as in many home games."),
            choices=((2, "2"), (3, "3")),
        ),
        KONTRA: OptionText(
            _("Kontra and Rekontra"),
            _(
                "Each call doubles the score (not of a Siebener Fips or a Kieker given up). "
                "Only at a private evening: a Preisfipsen is played without them."
            ),
        ),
        "durch_biddable": OptionText(
            _("Durch can be bid"),
            _(
                "As Denexa and gamerules read the game, not Prisdorf's rule: a bid Durch "
                "counts as a double and must be played for all five tricks."
            ),
        ),
    },
    players_may_leave=True,
)

THEDINGHAUSEN = Choice(
    RACE_RULES,
    _("Thedinghausen race"),
    _(
        "The Bauernkör's race to ten tricks: five players, no auction, trumps turned up; "
        "each game's winner takes the buns, a sweep wins 5 Hedewigs."
    ),
    {
        "filler": OptionText(
            _("tables that fill up"),
            _("Where the players do not divide by five: tables of four or of six."),
            choices=((4, "4"), (6, "6")),
        ),
        "must_trump": OptionText(
            _("must trump (KZ)"),
            _("Who cannot follow suit must trump: on the table card only, it changes no count."),
        ),
        "announced_fipsen": OptionText(
            _("announced Fipsen (KZ)"),
            _(
                "A player may announce that he wins all five tricks of the deal; if he loses "
                "one, he pays 1 € to each of the others."
            ),
        ),
    },
    # The sources are silent on a player who leaves; the app does not invent a race short.
    no_leaving=_(
        "In the Thedinghausen race no player can leave a table: the sources do not say how a "
        "race goes on with one player fewer. If a player has to stop, the whole table ends "
        "early; its games, tricks and money up to then stand, and a game begun has no winner."
    ),
)

GROSSENASPE = Choice(
    "grossenaspe",
    _("Großenaspe Fipsen"),
    _(
        "32 cards, bids 1 to 5 with Gute, Kieker and Fips; a failed game scores for each "
        "opponent. Tables of four, and of five with the dealer sitting out."
    ),
    {
        "kloppen": OptionText(
            _("Kloppen"),
            _("An opponent may knock before the first trick: the deal counts double."),
        ),
    },
    no_leaving=_(
        "Großenaspe Fipsen cannot go on without a player: if one has to stop, the whole table "
        "ends early, and its deals stand. At four the rest would play Karo Fipsen, whose "
        "scoring is unknown; at five the player who left would still count as an opponent."
    ),
)

TIPPEN = Choice(
    TIPPEN_RULES,
    _("Tippen"),
    _(
        "Dreiblatt for chips, as a pot ledger: 3 cards, the dealer's stake, who taps plays, "
        "each trick takes a third of the pot. Tables of four (three to five)."
    ),
    TIPPEN_TEXTS,
)

#: The rule sets a tournament can choose, in the order offered.
CHOICES: Mapping[str, Choice] = {
    choice.name: choice for choice in (PRISDORF, THEDINGHAUSEN, GROSSENASPE, TIPPEN)
}
PLAYABLE = tuple(CHOICES)
#: Rule sets whose screens are being built: the database takes them, so that their tests can
#: play a night, but no form offers them (:func:`require_playable` takes ``PLAYABLE`` only).
#: Großenaspe was one, until its night worked end to end.
IN_THE_MAKING: tuple[str, ...] = ("ansegger", "duttfips")
#: Sorted, so that a rule set moving from the making to the playable needs no migration.
STORABLE = tuple(sorted({*PLAYABLE, *IN_THE_MAKING}))


def players_may_leave(tournament: "TournamentRules") -> bool:
    """Can a table of the tournament's rules play on without a player who leaves?"""
    choice = CHOICES.get(tournament.rule_set)
    return choice is not None and choice.players_may_leave


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


def is_race(tournament: "TournamentRules") -> bool:
    """Does the tournament play the Thedinghausen race (tables of five, no deal scores)?"""
    return tournament.rule_set == RACE_RULES


def has_own_pages(tournament: "TournamentRules") -> bool:
    """Is the tournament's rule set played on an app's own pages, without scored deals?"""
    return tournament.rule_set in OWN_RULES


def rules_of(tournament: "TournamentRules") -> RuleSet[Any]:
    """The tournament's rule set with its options."""
    return rule_set(tournament.rule_set, **tournament.rule_options)


def table_deals(tournament: "Tournament") -> dict[int, int]:
    """The deals of a table by its number of players, for each size the rule set seats: the
    tournament's own count where the organiser sets one (tables of four and three), else
    the rule set's (Prisdorf's 100 and 120 are the form's defaults)."""
    own_rules = OWN_RULES.get(tournament.rule_set)
    if own_rules is not None:
        return dict.fromkeys(own_rules.table_sizes, own_rules.table_deals)
    own = {4: tournament.deals_at_four, 3: tournament.deals_at_three}
    rules = rules_of(tournament)
    return {size: own.get(size) or _deals_by_four(own[4], size) or rules.deals_at(size)
            for size in rules.table_sizes}  # fmt: skip


def _deals_by_four(at_four: int | None, size: int) -> int | None:
    """A table of five plays a quarter more deals than one of four: everyone sits out one in
    five, and plays as many as at four (Großenaspe's 125 for 100)."""
    from tournaments.models import MAX_DEALS  # the model module imports this one

    return None if not at_four or size != 5 else min(at_four * size // 4, MAX_DEALS)


def draw_split(
    rules_name: str,
    players: int,
    deals: Mapping[int, int],
    options: Mapping[str, Any] | None = None,
) -> tuple[TableSpec, ...]:
    """The tables of the draw for ``players`` by the rule set's seating, with ``deals`` by
    table size (:func:`table_deals`): Prisdorf's fours and threes; Großenaspe's fours and
    fives, where three players would be the Karo Fipsen it does not offer; the race's fives
    and the organiser's filler (``options``).

    :raises fipsen_rules.SeatingError: the count cannot be seated.
    """
    if rules_name in OWN_RULES:
        return OWN_RULES[rules_name].split(players, options or {})
    if rules_name == "grossenaspe":
        if players == KARO_FIPSEN_PLAYERS:
            raise SeatingError.of(Code.KARO_FIPSEN, "players", players=players)
        return aspe_table_split(
            players, deals_at_four=deals.get(4, DEALS_AT_FOUR), deals_at_five=deals[5]
        )
    return table_split(
        players,
        deals_at_four=deals.get(4, DEALS_AT_FOUR),
        deals_at_three=deals.get(3, DEALS_AT_THREE),
    )


def tournament_split(tournament: "Tournament", players: int) -> tuple[TableSpec, ...]:
    """The tournament's tables for ``players`` (:func:`draw_split`)."""
    return draw_split(
        tournament.rule_set, players, table_deals(tournament), tournament.rule_options
    )


def library_options(name: str) -> tuple[Option, ...]:
    """The options rule set ``name`` takes: the registry's, or those of its own pages."""
    return OWN_RULES[name].options if name in OWN_RULES else RULE_SETS[name].options


def _options_checked(name: str, options: Mapping[str, Any]) -> dict[str, OptionValue]:
    """:raises FipsenError: the library refuses an option; TypeError: not an option at all."""
    if name in OWN_RULES:
        return OWN_RULES[name].checked(options)
    return dict(rule_set(name, **options).options)


def options_of(name: str, options: Mapping[str, Any]) -> dict[str, OptionValue] | None:
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
            params={"rules": name, "playable": ", ".join(PLAYABLE)},
        )


def rules_checked(
    name: str, options: Mapping[str, Any], *, prize_tournament: bool
) -> dict[str, OptionValue]:
    """The options of rule set ``name`` as stored: every option with its value.

    :raises ValidationError: the app cannot play ``name`` (code ``rule_set``), the rules
        library refuses an option (its code), or Kontra at a Preisfipsen (``kontra_prize``).
    """
    require_playable(name)
    if not isinstance(options, Mapping) or not all(
        isinstance(value, int) for value in options.values()
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
        _("Preisfipsen (with prizes)") if tournament.prize_tournament else _("private evening")
    )
    lines = [str(choice.label), str(evening)]
    for option, text in choice.offered():
        value = tournament.rule_options.get(option.name, option.default)
        shown = str(_("yes") if value else _("no")) if option.is_switch else str(value)
        lines.append(f"{text.label}: {shown}")
    return lines


class TournamentRules(models.Model):
    """A tournament's rule set by its name in the rules library, its options (every option
    with its value, as :func:`rules_checked` stores them), and whether it is a Preisfipsen."""

    rule_set = models.CharField(_("rules"), max_length=30, default=DEFAULT_RULES)
    rule_options = models.JSONField(_("options of the rules"), default=dict, blank=True)
    prize_tournament = models.BooleanField(
        _("Preisfipsen (with prizes)"),
        default=True,
        help_text=_("Untick for a private evening: only there can Kontra be agreed."),
    )

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
    def is_race(self) -> bool:
        """A Thedinghausen race: games to ten tricks, not a number of deals (the table card)."""
        return is_race(self)

    @property
    def has_own_pages(self) -> bool:
        """Played on an app's own pages, with no number of deals (the race, Tippen)."""
        return has_own_pages(self)

    @property
    def players_may_leave(self) -> bool:
        """A table plays on when a player leaves; otherwise the organiser ends it early."""
        return players_may_leave(self)

    @property
    def no_leaving_note(self) -> "StrOrPromise | None":
        """Why a player who has to stop ends the table, where none may leave."""
        return no_leaving_note(self)

    @property
    def rules_summary(self) -> list[str]:
        """The rule set and its options, a line each (the rules page)."""
        return rules_description(self)
