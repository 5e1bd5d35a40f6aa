"""The vocabulary of what can be wrong: a :class:`Code` per broken rule, and a
:class:`Violation` that carries one with its field and parameters.

It lives apart from :mod:`fipsen_rules.errors` so that the messages
(:mod:`fipsen_rules.messages`, keyed by code) and the errors (whose text comes from the
messages) import in one direction: codes, then messages, then errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum

__all__ = ["AnyCode", "Code", "OwnCode", "ParamValue", "Violation"]

ParamValue = int | str | None


class Code(StrEnum):
    """What is wrong. The SPEC.md code each one stands for is given beside it."""

    # Structure of a deal (E01-E04)
    PLAYERS = "players"  # E01: a table has 3 or 4 players
    SEAT = "seat"  # E02: a seat outside 0..players-1
    DECLARER_MISSING = "declarer_missing"  # E03
    PASSED_WITH_DECLARER = "passed_with_declarer"  # E04
    PASSED_NO_SCORE = "passed_no_score"  # all passed: there is no declarer's score to give
    NOT_APPLICABLE = "not_applicable"  # E03/E04: a detail that this kind of game does not have
    # Bids and the auction (E10-E17)
    BID_TRICKS = "bid_tricks"  # E10: tricks outside min_bid..5
    TRICKS_MISSING = "tricks_missing"  # E03: a number game without its number
    MIN_BID_OPTION = "min_bid_option"  # a rule set's minimum bid is 2 or 3
    KIEKER_HAND = "kieker_hand"  # E12
    KIEKER_PICTURES = "kieker_pictures"  # E13
    KIEKER_HOLD_PICTURES = "kieker_hold_pictures"  # E14
    HOLD_NOT_ALLOWED = "hold_not_allowed"  # E15
    BID_NOT_HIGHER = "bid_not_higher"  # E16
    OUT_OF_TURN = "out_of_turn"  # E17
    AUCTION_INCOMPLETE = "auction_incomplete"  # the calls end before the auction is settled
    AUCTION_OVER = "auction_over"  # E17: a call after the auction was settled
    # Obligations from the bid (E20-E22)
    HAND_BID_SKAT_TAKEN = "hand_bid_skat_taken"  # E20
    RUTEN_BID_OTHER_TRUMP = "ruten_bid_other_trump"  # E21
    HELD_DOUBLES_MISSING = "held_doubles_missing"  # E22
    DURCH_NOT_BIDDABLE = "durch_not_biddable"  # SPEC A18: Durch arises in play, unless A18.1
    DURCH_BID_NOT_PLAYED = "durch_bid_not_played"  # SPEC A18.1: a bid Durch is played for five
    KONTRA_OPTION = "kontra_option"  # E60 / SPEC C2: Kontra and Re only where agreed
    BID_GAME_MISMATCH = "bid_game_mismatch"  # the recorded bid is not the game entered
    # Result and tricks (E24-E30, E41-E42)
    RESULT_MISSING = "result_missing"  # E24
    SURRENDER_NOT_KIEKER = "surrender_not_kieker"  # E24: only a Kieker can be surrendered
    TRICKS_RANGE = "tricks_range"  # E25
    TRICKS_IMPOSSIBLE = "tricks_impossible"  # E26, E41
    WON_ALL_WITHOUT_DURCH = "won_all_without_durch"  # E27 (strict mode only)
    DURCH_BEFORE_BID = "durch_before_bid"  # E28
    KIEKER_DURCH = "kieker_durch"  # Großenaspe: Durch is a number bid played on, not a Kieker
    SURRENDER_AFTER_PLAY = "surrender_after_play"  # E42
    VALUE_IMPOSSIBLE = "value_impossible"  # not a score any Fipsen game can have
    VALUE_MISMATCH = "value_mismatch"  # E30
    # Warnings: the entry is accepted and scored (W03, W04)
    DURCH_INFERRED = "durch_inferred"  # W03
    EXTRA_TRICKS_IGNORED = "extra_tricks_ignored"  # W04
    # Game notation
    NOTATION_EMPTY = "notation_empty"
    NOTATION_UNKNOWN_WORD = "notation_unknown_word"
    NOTATION_REPEATED_WORD = "notation_repeated_word"
    NOTATION_CONFLICT = "notation_conflict"
    NOTATION_NO_GAME = "notation_no_game"
    NOTATION_NOT_IN_BID = "notation_not_in_bid"
    CARD_UNKNOWN = "card_unknown"
    # Tournament tables (Part B)
    TABLES_UNSEATABLE = "tables_unseatable"  # names the nearest counts that can be seated
    TABLES_TOO_FEW = "tables_too_few"  # fewer than one table's players
    DEALS_RANGE = "deals_range"
    DEAL_NUMBER = "deal_number"  # deals are counted from 1
    # The registry of rule sets (fipsen_rules.rulesets)
    RULES_UNKNOWN = "rules_unknown"
    RULES_OPTION_UNKNOWN = "rules_option_unknown"
    # Rule sets of Part C (Großenaspe, Mecklenburg)
    TABLE_SIZE = "table_size"  # the table sizes a rule set is played at
    TABLES_UNSEATABLE_FIVE = "tables_unseatable_five"  # SPEC C3.3: tables of four and five
    GAME_MISSING = "game_missing"  # a text of a Part C notation that names no game
    KARO_FIPSEN = "karo_fipsen"  # SPEC C3.3: three-player Großenaspe, scoring unknown
    DEALER_MISSING = "dealer_missing"  # SPEC C3.3: at five, the dealer sits out
    DEALER_SITS_OUT = "dealer_sits_out"  # SPEC C3.3
    KLOPPEN_OPTION = "kloppen_option"  # SPEC C3.3: knocking only where it is agreed
    FAILURE_UNSAID = "failure_unsaid"  # SPEC C3.2: a failed number bid is beet or pott beet
    BEET_IMPOSSIBLE = "beet_impossible"  # SPEC C3.2: a bid of 1 fails only pott beet
    CLUB_POINTS_MISSING = "club_points_missing"  # SPEC C5: the club's table lacks a contract
    DUTT_NOT_VORHAND = "dutt_not_vorhand"  # SPEC C5: nobody bid, Vorhand takes the Dutt
    RUTEN_OEWER_BY_VORHAND = "ruten_oewer_by_vorhand"  # SPEC C5: another player takes it over
    TABLES_OF_FOUR = "tables_of_four"  # SPEC C5: four players a table, no other size
    # Thedinghausen: the race to ten tricks (SPEC C4)
    RACE_PLAYERS = "race_players"  # a table of 4, 5 or 6
    RACE_COUNTS = "race_counts"  # one trick count per player
    RACE_TRICK_COUNT = "race_trick_count"  # a count outside 0..5
    RACE_DEAL_SUM = "race_deal_sum"  # C4.3: five tricks, fewer only in the deal that ends the game
    RACE_OVERSHOT = "race_overshot"  # C4.2: play stops at the tenth trick
    RACE_TWO_TENTHS = "race_two_tenths"  # C4.2: only the first to ten gets there
    RACE_AFTER_TENTH = "race_after_tenth"  # a trick entered after the tenth
    RACE_OVER = "race_over"  # a deal after the game was won
    RACE_ANNOUNCED_OFF = "race_announced_off"  # C4.2 [KZ]: only where the table agreed
    RACE_FILLER = "race_filler"  # tables of five are filled up with 4 or 6
    RACE_TABLES_UNSEATABLE = "race_tables_unseatable"
    RACE_TABLES_OTHER_FILLER = "race_tables_other_filler"  # the other filler would seat them
    # Tippen: the pot ledger (SPEC C6)
    TIPPEN_PLAYERS = "tippen_players"  # 3 to 6 players
    TIPPEN_STAKE = "tippen_stake"  # the dealer's stake is at least 1 chip
    TIPPEN_MAX_BETE = "tippen_max_bete"  # the maximum bête is at least the stake
    TIPPEN_ENTRIES = "tippen_entries"  # one entry per player
    TIPPEN_TRICKS_RANGE = "tippen_tricks_range"  # a tapper takes 0 to 3 tricks
    TIPPEN_TRICKS_SUM = "tippen_tricks_sum"  # three tricks are played
    TIPPEN_LONE_TAPPER = "tippen_lone_tapper"  # one tapper takes the pot without play
    TIPPEN_LONE_WITH_OTHERS = "tippen_lone_with_others"  # "t" (alone) beside other tappers


class OwnCode(str):
    """A code a rule set brings along for a rule of its own (the closed :class:`Code` is the
    library's): its value, its English template (marked with ``gettext_noop`` where it is
    written, so that the web layer translates it from its catalogue) and the parameters the
    template names. Unlike a :class:`Code`, it carries its message itself: adding a game adds
    no line to a central list. A string, as a :class:`Code` is (a form error's code is one),
    and as immutable.

    >>> BID = OwnCode("skat_bid", "%(bid)s is no bid.", ("bid",))
    >>> BID == "skat_bid", BID.value, BID.params
    (True, 'skat_bid', ('bid',))
    """

    message: str
    params: tuple[str, ...]

    def __new__(cls, value: str, message: str, params: tuple[str, ...] = ()) -> OwnCode:
        code = super().__new__(cls, value)
        object.__setattr__(code, "message", message)
        object.__setattr__(code, "params", params)
        return code

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an OwnCode is immutable")

    def __reduce__(self) -> tuple[type[OwnCode], tuple[str, str, tuple[str, ...]]]:
        """Copied and pickled with its message (a form's errors are copied)."""
        return OwnCode, (str(self), self.message, self.params)

    @property
    def value(self) -> str:
        """The code itself, as :attr:`Code.value`."""
        return str(self)

    def __repr__(self) -> str:
        return f"OwnCode({str(self)!r})"


#: A library's or a rule set's own code.
AnyCode = Code | OwnCode


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule (or, among an outcome's warnings, one note).

    ``field`` names the part of the entry it concerns (``"declarer"``, ``"tricks"``,
    ``"hand"``, ``"ruten"``, ``"durch"``, ``"result"``, ``"declarer_tricks"``,
    ``"captain_value"``, ``"has_pictures"``, ``"bid"``), or is ``None`` for the whole.

    >>> Violation(Code.BID_TRICKS, "tricks", {"tricks": 1})
    Violation(code=<Code.BID_TRICKS: 'bid_tricks'>, field='tricks', params={'tricks': 1})
    """

    code: AnyCode
    field: str | None = None
    params: Mapping[str, ParamValue] = dataclass_field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Violation(code={self.code!r}, field={self.field!r}, params={dict(self.params)!r})"
