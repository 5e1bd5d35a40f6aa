"""What a sheet's lines mean under a rule set: its notation, and what each seat gains.

The rule set's vocabulary says how its sheet is written (``PaperSheet``, fipsen_rules.vocabulary).
Prisdorf's sheet has a value column for the declarer alone, and a value may stand without its
game. Großenaspe's (SPEC C3.2) scores either the declarer or each of his opponents, never the
dealer who sits out at a table of five (C3.3); its lines name the game (``3 Gute beet``,
``Kieker aufgegeben``), a value after it is checked against the game's signed value.
Mecklenburg's (Ansegger Fips, Duttfips; SPEC C5) scores the declarer from the club's own points
table; its lines name the game (``3 Ruten gewonnen``, ``Dutt verloren``), a value after it is
checked against the table's, and a deal where all passed (Ansegger Fips) is a line of its own
without a player (``alle gepasst``): it is entered, and the deal is dealt again.
Preisskat's (PREISSKAT.md, "The Spielliste") names the game in the list keeper's words, long
or short (``Kreuz mit 2 gewonnen``, ``Kr m2 +``); its running total is the declarer's alone,
the values of his games summed in his column; ``eingepasst`` is a line of its own, and counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from fipsen_rules import Code, FipsenError, InvalidEntryError, OwnCode, Violation
from fipsen_rules.signs import signed_total
from fipsen_rules.vocabulary import PASSED, PaperSheet, Spoken
from scoring.paper.problems import LineProblem, PaperCode, Problem

#: A game of the sheet's rule set (its own type: the notation reads and scores it).
AnyGame = object


@dataclass(frozen=True, slots=True)
class Scored:
    """A line's deal as the rules score it: the game (None: the value alone), the value
    column (signed: what the declarer gains, or, negative, what each opponent gains in
    Großenaspe; Prisdorf's declarer score), and each playing seat's gain, in their order."""

    game: AnyGame | None
    value: int
    gains: tuple[int, ...]
    #: Which of the playing seats sat the deal out (Großenaspe's dealer at a five), if any.
    sitting_out: int | None = None
    #: The deal counts (the next line is the next deal); all passed, it is dealt again.
    counts: bool = True
    #: What each playing seat's column of the sheet gains, where it is not ``gains``: on a
    #: Skat list the declarer's column adds the game's value, the others' stay empty.
    columns: tuple[int, ...] | None = None

    @property
    def sheet_gains(self) -> tuple[int, ...]:
        """What each playing seat's running total on the sheet gains."""
        return self.gains if self.columns is None else self.columns


@dataclass(frozen=True, slots=True)
class Notation:
    """A sheet's lines under ``rules``, as its vocabulary says the sheet is written."""

    rules: Spoken
    sheet: PaperSheet

    @property
    def entry_missing(self) -> PaperCode | OwnCode:
        """The message for a line with a player and nothing after him (its examples)."""
        return self.sheet.entry_missing or PaperCode.ENTRY_MISSING

    def parse(self, text: str) -> AnyGame:
        """:raises FipsenError: the words are not a game."""
        return self.rules.parse(text)

    def complete(self, game: AnyGame) -> bool:
        """The game says how it ended (a line that reads whole)."""
        taps = self.rules.vocabulary.taps_of(game)
        return taps.result is not None or taps.contract in self.sheet.whole_without_result

    def passed(self, text: str) -> AnyGame | None:
        """The game of a line without a player: all passed, where the sheet writes it."""
        if not self.sheet.passed_line:
            return None
        try:
            game = self.rules.parse(text)
        except FipsenError:
            return None
        return game if self._is_passed(game) else None

    def dealer_sits_out(self, players: int) -> bool:
        """At a table of ``players``, the dealer sits the deal out."""
        return players == self.sheet.dealer_sits_out_at

    def score(
        self,
        game: AnyGame | None,
        value: int | None,
        *,
        declarer: int | None,
        players: int,
        dealer: int | None,
    ) -> Scored:
        """The deal of a line among ``players`` playing seats (``declarer`` and ``dealer``
        counted among them; ``declarer`` None only for the game of :meth:`passed`).

        :raises LineProblem: all passed, or a value no game has.
        :raises FipsenError: the game breaks a rule.
        """
        if game is None:
            return self._value_alone(value or 0, declarer=declarer, players=players)
        if self._is_passed(game) and not self.sheet.passed_line:
            raise LineProblem(Problem.of(PaperCode.PASSED))
        if declarer is None and not self.sheet.passed_line:
            raise LineProblem(Problem.of(PaperCode.DECLARER_MISSING))
        try:
            scored = self.rules.vocabulary.score(
                game, players=players, declarer=declarer, dealer=dealer, written_value=value
            )
        except InvalidEntryError as error:  # the Dutt's Vorhand as the card numbers the seat
            raise InvalidEntryError(tuple(_seat_from_one(v) for v in error.violations)) from None
        out = dealer if self.dealer_sits_out(players) else None
        columns = None
        if self.sheet.declarer_column:
            columns = tuple(scored.value if s == declarer else 0 for s in range(players))
        return Scored(game, scored.value, scored.score_changes, out, scored.counts_as_deal, columns)

    def _value_alone(self, value: int, *, declarer: int | None, players: int) -> Scored:
        """The game a value alone stands for, if only one game has it (else the value alone);
        a problem if none has, or where the sheet's values never stand alone."""
        if not self.sheet.value_alone:
            code = self.sheet.value_only or PaperCode.ENTRY_MISSING
            example = {"example": self.sheet.value_example} if self.sheet.value_example else {}
            raise LineProblem(Problem.of(code, value=signed_total(value), **example))
        if declarer is None:
            raise LineProblem(Problem.of(PaperCode.DECLARER_MISSING))
        if value not in self.rules.possible_scores():
            violation = Violation(Code.VALUE_IMPOSSIBLE, "captain_value", {"value": value})
            raise LineProblem(Problem.rule(violation))
        games = self.rules.vocabulary.games_of_value(value)
        if len(games) == 1:
            return self.score(games[0], value, declarer=declarer, players=players, dealer=None)
        gains = [0] * players  # several games have this value: the deal keeps the value alone
        gains[declarer] = value
        return Scored(None, value, tuple(gains))

    def _is_passed(self, game: AnyGame) -> bool:
        return self.rules.vocabulary.taps_of(game).contract == PASSED


_SEAT_CODES = frozenset({Code.DUTT_NOT_VORHAND, Code.RUTEN_OEWER_BY_VORHAND})


def _seat_from_one(violation: Violation) -> Violation:
    """The Dutt rules name Vorhand's seat from 0; the sheet counts seats from 1."""
    seat = violation.params.get("seat")
    if violation.code not in _SEAT_CODES or not isinstance(seat, int):
        return violation
    return Violation(violation.code, violation.field, {**violation.params, "seat": seat + 1})


def notation_of(rules: Spoken) -> Notation:
    """The notation of a sheet under ``rules``.

    :raises ValueError: the rules' sheets are not typed in.
    """
    sheet = rules.vocabulary.paper
    if sheet is None:
        raise ValueError(f"the sheets of {rules.name!r} are not typed in")
    return Notation(rules, sheet)


__all__ = ["AnyGame", "Notation", "Scored", "notation_of"]
