"""A deal as the table captain records it, and what it scores."""

from __future__ import annotations

from dataclasses import dataclass

from fipsen_rules.errors import Violation
from fipsen_rules.game import Bid, Game

__all__ = ["DealEntry", "Outcome"]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal as entered at the table.

    :param game: what was played and how it ended (Hand, Ruten and Durch as played).
    :param declarer: the seat that played it; for a Siebener Fips the holder; ``None``
        when all passed.
    :param declarer_tricks: optional, the tricks the declarer took (0..5).
    :param captain_value: optional, the value the captain wrote on the sheet, checked
        against the computed one.
    :param has_pictures: for a Kieker: the declarer's five dealt cards held a King, Queen
        or Jack (which forbids a Kieker).
    :param bid: optional, the final bid, to check what it obliged the declarer to play.
    :param bid_held: the declarer held that bid (named last by another player) rather
        than naming it himself.
    """

    game: Game
    declarer: int | None = None
    declarer_tricks: int | None = None
    captain_value: int | None = None
    has_pictures: bool = False
    bid: Bid | None = None
    bid_held: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a valid deal scores.

    :param game: the game as scored: equal to the entry's, except that Durch is set
        when the tricks show it (see the warning ``DURCH_INFERRED``).
    :param game_value: the value of the game (Spielwert), unsigned; 0 when all passed.
    :param declarer_score: the declarer's score change: ``+value`` when won, ``-2·value``
        when lost; what the scoresheet's value column shows.
    :param score_changes: the change of every seat's total, by seat.
    :param counts_as_deal: ``False`` when all passed: the deal is redealt by the same
        dealer and does not count towards the table's deals.
    :param warnings: notes on an entry that was accepted as it is.
    """

    game: Game
    declarer: int | None
    game_value: int
    declarer_score: int
    score_changes: tuple[int, ...]
    counts_as_deal: bool
    warnings: tuple[Violation, ...] = ()
