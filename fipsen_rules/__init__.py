"""The rules of Fipsen, as played at a Preisfipsen in Prisdorf (see SPEC.md).

A pure library: no Django, no I/O. Values are frozen dataclasses; every error is a
:class:`FipsenError` (a ``ValueError``) carrying codes and parameters, translated by the
web layer.

>>> from fipsen_rules import PRISDORF, DealEntry, Game
>>> entry = DealEntry(Game.parse("4 Ruten Durch verloren"), declarer=1)
>>> outcome = PRISDORF.evaluate(entry, players=4)
>>> outcome.declarer_score, outcome.score_changes
(-32, (0, -32, 0, 0))
"""

from fipsen_rules.auction import AuctionResult, Call, CallKind, resolve_auction
from fipsen_rules.cards import PACK, Card, Rank, Suit, has_pictures, rest_size
from fipsen_rules.deal_scores import DealScore
from fipsen_rules.entry import DealEntry, Outcome
from fipsen_rules.errors import (
    AuctionError,
    Code,
    FipsenError,
    InvalidEntryError,
    NotationError,
    OwnCode,
    RulesError,
    SeatingError,
    Violation,
)
from fipsen_rules.game import Bid, Game, GameKind, Result
from fipsen_rules.grossenaspe import GROSSENASPE, Grossenaspe
from fipsen_rules.grossenaspe_game import GrossenaspeGame
from fipsen_rules.mecklenburg import ANSEGGER, DUTTFIPS, Ansegger, ClubTable, Duttfips
from fipsen_rules.mecklenburg_game import MecklenburgGame
from fipsen_rules.messages import MESSAGES, describe, message_of
from fipsen_rules.prisdorf import PRISDORF, Prisdorf
from fipsen_rules.ruleset import (
    LedgerRuleSet,
    Option,
    OptionValue,
    Ranking,
    RuleSet,
    ScoredRuleSet,
    Scores,
    is_scored,
)
from fipsen_rules.rulesets import RULE_SETS, Registration, rule_set, scored_rule_set
from fipsen_rules.seats import auction_order, dealer_of_deal, next_dealer, vorhand
from fipsen_rules.standings import places, race_places
from fipsen_rules.tables import (
    DEALS_AT_FOUR,
    DEALS_AT_THREE,
    LEDGER_TABLE_DEALS,
    TableSpec,
    is_seatable,
    table_split,
)
from fipsen_rules.thedinghausen import (
    Race,
    RaceState,
    Thedinghausen,
    race_fillers,
    race_table_split,
)
from fipsen_rules.tippen import Bete, Tippen, TippenDeal, TippenRules, TippenState

__all__ = [
    "ANSEGGER",
    "DEALS_AT_FOUR",
    "DEALS_AT_THREE",
    "DUTTFIPS",
    "GROSSENASPE",
    "LEDGER_TABLE_DEALS",
    "MESSAGES",
    "PACK",
    "PRISDORF",
    "RULE_SETS",
    "Ansegger",
    "AuctionError",
    "AuctionResult",
    "Bete",
    "Bid",
    "Call",
    "CallKind",
    "Card",
    "ClubTable",
    "Code",
    "DealEntry",
    "DealScore",
    "Duttfips",
    "FipsenError",
    "Game",
    "GameKind",
    "Grossenaspe",
    "GrossenaspeGame",
    "InvalidEntryError",
    "LedgerRuleSet",
    "MecklenburgGame",
    "NotationError",
    "Option",
    "OptionValue",
    "Outcome",
    "OwnCode",
    "Prisdorf",
    "Race",
    "RaceState",
    "Rank",
    "Ranking",
    "Registration",
    "Result",
    "RuleSet",
    "RulesError",
    "ScoredRuleSet",
    "Scores",
    "SeatingError",
    "Suit",
    "TableSpec",
    "Thedinghausen",
    "Tippen",
    "TippenDeal",
    "TippenRules",
    "TippenState",
    "Violation",
    "auction_order",
    "dealer_of_deal",
    "describe",
    "has_pictures",
    "is_scored",
    "is_seatable",
    "message_of",
    "next_dealer",
    "places",
    "race_fillers",
    "race_places",
    "race_table_split",
    "resolve_auction",
    "rest_size",
    "rule_set",
    "scored_rule_set",
    "table_split",
    "vorhand",
]
