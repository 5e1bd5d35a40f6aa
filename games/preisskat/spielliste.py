"""A table's Spielliste in the federation's layout, as plain values (no database): a row per
deal (its number, its dealer, the game in short, and the declarer's running game points in his
column, the others' left empty), and at the foot each player's game points, games won and lost,
the ±50, the 30 or 40 for the others' lost games, and the Leistung (PREISSKAT.md, "The
Spielliste"). Blank, it has the rows with their dealers, for a table that keeps the list on
paper.

>>> deals = [DealLine(1, 0, 1, "Kreuz mit 2 Hand gewonnen"), DealLine(2, 1, None, "eingepasst"),
...          DealLine(3, 2, 1, "Herz mit 1 verloren")]
>>> sheet = spielliste(table=1, names=("A", "B", "C", "D"), deals=deals, rows=4, first_dealer=0)
>>> for row in sheet.rows[:3]:
...     print(row.number, row.dealer, row.game, row.cells)
1 1 Kr m2 H (None, 48, None, None)
2 2 eingepasst (None, None, None, None)
3 3 He m1 (None, 8, None, None)
>>> sheet.rows[3].dealer, sheet.rows[3].game
(4, '')
>>> [(f.points, f.won, f.lost, f.bonus, f.others, f.leistung) for f in sheet.foot][:2]
[(0, 0, 0, 0, 30, 30), (8, 1, 1, 0, 0, 8)]
"""

from collections.abc import Sequence
from dataclasses import dataclass

from fipsen_rules.preisskat import OTHERS_GAIN, WON_BONUS
from fipsen_rules.preisskat_game import SkatGame, parse, short_game


@dataclass(frozen=True)
class DealLine:
    """A deal as the list reads it: its number, the dealer's and the declarer's seats (0-based
    columns; None where all passed) and the game in the notation."""

    number: int
    dealer: int
    declarer: int | None
    game: str


@dataclass(frozen=True)
class ListRow:
    """A row: the deal's number, its dealer's column (1-based, as the head numbers the
    players), the game in short ("" while not played) and each column's entry."""

    number: int
    dealer: int
    game: str = ""
    cells: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class PlayerFoot:
    """A player's figures at the foot of the list: the Leistung is their sum."""

    points: int
    won: int
    lost: int
    bonus: int
    others: int

    @property
    def leistung(self) -> int:
        return self.points + self.bonus + self.others


@dataclass(frozen=True)
class Spielliste:
    table: int
    names: tuple[str, ...]
    rows: tuple[ListRow, ...]
    #: Each player's figures; empty on a blank list.
    foot: tuple[PlayerFoot, ...]
    series: int | None = None
    #: What the others gain for a lost game at this table: 30 at four, 40 at three.
    others_gain: int = 0

    @property
    def filled(self) -> bool:
        return bool(self.foot)


def spielliste(
    *,
    table: int,
    names: tuple[str, ...],
    deals: Sequence[DealLine],
    rows: int,
    first_dealer: int,
    blank: bool = False,
    series: int | None = None,
) -> Spielliste:
    """The list of a table of ``names`` (in seat order) with ``rows`` rows at least: filled
    from ``deals`` (in order), or ``blank``; the dealers of the rows still to play follow the
    last one's (every deal, a passed one too, passes the deal on), from ``first_dealer``."""
    size = len(names)
    gain = OTHERS_GAIN.get(size, 0)
    running, won, lost = [0] * size, [0] * size, [0] * size
    lines: list[ListRow] = []
    dealer = (first_dealer - 1) % size
    for deal in () if blank else deals:
        dealer = deal.dealer
        game = parse(deal.game)
        cells: list[int | None] = [None] * size
        if isinstance(game, SkatGame) and deal.declarer is not None:
            value = game.points
            running[deal.declarer] += value
            (won if game.won else lost)[deal.declarer] += 1
            cells[deal.declarer] = running[deal.declarer]
        lines.append(ListRow(deal.number, dealer + 1, short_game(game), tuple(cells)))
    for number in range(len(lines) + 1, max(rows, len(lines)) + 1):
        dealer = (dealer + 1) % size
        lines.append(ListRow(number, dealer + 1, "", (None,) * size))
    foot = () if blank else tuple(
        PlayerFoot(running[seat], won[seat], lost[seat], WON_BONUS * (won[seat] - lost[seat]),
                   gain * (sum(lost) - lost[seat]))
        for seat in range(size)
    )  # fmt: skip
    return Spielliste(table, names, tuple(lines), foot, series, gain)
