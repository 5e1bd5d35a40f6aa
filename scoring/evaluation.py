"""The rules module applied to a table: the tournament's scored rule set, and a deal scored by
it among the playing seats, whatever the rule set (through its vocabulary)."""

from dataclasses import dataclass
from functools import cache

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import Code, FipsenError, InvalidEntryError, Violation
from fipsen_rules.rulesets import notation_words
from fipsen_rules.signs import signed_score
from fipsen_rules.vocabulary import PASSED, Spoken, Taps, Vocabulary, spoken
from scoring.models import each_of, others_of
from tournaments.models import MAX_SEATS, Tournament
from tournaments.rule_choice import rules_of


def scored_rules(tournament: Tournament) -> Spoken:
    """The tournament's scored rule set with its options: the one place scoring asks for it.

    :raises TypeError: the tournament plays a rule set without scored deals (the race,
        Tippen: pages of their own).
    """
    rules = rules_of(tournament)
    if not isinstance(rules, Spoken):
        raise TypeError(f"scoring has no screens for the rule set {tournament.rule_set!r}")
    return rules


def vocabulary_of(tournament: Tournament) -> Vocabulary:
    """What the tournament's captains tap (see :func:`scored_rules`)."""
    return scored_rules(tournament).vocabulary


def spoken_game(game: str) -> str:
    """A game in the notation as the page's language says it: "4 Hand won" in English, the
    notation itself in German ("4 Hand gewonnen"); the game's names stay."""
    return spoken(game, gettext, notation_words())


@dataclass(frozen=True)
class Scored:
    """What a deal is saved with."""

    #: The game in canonical notation; empty when only its value is known (from a paper sheet).
    game: str
    #: What the declarer gains (or, in Prisdorf, loses).
    score: int
    counts_as_deal: bool
    #: What each opponent gained alike (Großenaspe: a failed game), else 0: what deals were
    #: stored with before their seats' changes (see Deal.opponents_score).
    opponents_score: int = 0
    #: Each seat's change, by seat position (MAX_SEATS long), as the rule set scored it.
    seat_changes: tuple[int, ...] = (0,) * MAX_SEATS
    declarer: int | None = None
    #: The game's own value where the declarer's change is another figure (a Skat game's,
    #: beside the list's 50), said before saving; None where they are the same.
    game_value: int | None = None

    @property
    def said(self) -> str:
        """The game as the page's language says it (see :func:`spoken_game`)."""
        return spoken_game(self.game)

    @property
    def declarer_score(self) -> int:
        """The declarer's score (as a Prisdorf ``Outcome`` names it, for the preview)."""
        return self.score

    @property
    def others(self) -> tuple[tuple[int, int], ...]:
        """The seats besides the declarer whose total changes, with their change."""
        return others_of(self.seat_changes, self.declarer)

    @property
    def each(self) -> int | None:
        """What each of :attr:`others` gains, when they gain alike (the preview says so)."""
        return each_of(self.others)

    @property
    def others_said(self) -> str:
        """The others' changes when they differ, in seat order: "+30, +40"."""
        return ", ".join(signed_score(change) for _seat, change in self.others)


def score_deal(
    *,
    tournament: Tournament,
    seats: tuple[int, ...],
    declarer: int | None,
    game: object | None,
    written_value: int | None = None,
    dealer: int | None = None,
) -> Scored:
    """Score a game by the tournament's rules for the seats that play it (a player who left is
    not counted; ``dealer``: who deals it, where the rules score with him: Großenaspe's five
    sits him out, Duttfips's Dutt is his Vorhand's). A value written on paper must be the
    rules' for the game.

    Or take a value alone when the game is not known (``game=None``): a paper sheet shows only
    values, and several games share most of them. The value must be one a game of these rules
    can have, and the declarer one who plays the deal.

    :raises fipsen_rules.FipsenError: the game breaks a rule, or the value is impossible or
        differs.
    :raises ValidationError: the declarer does not play this deal.
    """
    rules = scored_rules(tournament)
    if declarer is not None:
        _require_playing(declarer, seats)
    if game is None:
        if declarer is None:
            raise InvalidEntryError((Violation(Code.DECLARER_MISSING, "declarer"),))
        if written_value is None or written_value not in rules.possible_scores():
            violation = Violation(Code.VALUE_IMPOSSIBLE, "captain_value", {"value": written_value})
            raise InvalidEntryError((violation,))
        changes = _by_position({declarer: written_value})
        return Scored("", written_value, True, seat_changes=changes, declarer=declarer)
    seat = None if declarer is None else seats.index(declarer)
    scored = rules.vocabulary.score(
        game,
        players=len(seats),
        declarer=seat,
        dealer=seats.index(dealer) if dealer in seats else None,
        written_value=written_value,
    )
    changes = scored.score_changes
    # What each opponent gains alike (Großenaspe), else 0: a dealer sitting out gains nothing.
    by_position = _by_position(dict(zip(seats, changes, strict=True)))
    opponents = max(each_of(others_of(by_position, declarer)) or 0, 0)
    score = 0 if seat is None else changes[seat]
    value = scored.value if score and scored.value != score else None
    return Scored(scored.game, score, scored.counts_as_deal, opponents, by_position, declarer,
                  value)  # fmt: skip


def _by_position(changes: dict[int, int]) -> tuple[int, ...]:
    """The changes of the seats given, by seat position, MAX_SEATS long (0 for the others)."""
    return tuple(changes.get(position, 0) for position in range(MAX_SEATS))


def _require_playing(declarer: int, seats: tuple[int, ...]) -> None:
    """:raises ValidationError: the declarer does not play this deal."""
    if declarer not in seats:
        raise ValidationError(
            {"declarer": ValidationError(_("This player does not play this deal."), code="seat")}
        )


@cache
def passed_counts(vocabulary: Vocabulary, players: int) -> bool:
    """Whether a deal all passed counts as a deal at a table of ``players`` (the rules say)."""
    if not any(tile.value == PASSED for tile in vocabulary.contracts):
        return False
    try:
        game = vocabulary.game_of(Taps(PASSED))
        scored = vocabulary.evaluate(game, players=players, declarer=None, dealer=0)
    except FipsenError:
        return False
    return scored.counts_as_deal
