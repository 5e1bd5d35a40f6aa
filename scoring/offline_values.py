"""The value of every deal a captain can tap, for the phone to look up while the laptop cannot
be reached (issue 29: offline, the preview stayed "Tap who played …" and a kept deal showed no
value). The rules module computes each value, here, once per rule set, table size and
language; the page embeds the table as JSON and static/js/deal-values.js only looks the taps
up in it. The server still checks every deal when it arrives.

A deal's value depends on its taps and the table's size only, not on who declared or dealt
(tests/scoring/test_offline_values.py checks it for every scored rule set), so the table is
small: a few hundred games at most (Großenaspe's). A vocabulary with numbers (a bid) may make
thousands: over :data:`MOST_TAPS` the page brings no values, and the phone says that the laptop
checks the deal once the Wi-Fi is back.
"""

from functools import lru_cache
from typing import TypedDict

from django.utils.translation import get_language, gettext

from fipsen_rules import FipsenError
from fipsen_rules.rulesets import notation_words
from fipsen_rules.signs import signed_score
from fipsen_rules.vocabulary import (
    PASSED,
    TableScore,
    Taps,
    Vocabulary,
    every_taps,
    every_taps_count,
    spoken,
)
from scoring.evaluation import vocabulary_of
from tournaments.models import Tournament


class DealValue(TypedDict):
    """One deal's value as the phone shows it."""

    #: What the preview box says, as the server's preview does: "3 Hand gewonnen = +6".
    preview: str
    #: What follows the deal's words in the list of kept deals: "+6"; "" for all passed.
    value: str
    #: Whether the deal needs a player tapped (all passed has none).
    declarer: bool
    #: What the declarer's total gains, and each other player's of the deal (the totals move
    #: by them while the deal waits for the Wi-Fi).
    gain: int
    each: int


class DealValues(TypedDict):
    """The page's table: the flags' and numbers' names (their taps are part of the key) and
    the values by key, "contract|flag,flag|result" with the flags sorted and "" for no result,
    and "|name=value,…" after it where the vocabulary has numbers."""

    flags: list[str]
    numbers: list[str]
    values: dict[str, DealValue]
    #: The preview's words without the laptop: under a value, for taps without one, and
    #: for a deal without its player.
    words: dict[str, str]


def key_of(taps: Taps) -> str:
    """The key of ``taps`` in :class:`DealValues` (deal-values.js builds the same).

    >>> key_of(Taps("3", frozenset({"ruten", "hand"}), "won"))
    '3|hand,ruten|won'
    >>> key_of(Taps("grand", frozenset(), "won", (("bid", 72),)))
    'grand||won|bid=72'
    """
    key = f"{taps.contract}|{','.join(sorted(taps.flags))}|{taps.result or ''}"
    numbers = ",".join(f"{name}={value}" for name, value in taps.numbers)
    return f"{key}|{numbers}" if numbers else key


#: The most taps whose values a page brings along (Großenaspe's are 768; a bid from 18 to 264
#: makes thousands, which would weigh on every page load of the phone).
MOST_TAPS = 2000


def deal_values(tournament: Tournament, *, players: int) -> DealValues:
    """The value of every game the tournament's tiles can make at a table where ``players``
    play the deal (a dealer who sits out among them, as the preview counts them)."""
    return _values(vocabulary_of(tournament), players, get_language())


@lru_cache(maxsize=64)
def _values(vocabulary: Vocabulary, players: int, language: str) -> DealValues:
    values: dict[str, DealValue] = {}
    every = every_taps(vocabulary) if every_taps_count(vocabulary) <= MOST_TAPS else iter(())
    for taps in every:
        # The dealer's Vorhand declares: any seat would get the same value.
        declarer = None if taps.contract == PASSED else 0
        if _conflicting(vocabulary, taps):
            continue
        try:
            game = vocabulary.game_of(taps)
            scored = vocabulary.score(game, players=players, declarer=declarer, dealer=players - 1)
        except FipsenError:
            continue  # no game, or not at this table: the laptop says why when it is back
        values[key_of(taps)] = _shown(scored, declarer)
    words = {
        "checked": gettext("Checked when the Wi-Fi is back."),
        "unknown": gettext("Without Wi-Fi: the value is checked when the Wi-Fi is back."),
        "declarer": gettext("Please tap who plays."),
    }
    flags = [tile.value for tile in vocabulary.flags]
    numbers = [number.name for number in vocabulary.numbers]
    return {"flags": flags, "numbers": numbers, "values": values, "words": words}


def _conflicting(vocabulary: Vocabulary, taps: Taps) -> bool:
    """Taps that the deal form refuses before the rules see them (DealForm.clean)."""
    tapped = {**dict.fromkeys(taps.flags, True), "contract": taps.contract, "result": taps.result}
    return any(tapped.get(c.flag) and tapped.get(c.other) for c in vocabulary.conflicts)


def _shown(scored: TableScore, declarer: int | None) -> DealValue:
    """What scoring/_preview.html and the history's deal words (deal_words) say of it."""
    if not scored.counts_as_deal:
        preview = gettext("all passed – no points")
        return {"preview": preview, "value": "", "declarer": False, "gain": 0, "each": 0}
    said = spoken(scored.game, gettext, notation_words())
    changes = scored.score_changes
    gain = 0 if declarer is None else changes[declarer]
    each = next((c for at, c in enumerate(changes) if at != declarer and c), 0)
    if each:
        text = gettext("each opponent +%(score)s") % {"score": each}
        words = gettext("the opponents each %(score)s") % {"score": signed_score(each)}
        preview, value = f"{said} = {text}", f"– {words}"
        if gain:  # the declarer lost (or won) too: his own figure first
            preview, value = (
                f"{said} = {signed_score(gain)}, {text}",
                f"{signed_score(gain)} {value}",
            )
    else:
        value = signed_score(gain)
        preview = f"{said} = {value}"
    return {
        "preview": preview,
        "value": value,
        "declarer": declarer is not None,
        "gain": gain,
        "each": each,
    }
