"""Einsatzfips: Münzfips with stakes, a made-up game of the tests (issue 27). A lost game costs
the declarer twice the tricks and 5 more, and each other player gains the tricks; at a table of
four the dealer sits the deal out and gains nothing. The declarer's own loss beside the others'
gains is what a Preisskat's lost game does; a dealer who sits out at four is what no
Preisfipsen before issue 27 could total from "the declarer's score and each opponent's gain".

>>> game = EINSATZFIPS.parse("3 verloren")
>>> EINSATZFIPS.evaluate(game, players=4, declarer=1, dealer=3).score_changes
(3, -11, 3, 0)
>>> EINSATZFIPS.evaluate(game, players=3, declarer=1, dealer=2).score_changes
(3, -11, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fipsen_rules import rulesets
from fipsen_rules.deal_scores import DealScore, seat_changes
from fipsen_rules.game import Result
from fipsen_rules.rulesets import Registration
from fipsen_rules.vocabulary import own_game
from tests.rule_set_proof import muenzfips_pages
from tests.rule_set_proof.muenzfips import (
    TRICKS,
    VOCABULARY,
    Muenzfips,
    MuenzGame,
    MuenzVocabulary,
)
from tournaments import rule_choice, rule_pages

NAME = "einsatzfips"
TITLE = "Einsatzfips"
#: A lost game's cost beside twice the tricks.
STAKE = 5


@dataclass(frozen=True, slots=True)
class Einsatzfips(Muenzfips):
    """Münzfips's tables and notation; its own scores."""

    name: ClassVar[str] = NAME
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = (4,)

    def possible_scores(self) -> tuple[int, ...]:
        return tuple(sorted([*TRICKS, *(-(2 * n + STAKE) for n in TRICKS)]))

    def evaluate(
        self, game: MuenzGame, /, *, players: int, declarer: int | None, dealer: int | None = None
    ) -> DealScore[MuenzGame]:
        """Won: the declarer's tricks (Münzfips's); lost: see the module's text."""
        plain = Muenzfips.evaluate(self, game, players=players, declarer=declarer)
        if game.result is Result.WON:
            return plain
        value = -(2 * game.tricks + STAKE)
        out = dealer if players in self.dealer_sits_out_at else None
        changes = seat_changes(
            players=players,
            declarer=declarer,
            declarer_gain=value,
            opponents_gain=game.tricks,
            sitting_out=out,
        )
        return DealScore(game, declarer, value, changes)

    @property
    def vocabulary(self) -> EinsatzVocabulary:
        return EINSATZ_VOCABULARY


@dataclass(frozen=True, slots=True, kw_only=True)
class EinsatzVocabulary(MuenzVocabulary):
    """Münzfips's taps, scored by Einsatzfips (with the dealer, who may sit out)."""

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[MuenzGame]:
        own = own_game(game, MuenzGame)
        return EINSATZFIPS.evaluate(own, players=players, declarer=declarer, dealer=dealer)


EINSATZ_VOCABULARY = EinsatzVocabulary(
    contracts=VOCABULARY.contracts,
    groups=VOCABULARY.groups,
    results=VOCABULARY.results,
    fields=VOCABULARY.fields,
)
EINSATZFIPS = Einsatzfips()
REGISTRATION = Registration(NAME, Einsatzfips, Einsatzfips.OPTIONS)


def register() -> None:
    """Registered in the library, offered on the form, played on Münzfips's pages."""
    rulesets.register(REGISTRATION)
    rule_choice.offer(rule_choice.Choice(NAME, TITLE, "Ein Spiel der Tests: Münzfips mit Einsatz."))
    rule_pages.register(NAME, muenzfips_pages.PAGES)


def unregister() -> None:
    rule_pages.unregister(NAME)
    rule_choice.withdraw(NAME)
    rulesets.unregister(NAME)
