"""Paper sheets as a table writes them, for the tests of typing them in.

The transcripts are made here, independently of scoring/paper/: the deals are drawn at random
(seeded) from the games the rules allow, the running totals summed here, and the lines written
in the mixed styles people type: deal numbers or not, names or seat numbers, a value alone where
it names a single game, totals after "|" or "=", with a true minus sign or a hyphen.
"""

import random
from dataclasses import dataclass

from fipsen_rules import PRISDORF, Game, Prisdorf
from fipsen_rules.signs import signed_total

#: The players of the test tables, by seat (position 0..3).
NAMES = ("Anna Möller", "Bernd Schulz", "Jürgen Groß", "Dora Weiß")


@dataclass(frozen=True)
class Transcript:
    lines: list[str]
    #: Each deal's declarer (position), game and score, in order.
    deals: list[tuple[int, Game, int]]
    #: Every seat's total after each deal.
    totals: list[tuple[int, ...]]

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def transcript(
    deals: int = 100,
    *,
    seed: int = 7,
    first: int = 1,
    start: tuple[int, ...] = (0, 0, 0, 0),
    names: tuple[str, ...] = NAMES,
    rules: Prisdorf = PRISDORF,
    wrong_total_at: int | None = None,
) -> Transcript:
    """``deals`` lines from deal ``first`` on; with ``wrong_total_at`` (a line, from 1), that
    line's declarer total is written wrong by 9, as a tired hand would."""
    chance = random.Random(seed)  # noqa: S311 - seeded: the same sheet every run
    games = list(rules.games())
    by_value: dict[int, list[Game]] = {}
    for game in games:
        by_value.setdefault(rules.score(game), []).append(game)
    totals = list(start)
    lines, played, after = [], [], []
    for index in range(deals):
        number = first + index
        seat = chance.randrange(len(names))
        game = chance.choice(games)
        score = rules.score(game)
        totals[seat] += score
        played.append((seat, game, score))
        after.append(tuple(totals))
        written = list(totals)
        style = index % 5
        if wrong_total_at == index + 1:
            written[seat] += 9
            style = 0
        name = names[seat].split()[0]
        sums = " ".join(_number(t, hyphen=index % 2 == 0) for t in written)
        unique = len(by_value[score]) == 1
        if style == 0:
            lines.append(f"{number}. {name} {game} | {sums}")
        elif style == 1:
            lines.append(f"{seat + 1} {game} = {sums}")
        elif style == 2:
            entry = _number(score, hyphen=True) if unique else f"{game} {score}"
            lines.append(f"{number} {name.lower()} {entry} | {sums}")
        elif style == 3:
            lines.append(f"{name.upper()} {game} {_number(score, hyphen=False)}")
        else:
            lines.append(f"{number}: {seat + 1} {game}")
    return Transcript(lines=lines, deals=played, totals=after)


def _number(value: int, *, hyphen: bool) -> str:
    return str(value) if hyphen else signed_total(value)
