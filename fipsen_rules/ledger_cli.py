"""The ``race`` and ``tippen`` commands of ``python -m fipsen_rules``: games kept as a
ledger of tricks and money rather than scored deal by deal (SPEC C4, C6).

``race --rules thedinghausen DEAL…`` plays one Thedinghausen game and prints one JSON
object, ``{"tallies": [...], "winner": seat or null, "sweeps": [...], "cents": [...]}``;
``tippen --players N DEAL…`` plays a Tippen evening and prints each seat's chips on one line.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from fipsen_rules.errors import Code, NotationError
from fipsen_rules.thedinghausen import RACE_PLAYER_COUNTS, TABLE_SIZE, Race
from fipsen_rules.tippen import STAKE, TIPPEN_PLAYER_COUNTS, Bete, Tippen, TippenDeal

__all__ = ["add_race_command", "add_tippen_command", "run_race", "run_tippen"]

RACE_RULES = ("thedinghausen",)
_COUNT = re.compile(r"-?\d{1,3}")  # a sign, so that "-1" is refused as a count, not a word

RACE_HELP = """\
One game of Thedinghausen Fipsen (SPEC C4), from its first deal. Each DEAL is the tricks
every seat won in that deal, seat 0 first, e.g. "2 1 1 1 0". Seats are numbered from 0.
Prints one JSON object: "tallies", each seat's counted tricks; "winner", the seat that won
its tenth trick, or null; "sweeps", the seats that won all five tricks of a deal (those do
not count), in order; "cents", each seat's net money in this game: -80 each at the start,
+100 per other player to a sweeper and -100 from each other player, and the players'
80 ct to the winner. A deal that cannot be exits with status 2 and a one-line reason.
With --announced-fipsen (the Kreiszeitung's variant), a deal may end in "@SEAT", the seat
that announced Fipsen, e.g. "4 1 0 0 0 @0"; an announcer who loses a trick of that deal pays
100 ct to each other player, and the object also has "failed", those seats in order.
"""

TIPPEN_HELP = """\
A Tippen evening as a pot ledger (SPEC C6). Seats are numbered from 0; seat 0 deals first
and the deal passes on after every deal. Each DEAL has one entry per seat: "-" passed,
"t" tapped alone (takes the pot), or the tricks (0-3) of a seat that tapped and played,
e.g. "2 1 - 0". The dealer puts the stake into the pot; each trick wins a third of the pot;
a player who tapped and took no trick pays a bête. Prints each seat's chips on one line,
space-separated. A deal that cannot be exits with status 2 and a one-line reason.
"""


def add_race_command(commands: argparse._SubParsersAction[Any]) -> None:
    race = _command(
        commands, "race", "one Thedinghausen game from its deals' trick counts", RACE_HELP
    )
    race.add_argument("--rules", choices=RACE_RULES, default=RACE_RULES[0])
    race.add_argument(
        "--players",
        type=int,
        choices=RACE_PLAYER_COUNTS,
        default=TABLE_SIZE,
        help="the players at the table (default 5)",
    )
    race.add_argument(
        "--announced-fipsen",
        action="store_true",
        help='a player may announce Fipsen: "@SEAT" after a deal\'s counts',
    )
    race.add_argument("deals", nargs="*", metavar="DEAL", help='e.g. "2 1 1 1 0"')


def add_tippen_command(commands: argparse._SubParsersAction[Any]) -> None:
    tippen = _command(commands, "tippen", "a Tippen evening's chips, seat by seat", TIPPEN_HELP)
    tippen.add_argument("--players", type=int, choices=TIPPEN_PLAYER_COUNTS, default=4)
    tippen.add_argument("--stake", type=int, default=STAKE, help="the dealer's stake (3)")
    tippen.add_argument(
        "--bete",
        choices=[b.value for b in Bete],
        default=Bete.GRUPP.value,
        help="grupp: the bête is the stake (default); katira: the bête is the pot",
    )
    tippen.add_argument(
        "--max-bete", type=int, help="the most a bête or a pot can be; the rest is set aside"
    )
    tippen.add_argument("deals", nargs="*", metavar="DEAL", help='e.g. "2 1 - 0" or "- t - -"')


def _command(
    commands: argparse._SubParsersAction[Any], name: str, summary: str, description: str
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def run_race(args: argparse.Namespace) -> list[str]:
    race = Race(players=args.players, announced_fipsen=args.announced_fipsen)
    deals = [_announced(deal) for deal in args.deals]
    state = race.play_all([counts for counts, _ in deals], [seat for _, seat in deals])
    result: dict[str, object] = {
        "tallies": list(state.tallies),
        "winner": state.winner,
        "sweeps": list(state.sweeps),
        "cents": list(state.cents),
    }
    if args.announced_fipsen:
        result["failed"] = list(state.failed)
    return [json.dumps(result)]


def _announced(deal: str) -> tuple[list[int], int | None]:
    """A deal's trick counts and its announcer ("@SEAT" at the end), if any."""
    if "@" not in deal:
        return _counts(deal), None
    counts, _, seat = deal.rpartition("@")
    announcer = _counts(seat)
    if len(announcer) > 1:
        raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "deal", word=seat.strip())
    return _counts(counts), announcer[0]


def run_tippen(args: argparse.Namespace) -> list[str]:
    rules = Tippen(
        players=args.players, stake=args.stake, bete=Bete(args.bete), max_bete=args.max_bete
    )
    state = rules.play_all([TippenDeal.parse(deal) for deal in args.deals])
    return [" ".join(str(chips) for chips in state.chips)]


def _counts(deal: str) -> list[int]:
    """The trick counts of one deal as written on the command line.

    :raises NotationError: ``NOTATION_EMPTY`` or ``NOTATION_UNKNOWN_WORD``.
    """
    words = deal.split()
    if not words:
        raise NotationError.of(Code.NOTATION_EMPTY, "deal")
    for word in words:
        if not _COUNT.fullmatch(word):
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "deal", word=word)
    return [int(word) for word in words]
