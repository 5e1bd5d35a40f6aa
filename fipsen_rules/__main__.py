"""Command line: ``python -m fipsen_rules score|values|tables`` (see ``--help``).

The output is kept exactly so, since it is how the rules are checked from outside:
``score`` prints the declarer's score alone, ``values`` one possible score per line,
``tables`` one ``<size> <deals>`` line per table; anything invalid exits with status 2
and a one-line reason on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fipsen_rules.entry import DealEntry
from fipsen_rules.errors import Code, FipsenError, NotationError
from fipsen_rules.game import Game, GameKind
from fipsen_rules.prisdorf import Prisdorf
from fipsen_rules.tables import DEALS_AT_FOUR, DEALS_AT_THREE, table_split

INVALID = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m fipsen_rules", description=__doc__)
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
    return parser


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
    rules = Prisdorf(min_bid=args.min_bid)
    if args.command == "values":
        return [str(value) for value in rules.possible_scores()]
    game = Game.parse(args.game)
    if game.kind is GameKind.PASSED:  # a deal, but no game: nobody declares or scores
        raise NotationError.of(Code.NOTATION_NO_GAME)
    outcome = rules.evaluate(DealEntry(game, declarer=0), players=args.players)
    return [str(outcome.declarer_score)]


if __name__ == "__main__":
    sys.exit(main())
