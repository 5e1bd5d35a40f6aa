"""English message templates for every :class:`~fipsen_rules.errors.Code`.

The templates use ``%(name)s`` placeholders filled from a violation's params. They are
wrapped in :func:`gettext_noop`, an identity function named like Django's, so that
``manage.py makemessages`` collects them into the German catalogue: the web layer
translates them late (``gettext(template) % params``) and nothing is written twice.
The command line uses them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from fipsen_rules.codes import AnyCode, Code, ParamValue, Violation

__all__ = ["KIEKER_PROCEDURES", "MESSAGES", "describe", "gettext_noop", "message_of"]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (see the module text)."""
    return message


MESSAGES: Mapping[Code, str] = {
    Code.PLAYERS: gettext_noop("A table has 3 or 4 players, not %(players)s."),
    Code.SEAT: gettext_noop("Seat %(seat)s does not exist at a table of %(players)s."),
    Code.DECLARER_MISSING: gettext_noop("Who played the game? Choose the declarer."),
    Code.PASSED_WITH_DECLARER: gettext_noop("When all passed, nobody is the declarer."),
    Code.PASSED_NO_SCORE: gettext_noop(
        "When all passed, nobody declares: there is no declarer's score."
    ),
    Code.NOT_APPLICABLE: gettext_noop("%(detail)s does not apply to %(game)s."),
    Code.BID_TRICKS: gettext_noop("A game is bid at %(min_bid)s to 5 tricks, not %(tricks)s."),
    Code.TRICKS_MISSING: gettext_noop("How many tricks were bid? 2 to 5."),
    Code.MIN_BID_OPTION: gettext_noop("The minimum bid is 2 or 3, not %(min_bid)s."),
    Code.KIEKER_HAND: gettext_noop("A Kieker always takes the Skat: it cannot be played Hand."),
    Code.KIEKER_PICTURES: gettext_noop(
        "Only a player without King, Queen or Jack in his five cards may play a Kieker."
    ),
    Code.KIEKER_HOLD_PICTURES: gettext_noop(
        "Only a player without King, Queen or Jack may hold a Kieker; bid 5 or pass."
    ),
    Code.HOLD_NOT_ALLOWED: gettext_noop(
        "Only the earlier player may hold, and only a bid that was made."
    ),
    Code.BID_NOT_HIGHER: gettext_noop("%(bid)s does not beat %(current)s."),
    Code.OUT_OF_TURN: gettext_noop("Seat %(seat)s called out of turn; seat %(expected)s speaks."),
    Code.AUCTION_INCOMPLETE: gettext_noop(
        "The auction is not over: seat %(expected)s has not spoken."
    ),
    Code.AUCTION_OVER: gettext_noop("The auction is over: seat %(seat)s cannot call any more."),
    Code.HAND_BID_SKAT_TAKEN: gettext_noop("Hand was bid, so the Skat may not be taken."),
    Code.RUTEN_BID_OTHER_TRUMP: gettext_noop("Ruten was bid, so diamonds must be trumps."),
    Code.HELD_DOUBLES_MISSING: gettext_noop(
        "Holding %(bid)s means playing at least %(doubles)s of Hand and Ruten."
    ),
    Code.DURCH_NOT_BIDDABLE: gettext_noop("Durch is not bid: it arises in play."),
    Code.DURCH_BID_NOT_PLAYED: gettext_noop(
        "Durch was bid, so the game is played for all five tricks: enter it as Durch."
    ),
    Code.KONTRA_OPTION: gettext_noop(
        "Kontra and Re are not played under these rules (never at a Preisfipsen)."
    ),
    Code.BID_GAME_MISMATCH: gettext_noop("The bid %(bid)s is not the game %(game)s."),
    Code.RESULT_MISSING: gettext_noop("Was the game won or lost?"),
    Code.SURRENDER_NOT_KIEKER: gettext_noop(
        "Only a Kieker can be surrendered; a game of %(tricks)s is won or lost."
    ),
    Code.TRICKS_RANGE: gettext_noop("A player takes 0 to 5 tricks, not %(declarer_tricks)s."),
    Code.TRICKS_IMPOSSIBLE: gettext_noop(
        "%(game)s cannot end with %(declarer_tricks)s tricks (possible: %(low)s to %(high)s)."
    ),
    Code.WON_ALL_WITHOUT_DURCH: gettext_noop(
        "All five tricks won is a Durch: enter the game as Durch."
    ),
    Code.DURCH_BEFORE_BID: gettext_noop(
        "Durch is tried only after the bid is reached without a lost trick: "
        "%(declarer_tricks)s tricks are fewer than the %(tricks)s bid."
    ),
    Code.KIEKER_DURCH: gettext_noop("A Kieker is always played for all five tricks; no Durch."),
    Code.SURRENDER_AFTER_PLAY: gettext_noop(
        "A Kieker can be surrendered only before the first card is led."
    ),
    Code.VALUE_IMPOSSIBLE: gettext_noop("%(value)s is not a score any Fipsen game can have."),
    Code.VALUE_MISMATCH: gettext_noop("%(game)s scores %(computed)s, not %(value)s."),
    Code.DURCH_INFERRED: gettext_noop("All five tricks won: scored as Durch."),
    Code.EXTRA_TRICKS_IGNORED: gettext_noop(
        "The game was decided at %(tricks)s tricks; later tricks do not count."
    ),
    Code.NOTATION_EMPTY: gettext_noop("Enter a game, for example “3 Hand verloren”."),
    Code.NOTATION_UNKNOWN_WORD: gettext_noop("“%(word)s” is not a word of the game notation."),
    Code.NOTATION_REPEATED_WORD: gettext_noop("“%(word)s” is there twice."),
    Code.NOTATION_CONFLICT: gettext_noop("“%(word)s” does not go with “%(other)s”."),
    Code.NOTATION_NO_GAME: gettext_noop(
        "Say which game: a number 2 to 5, Kieker, Siebener Fips or alle gepasst."
    ),
    Code.NOTATION_NOT_IN_BID: gettext_noop("“%(word)s” is not part of a bid."),
    Code.CARD_UNKNOWN: gettext_noop("“%(card)s” is not a card of the Fipsen pack."),
    Code.TABLES_UNSEATABLE: gettext_noop(
        "%(players)s players cannot be seated at tables of four and three; "
        "take %(fewer)s or %(more)s."
    ),
    Code.TABLES_TOO_FEW: gettext_noop("A night needs at least %(more)s players, not %(players)s."),
    Code.DEALS_RANGE: gettext_noop("A table plays at least one deal, not %(deals)s."),
    Code.DEAL_NUMBER: gettext_noop("Deals are counted from 1, not %(deal_number)s."),
    Code.RULES_UNKNOWN: gettext_noop("“%(rules)s” is not a rule set; there are: %(known)s."),
    Code.RULES_OPTION_UNKNOWN: gettext_noop(
        "The rule set %(rules)s has no option “%(option)s”; it has: %(known)s."
    ),
    Code.TABLE_SIZE: gettext_noop(
        "%(rules)s is played at tables of %(sizes)s players, not %(players)s."
    ),
    Code.TABLES_UNSEATABLE_FIVE: gettext_noop(
        "%(players)s players cannot be seated at tables of four and five."
    ),
    Code.GAME_MISSING: gettext_noop("Say which game, for example “%(example)s”."),
    Code.KARO_FIPSEN: gettext_noop(
        "Three-player Karo Fipsen is not offered: the source does not say how it is scored."
    ),
    Code.DEALER_MISSING: gettext_noop("At a table of five the dealer sits out: who dealt?"),
    Code.DEALER_SITS_OUT: gettext_noop(
        "Seat %(seat)s dealt and sits out this deal, so he cannot be the declarer."
    ),
    Code.KLOPPEN_OPTION: gettext_noop(
        "Kloppen is not played in this tournament: “geklopft” needs the Kloppen option."
    ),
    Code.FAILURE_UNSAID: gettext_noop(
        "Say how %(game)s failed: “beet” (with a trick) or “pott beet” (without one)."
    ),
    Code.BEET_IMPOSSIBLE: gettext_noop(
        "A bid of 1 that failed took no trick: enter it as “pott beet”."
    ),
    Code.CLUB_POINTS_MISSING: gettext_noop(
        "The club's points table has no points for %(contract)s."
    ),
    Code.DUTT_NOT_VORHAND: gettext_noop(
        "When nobody bids, forehand, seat %(seat)s, takes the Dutt."
    ),
    Code.RUTEN_OEWER_BY_VORHAND: gettext_noop(
        "Forehand, seat %(seat)s, has the Dutt already: “Ruten oewer!” is another player's call."
    ),
    Code.TABLES_OF_FOUR: gettext_noop(
        "%(players)s players cannot be seated: Mecklenburg Fips is played at tables of four only."
    ),
    Code.RACE_PLAYERS: gettext_noop(
        "A Thedinghausen table has 4, 5 or 6 players, not %(players)s."
    ),
    Code.RACE_COUNTS: gettext_noop(
        "Enter one trick count per player: %(players)s, not %(counts)s."
    ),
    Code.RACE_TRICK_COUNT: gettext_noop(
        "A player wins 0 to 5 tricks in a deal; seat %(seat)s has %(tricks)s."
    ),
    Code.RACE_DEAL_SUM: gettext_noop(
        "The tricks of a deal add up to 5, not %(total)s; "
        "fewer only in the deal where a player wins his tenth trick."
    ),
    Code.RACE_OVERSHOT: gettext_noop(
        "Seat %(seat)s would have %(tally)s tricks, but play stops at his tenth."
    ),
    Code.RACE_TWO_TENTHS: gettext_noop(
        "Seats %(seat)s and %(other)s cannot both reach ten tricks: play stops at the first."
    ),
    Code.RACE_AFTER_TENTH: gettext_noop(
        "Seat %(seat)s won his tenth trick at trick %(at)s: "
        "play stopped there, so trick %(trick)s was not played."
    ),
    Code.RACE_OVER: gettext_noop(
        "Seat %(winner)s has won this game with his tenth trick: start a new game."
    ),
    Code.RACE_ANNOUNCED_OFF: gettext_noop(
        "Seat %(seat)s cannot announce Fipsen: this table plays without the announced Fipsen."
    ),
    Code.RACE_FILLER: gettext_noop(
        "Tables of five are filled up with tables of 4 or of 6, not %(filler)s."
    ),
    Code.RACE_TABLES_UNSEATABLE: gettext_noop(
        "%(players)s players cannot be seated at tables of five and %(filler)s."
    ),
    Code.RACE_TABLES_OTHER_FILLER: gettext_noop(
        "%(players)s players cannot be seated at tables of five and %(filler)s, but at tables "
        "of five and %(other)s: choose tables of %(other)s to fill up."
    ),
    Code.TIPPEN_PLAYERS: gettext_noop("Tippen is played by 3 to 6 players, not %(players)s."),
    Code.TIPPEN_STAKE: gettext_noop("The dealer's stake is at least 1 chip, not %(stake)s."),
    Code.TIPPEN_MAX_BETE: gettext_noop(
        "The maximum bête is at least the stake of %(stake)s, not %(max_bete)s."
    ),
    Code.TIPPEN_ENTRIES: gettext_noop("Enter one entry per player: %(players)s, not %(entries)s."),
    Code.TIPPEN_TRICKS_RANGE: gettext_noop(
        "A player takes 0 to 3 tricks; seat %(seat)s has %(tricks)s."
    ),
    Code.TIPPEN_TRICKS_SUM: gettext_noop(
        "The players who tapped must take 3 tricks between them; %(total)s are entered."
    ),
    Code.TIPPEN_LONE_TAPPER: gettext_noop(
        "Seat %(seat)s tapped alone and takes the pot without play: enter no tricks for him (t)."
    ),
    Code.TIPPEN_LONE_WITH_OTHERS: gettext_noop(
        "Seat %(seat)s is entered as tapped alone (t), but others tapped too: enter his "
        "tricks, 0 to 3."
    ),
}


