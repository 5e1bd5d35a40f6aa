"""A Tippen player's prize, asked of the app that keeps the prize list.

Tippen's standings rank by chips (:func:`pots.selectors.ranked_players`); the prizes of those
places, categories and the end are the tournament's prize list, which scoring keeps and
shares among tied players as on any night. This app does not import scoring
(tests/project/test_layering.py): scoring registers how it writes each player's prize when it
starts, as it does for the race (:mod:`races.prizes`).
"""

from collections.abc import Callable, Sequence
from dataclasses import replace

from pots.selectors import PotPlayer
from tournaments.models import Tournament

#: Each ranked player's prize as the standings write it ("25,50 € (geteilt)"), in their order.
PrizeTexts = Callable[[Tournament, Sequence[PotPlayer]], list[str]]

_prize_texts: list[PrizeTexts] = []


def register(prize_texts: PrizeTexts) -> None:
    """Say how Tippen's ranked players get their prizes (scoring, once)."""
    _prize_texts[:] = [prize_texts]


def with_prizes(tournament: Tournament, players: Sequence[PotPlayer]) -> list[PotPlayer]:
    """``players`` (ranked) each with his prize; as they are where no app keeps prizes."""
    if not _prize_texts:
        return list(players)
    texts = _prize_texts[0](tournament, players)
    return [replace(player, prize=text) for player, text in zip(players, texts, strict=True)]
