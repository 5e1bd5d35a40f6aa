"""The 25-card Fipsen pack: clubs, spades and hearts A K Q J 10 9 8 7, plus the 7 of diamonds."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from fipsen_rules.errors import Code, NotationError

__all__ = ["HAND_SIZE", "PACK", "SKAT_SIZE", "Card", "Rank", "Suit", "has_pictures", "rest_size"]

HAND_SIZE = 5
SKAT_SIZE = 2


class Suit(StrEnum):
    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"  # only the 7 is in the pack; as trumps this is "Ruten"


class Rank(StrEnum):
    """Ranks from high to low; ``strength`` orders them within a suit."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"

    @property
    def strength(self) -> int:
        """8 for the ace down to 1 for the seven."""
        return len(_RANKS) - _RANKS.index(self)

    @property
    def is_picture(self) -> bool:
        """King, Queen and Jack are pictures (aces are not); they forbid a Kieker."""
        return self in (Rank.KING, Rank.QUEEN, Rank.JACK)


_RANKS = tuple(Rank)


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card, written as suit letter plus rank letter (``CA``, ``HT``, ``D7``).

    >>> Card.parse("ct")
    Card(suit=<Suit.CLUBS: 'C'>, rank=<Rank.TEN: 'T'>)
    >>> str(Card(Suit.DIAMONDS, Rank.SEVEN))
    'D7'
    """

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card of the pack; ``10`` is accepted for ``T``.

        :raises NotationError: ``CARD_UNKNOWN`` for anything that is not in the pack.
        """
        cleaned = text.strip().upper().replace("10", "T")
        try:
            card = cls(Suit(cleaned[:1]), Rank(cleaned[1:]))
        except ValueError:
            raise NotationError.of(Code.CARD_UNKNOWN, card=text) from None
        if card not in _PACK_SET:
            raise NotationError.of(Code.CARD_UNKNOWN, card=text)
        return card

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}"


PACK: tuple[Card, ...] = (
    *(Card(suit, rank) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS) for rank in Rank),
    Card(Suit.DIAMONDS, Rank.SEVEN),
)
"""The 25 cards, in suit order and from high to low."""

_PACK_SET = frozenset(PACK)


def has_pictures(cards: Iterable[Card]) -> bool:
    """Whether any card is a King, Queen or Jack.

    >>> has_pictures([Card.parse(c) for c in ("C7", "S7", "H7", "D7", "HA")])
    False
    """
    return any(card.rank.is_picture for card in cards)


def rest_size(players: int) -> int:
    """Cards set aside after the deal, used only by a Kieker: 3 with four players, 8 with three.

    >>> rest_size(4), rest_size(3)
    (3, 8)
    """
    from fipsen_rules.seats import check_players

    check_players(players)
    return len(PACK) - players * HAND_SIZE - SKAT_SIZE
