"""Command line: ``python -m fipsen_rules score|values|tables|deal|race|tippen`` (see ``--help``).

The output is kept exactly so, since it is how the rules are checked from outside:
``score`` prints the declarer's score alone (Prisdorf), ``values`` one possible score per
line, ``tables`` one ``<size> <deals>`` line per table, ``deal`` the score change of every
seat in seat order, space-separated (``deal "3 gewonnen" --declarer 1`` prints
``0 3 0 0``). Seats are numbered from 0, as in the library; ``--declarer`` is left out when
all passed. ``deal`` takes any registered rule set (``--rules NAME``) and each rule set's
options as flags (``--min-bid 3``); a flag the rule set does not have is refused. ``race``
plays a Thedinghausen game and prints one JSON object, ``tippen`` a Tippen evening's chips
(``race --help``, ``tippen --help``). Anything invalid exits with status 2 and a one-line
reason on stderr.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from fipsen_rules.entry import DealEntry
from fipsen_rules.errors import Code, FipsenError, InvalidEntryError, RulesError
from fipsen_rules.game import Game, GameKind
from fipsen_rules.ledger_cli import add_race_command, add_tippen_command, run_race, run_tippen
from fipsen_rules.prisdorf import Prisdorf
from fipsen_rules.ruleset import Option, Scores
from fipsen_rules.rulesets import RULE_SETS, Registration, scored_rule_set
from fipsen_rules.tables import DEALS_AT_FOUR, DEALS_AT_THREE, table_split

INVALID = 2


class _OneLineParser(argparse.ArgumentParser):
    """Reports a wrong argument in one line (no usage block), as every other refusal."""

    def error(self, message: str) -> NoReturn:
        self.exit(INVALID, f"{self.prog}: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="python -m fipsen_rules",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def rule_options(command: argparse.ArgumentParser) -> None:
        command.add_argument("--players", type=int, choices=(3, 4), default=4)
        command.add_argument("--min-bid", type=int, choices=(2, 3), default=2)

    score = commands.add_parser(
        "score", help='the declarer\'s score of a game, e.g. "3 Hand verloren"'
    )
    score.add_argument("game")
    rule_options(score)
    values = commands.add_parser("values", help="every possible declarer score")
    rule_options(values)
    tables = commands.add_parser("tables", help="the tables for N players: '<size> <deals>' lines")
    tables.add_argument("players", type=int)
    tables.add_argument("--deals-four", type=int, default=DEALS_AT_FOUR)
    tables.add_argument("--deals-three", type=int, default=DEALS_AT_THREE)
    _deal_command(commands.add_parser("deal", help="every seat's score change in one deal"))
    add_race_command(commands)
    add_tippen_command(commands)
    return parser


def _deal_command(deal: argparse.ArgumentParser) -> None:
    deal.add_argument("game", help="the game in the rule set's notation")
    deal.add_argument(
        "--rules", default=Prisdorf.name, help=", ".join(sorted(r.name for r in _scored()))
    )
    deal.add_argument("--players", type=int, default=4, help="the players at the table")
    deal.add_argument("--declarer", type=int, help="the declarer's seat, from 0")
    deal.add_argument(
        "--dealer",
        type=int,
        default=argparse.SUPPRESS,
        help="the dealer's seat, for the rule sets that ask: where he sits out (a Großenaspe "
        "table of five, a Preisskat table of four) seat 0 unless given; Duttfips checks that "
        "Vorhand took the Dutt",
    )
    options: dict[str, Option] = {}
    for registration in _scored():
        for option in registration.options:
            options.setdefault(option.name, option)
    for option in options.values():
        # Only the flags given are passed on, so a rule set refuses an option it lacks.
        if option.is_switch:
            deal.add_argument(
                option.flag, action="store_true", default=argparse.SUPPRESS, help=option.help
            )
        else:
            deal.add_argument(option.flag, type=int, default=argparse.SUPPRESS, help=option.help)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        lines = _run(args)
    except FipsenError as error:
        print(error, file=sys.stderr)
        return INVALID
    print("\n".join(lines))
    return 0


def _run(args: argparse.Namespace) -> list[str]:
    if args.command == "tables":
        split = table_split(
            args.players, deals_at_four=args.deals_four, deals_at_three=args.deals_three
        )
        return [str(table) for table in split]
    if args.command == "deal":
        return [_deal(args)]
    if args.command == "race":
        return run_race(args)
    if args.command == "tippen":
        return run_tippen(args)
    rules = Prisdorf(min_bid=args.min_bid)
    if args.command == "values":
        return [str(value) for value in rules.possible_scores()]
    return [str(declarer_score(rules, args.game, players=args.players))]


def declarer_score(rules: Prisdorf, text: str, *, players: int) -> int:
    """What ``score`` prints: the declarer's score of a game given in the notation.

    :raises FipsenError: for an invalid game, and ``PASSED_NO_SCORE`` when all passed (a
        deal, but no game: nobody declares or scores).
    """
    game = Game.parse(text)
    if game.kind is GameKind.PASSED:
        raise InvalidEntryError.of(Code.PASSED_NO_SCORE, "game")
    return rules.evaluate(DealEntry(game, declarer=0), players=players).declarer_score


def _deal(args: argparse.Namespace) -> str:
    given = vars(args)
    options = {name: given[name] for name in _option_names() if name in given}
    rules = scored_rule_set(args.rules, **options)
    evaluate: Callable[..., Scores] = rules.evaluate
    seats = {"players": args.players, "declarer": args.declarer}
    if "dealer" in inspect.signature(evaluate).parameters:
        # SPEC Part D deals from seat 0; only a table with a seat sitting out needs to know.
        sits_out = args.players in rules.dealer_sits_out_at
        seats["dealer"] = given.get("dealer", 0 if sits_out else None)
    elif "dealer" in given:
        raise RulesError.of(
            Code.RULES_OPTION_UNKNOWN,
            "dealer",
            rules=rules.name,
            option="dealer",
            known=", ".join(rules.options) or "-",
        )
    scores = evaluate(rules.parse(args.game), **seats)
    return " ".join(str(change) for change in scores.score_changes)


def _option_names() -> set[str]:
    return {option.name for r in _scored() for option in r.options}


def _scored() -> list[Registration]:
    """The rule sets ``deal`` plays: those that score their deals (the race and Tippen have
    commands of their own)."""
    return [registration for registration in RULE_SETS.values() if registration.scores_deals]


if __name__ == "__main__":
    sys.exit(main())
