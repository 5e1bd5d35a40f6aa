"""The rules module applied to a table: which rule set, and the declarer among the playing seats."""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from fipsen_rules import (
    Ansegger,
    Code,
    DealEntry,
    Duttfips,
    Game,
    Grossenaspe,
    GrossenaspeGame,
    InvalidEntryError,
    MecklenburgGame,
    Outcome,
    Prisdorf,
    Violation,
)
from tournaments.models import Tournament
from tournaments.rule_choice import rules_of


def rules_for(tournament: Tournament) -> Prisdorf:
    """The tournament's rule set with its options: the one place scoring asks for it.

    The captain's screens, the sheets and the standings play Prisdorf today; a rule set
    that gets its own screens (and its entry in ``tournaments.rule_choice.PLAYABLE``) gets
    its own function beside this one.

    :raises TypeError: the tournament plays a rule set these screens cannot.
    """
    rules = rules_of(tournament)
    if not isinstance(rules, Prisdorf):
        raise TypeError(f"scoring has no screens for the rule set {rules.name!r}")
    return rules


def aspe_rules_for(tournament: Tournament) -> Grossenaspe:
    """The tournament's Großenaspe rules with its options (its screens' :func:`rules_for`).

    :raises TypeError: the tournament plays another rule set.
    """
    rules = rules_of(tournament)
    if not isinstance(rules, Grossenaspe):
        raise TypeError(f"not a Großenaspe tournament: {rules.name!r}")
    return rules


def evaluate_deal(
    *,
    tournament: Tournament,
    seats: tuple[int, ...],
    declarer: int | None,
    game: Game,
    written_value: int | None = None,
) -> Outcome:
    """Score a game for the seats that play it (a player who left is not counted).

    :raises fipsen_rules.InvalidEntryError: the game breaks a rule.
    :raises ValidationError: the declarer does not play this deal.
    """
    if declarer is not None:
        _require_playing(declarer, seats)
    entry = DealEntry(
        game,
        declarer=None if declarer is None else seats.index(declarer),
        captain_value=written_value,
    )
    return rules_for(tournament).evaluate(entry, players=len(seats))


@dataclass(frozen=True)
class Scored:
    """What a deal is saved with."""

    #: The game in canonical notation; empty when only its value is known (from a paper sheet).
    game: str
    #: What the declarer gains (or, in Prisdorf, loses).
    score: int
    counts_as_deal: bool
    #: What each opponent who plays gains (Großenaspe: a failed game; never in Prisdorf).
    opponents_score: int = 0

    @property
    def declarer_score(self) -> int:
        """The declarer's score (as a Prisdorf ``Outcome`` names it, for the preview)."""
        return self.score


def score_deal(
    *,
    tournament: Tournament,
    seats: tuple[int, ...],
    declarer: int | None,
    game: Game | GrossenaspeGame | MecklenburgGame | None,
    written_value: int | None = None,
    dealer: int | None = None,
) -> Scored:
    """Score a game, or take a value alone when the game is not known (``game=None``): a
    paper sheet shows only values, and several games share most of them. The value must be
    one a Fipsen game can have, and the declarer one who plays the deal.

    :raises fipsen_rules.InvalidEntryError: the game breaks a rule, or the value is impossible.
    :raises ValidationError: the declarer does not play this deal.
    """
    if isinstance(game, GrossenaspeGame | MecklenburgGame):
        return _table_scored(tournament, seats, declarer, dealer, game, written_value)
    if game is not None:
        outcome = evaluate_deal(
            tournament=tournament,
            seats=seats,
            declarer=declarer,
            game=game,
            written_value=written_value,
        )
        return Scored(str(outcome.game), outcome.declarer_score, outcome.counts_as_deal)
    if declarer is None:
        raise InvalidEntryError((Violation(Code.DECLARER_MISSING, "declarer"),))
    _require_playing(declarer, seats)
    if written_value is None or written_value not in rules_for(tournament).possible_scores():
        violation = Violation(Code.VALUE_IMPOSSIBLE, "captain_value", {"value": written_value})
        raise InvalidEntryError((violation,))
    return Scored("", written_value, counts_as_deal=True)


def _require_playing(declarer: int, seats: tuple[int, ...]) -> None:
    """:raises ValidationError: the declarer does not play this deal."""
    if declarer not in seats:
        raise ValidationError(
            {"declarer": ValidationError(_("This player does not play this deal."), code="seat")}
        )


def _table_scored(
    tournament: Tournament,
    seats: tuple[int, ...],
    declarer: int | None,
    dealer: int | None,
    game: GrossenaspeGame | MecklenburgGame,
    written_value: int | None,
) -> Scored:
    """A deal of a rule set that scores with the table's dealer. Großenaspe: the declarer
    gains its value, or each opponent does (SPEC C3.2), and at a table of five the dealer sits
    out. Mecklenburg: the declarer gains or loses the club's points (SPEC C5), and in Duttfips
    the dealer's Vorhand takes the Dutt. A value written on paper must be the signed one.

    :raises fipsen_rules.FipsenError: the deal breaks a rule, or the value differs.
    """
    if declarer is not None:
        _require_playing(declarer, seats)
    found = rules_of(tournament)
    if not isinstance(found, Grossenaspe | Ansegger | Duttfips):
        raise TypeError(f"{found.name!r} does not score {type(game).__name__}")
    rules: Any = found  # each takes its own games: the form made the tournament's
    scored = rules.evaluate(
        game,
        players=len(seats),
        declarer=None if declarer is None else seats.index(declarer),
        dealer=seats.index(dealer) if dealer in seats else None,
    )
    value = scored.game_value
    if written_value is not None and written_value != value:
        raise InvalidEntryError.of(
            Code.VALUE_MISMATCH,
            "captain_value",
            value=written_value,
            computed=value,
            game=str(game),
        )
    if isinstance(rules, Grossenaspe):  # never negative: the declarer or each opponent gains
        return Scored(str(game), max(value, 0), scored.counts_as_deal, max(-value, 0))
    return Scored(str(game), value, scored.counts_as_deal)
