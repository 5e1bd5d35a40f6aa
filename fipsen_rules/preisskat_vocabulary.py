"""What a Preisskat captain taps: the game (Karo to Null, or eingepasst), "ohne" where it was
without, the Spitzen as a number (1 unless stepped up: "Kreuz mit 2 gewonnen" is the player,
Kreuz, one "+", gewonnen), the levels, Kontra and Re where the club plays them, the result, and
the bid as a number (18 unless an overbid is to be said).

>>> from fipsen_rules.preisskat import PREISSKAT
>>> words = PREISSKAT.vocabulary
>>> [tile.value for tile in words.contracts]
['karo', 'herz', 'pik', 'kreuz', 'grand', 'null', 'passed']
>>> str(words.game_of(Taps("kreuz", result="won", numbers=(("tops", 2), ("bid", 18)))))
'Kreuz mit 2 gewonnen'
>>> words.taps_of(PREISSKAT.parse("Null Hand verloren"))
Taps(contract='null', flags=frozenset({'hand'}), result='lost', numbers=())
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from fipsen_rules.deal_scores import DealScore
from fipsen_rules.errors import OwnCode
from fipsen_rules.messages import gettext_noop
from fipsen_rules.preisskat import CODES, SITS_OUT_AT, Preisskat
from fipsen_rules.preisskat_game import (
    BID_WORD,
    BIDS,
    PASSED_WORD,
    WITH_WORD,
    WITHOUT_WORD,
    AnySkatGame,
    Level,
    PassedGame,
    SkatGame,
    Trump,
    normalized,
)
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    WON_TILE,
    FlagGroup,
    NumberField,
    PaperSheet,
    Taps,
    Tile,
    Vocabulary,
    own_game,
)

__all__ = ["SkatVocabulary", "vocabulary_of"]

WITHOUT = "ohne"
_DOUBLES = ("kontra", "re")
_FIELDS = (
    ("declarer", "declarer"),
    ("game", CONTRACT),
    ("tops", "tops"),
    ("levels", "levels"),
    ("doubles", "doubles"),
    ("result", RESULT),
    ("bid", "bid"),
)
#: A paper Spielliste typed in (PREISSKAT.md, "The Spielliste"): a line's game in the list
#: keeper's words, long or short, and the declarer's running total; "eingepasst" a line.
_PAPER = PaperSheet(
    entry_missing=OwnCode(
        "paper_skat_entry_missing",
        gettext_noop(
            "After the player, write the game, e.g. “Kreuz mit 2 gewonnen” or, short as on the "
            "list, “Kr m2 +” (a deal all passed is a line of its own: “eingepasst”)."
        ),
    ),
    value_only=OwnCode(
        "paper_skat_value_only",
        gettext_noop(
            "“%(value)s” alone does not say which game it was: write the game, e.g. "
            "“%(example)s”; the declarer's running total follows after “|”."
        ),
        ("value", "example"),
    ),
    value_example="Kr m2 +",
    whole_without_result=frozenset({PASSED}),
    passed_line=True,
    dealer_sits_out_at=SITS_OUT_AT[0],
    declarer_column=True,
    number_words=frozenset({WITH_WORD, WITHOUT_WORD, BID_WORD.lower(), "with", "without", "bid"}),
)
#: The levels' tiles, as a list keeper says them.
_LEVEL_TILES = tuple(Tile(level.value, " ".join(level.words)) for level in Level)


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatVocabulary(Vocabulary):
    """Preisskat's taps under its rules (with or without Kontra and Re)."""

    rules: Preisskat

    def game_of(self, taps: Taps) -> AnySkatGame:
        """A Null takes no Spitzen (the number box keeps its 1: it is not read); a bid the
        game's value reaches is no overbid, and is dropped."""
        if taps.contract == PASSED:
            return PassedGame()
        trump = Trump(taps.contract)
        null = trump is Trump.NULL
        return normalized(
            SkatGame(
                trump,
                None if null else taps.number("tops"),
                not null and taps.has(WITHOUT),
                frozenset(level for level in Level if taps.has(level.value)),
                taps.has("kontra"),
                taps.has("re"),
                None if taps.result is None else taps.result == WON_TILE.value,
                taps.number("bid"),
            )
        )

    def taps_of(self, game: object) -> Taps:
        if isinstance(game, PassedGame):
            return Taps(PASSED)
        game = own_game(game, SkatGame)
        flags = {level.value for level in game.levels}
        flags |= {WITHOUT} if game.without else set()
        flags |= {name for name in _DOUBLES if getattr(game, name)}
        numbers = [] if game.tops is None else [("tops", game.tops)]
        numbers += [] if game.bid is None else [("bid", game.bid)]
        result = None if game.won is None else (WON_TILE if game.won else LOST_TILE).value
        return Taps(game.trump.value, frozenset(flags), result, tuple(numbers))

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[AnySkatGame]:
        if not isinstance(game, PassedGame):
            game = own_game(game, SkatGame)
        return self.rules.evaluate(game, players=players, declarer=declarer, dealer=dealer)


@cache
def vocabulary_of(rules: Preisskat) -> SkatVocabulary:
    """The tiles under ``rules``: Kontra and Re only where the club plays them."""
    groups = [
        FlagGroup("tops", gettext_noop("With or without"), (Tile(WITHOUT, "ohne"),)),
        FlagGroup("levels", gettext_noop("Hand, Schneider, Schwarz (if any)"), _LEVEL_TILES),
    ]
    if rules.kontra:
        calls = (Tile("kontra", "Kontra"), Tile("re", "Re", tap_off=False))
        groups.append(FlagGroup("doubles", gettext_noop("Kontra and Re (if said)"), calls))
    return SkatVocabulary(
        rules=rules,
        contracts=(
            *(Tile(trump.value, trump.word) for trump in Trump),
            Tile(PASSED, gettext_noop("passed in"), saves=True),  # one tap, no more
        ),
        groups=tuple(groups),
        numbers=(
            NumberField("tops", gettext_noop("Matadors"), 1, 11, 1, beside="tops"),
            # After the result: only an overbid game needs it.
            NumberField(
                "bid", gettext_noop("Bid"), BIDS[0], BIDS[-1], BIDS[0], beside=RESULT, steps=BIDS
            ),
        ),
        results=(WON_TILE, LOST_TILE),
        fields=_FIELDS,
        words=(
            (PASSED_WORD, gettext_noop("passed in")),
            (WITH_WORD, gettext_noop("with")),
            (WITHOUT_WORD, gettext_noop("without")),
            ("angesagt", gettext_noop("announced")),
            (BID_WORD, gettext_noop("bid")),
        ),
        codes=CODES,
        paper=_PAPER,
    )