#: How a Kieker is played, by table size (SPEC A10.3, A10.4): what the captain's page can show
#: beside the Kieker tile, since the three-player way surprises players used to four.
KIEKER_PROCEDURES: Mapping[int, str] = {
    4: gettext_noop(
        "Kieker at four: the player shows his five cards to a neighbour, takes the Skat and "
        "the 3 cards set aside (10 cards), discards 5 and names trumps; he must win all five "
        "tricks."
    ),
    3: gettext_noop(
        "Kieker at three: the player throws his five cards away, takes the Skat and the "
        "8 cards set aside (10 cards), discards 5 and names trumps; he must win all five "
        "tricks."
    ),
}


def describe(violation: Violation) -> str:
    """The English sentence for one violation.

    >>> from fipsen_rules.codes import Code, Violation
    >>> describe(Violation(Code.BID_TRICKS, "tricks", {"min_bid": 3, "tricks": 2}))
    'A game is bid at 3 to 5 tricks, not 2.'
    """
    return format_message(message_of(violation.code), violation.params)


def message_of(code: AnyCode) -> str:
    """The English template of ``code``: the library's from :data:`MESSAGES`, a rule set's own
    from the code itself (:class:`~fipsen_rules.codes.OwnCode`)."""
    return MESSAGES[code] if isinstance(code, Code) else code.message


def format_message(template: str, params: Mapping[str, ParamValue]) -> str:
    """Fill ``template`` with ``params``; a missing parameter shows as ``?``."""
    return template % _Defaulting(params)


class _Defaulting(dict[str, ParamValue | str]):
    def __missing__(self, key: str) -> str:
        return "?"
