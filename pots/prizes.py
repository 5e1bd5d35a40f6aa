"""A Tippen player's prize, asked of the app that keeps the prize list.

Tippen's standings rank by chips (:func:`pots.selectors.ranked_players`); the prizes of those
places, categories and the end are the tournament's prize list, which scoring keeps and
shares among tied players as on any night. This app does not import scoring
(tests/project/test_layering.py): scoring registers how it writes each player's prize when it
starts, in the web registry (:func:`tournaments.rule_pages.register_prize_texts`).
"""

from collections.abc import Sequence
from dataclasses import replace

from pots.selectors import PotPlayer
from tournaments.models import Tournament
from tournaments.rule_pages import prize_texts_of


def with_prizes(tournament: Tournament, players: Sequence[PotPlayer]) -> list[PotPlayer]:
    """``players`` (ranked) each with his prize; as they are where no app keeps prizes."""
    texts = prize_texts_of(tournament, players)
    if texts is None:
        return list(players)
    return [replace(player, prize=text) for player, text in zip(players, texts, strict=True)]
