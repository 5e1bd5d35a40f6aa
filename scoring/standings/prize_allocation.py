"""Who gets which prize, as clubs give them: pure, no database (issue 21.3).

A prize list has lines of four kinds, each a queue of its own: by place from the top
("1. 50 €"), by place from the end ("Letzter: Trostpreis"), by a category of players ("Beste
Dame: 10 €", the club's own categories too) and by a deal ("Höchstes Spiel: Flasche Wein": the
rule set gives each player's best deal as a number, whatever its game is called). A line's
rank is its place in its queue: "2. Beste Dame" is the second lady.

When a player could take two, by default he takes the higher one (more money, as he would
get it: his share where he is tied; for equal money a place before the end, a category, a
deal) and the other passes down its queue: the next lady, the next place. With ``several`` a
player may take one prize of each queue.

Players equal in a queue (tied in the ranking, or with the same best deal) share as on any
night (:mod:`scoring.standings.ranking`): the money of the lines they cover is added up and split
equally, rounded down to the cent; goods go to the group together.
"""

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)

CENT = Decimal("0.01")
#: A player born this many years before the night's year is a senior, one born less than
#: YOUTH_BELOW years before it a youth (besides the ticks in the directory).
SENIOR_FROM = 60
YOUTH_BELOW = 18


class Kind(StrEnum):
    PLACE = "place"
    FROM_END = "from_end"
    CATEGORY = "category"
    DEAL = "deal"
    #: A team's place among the teams of four (scoring/standings/teams.py), not a player's.
    TEAM = "team"


#: For equal money: which kind a player takes first.
_PRIORITY = {Kind.PLACE: 0, Kind.FROM_END: 1, Kind.CATEGORY: 2, Kind.DEAL: 3}


@dataclass(frozen=True)
class Line:
    """A line of the prize list: its rank in its queue, money and goods (or both).

    :param label: how the line names its queue as typed ("Beste Dame", "Letzter"); empty for
        a place from the top.
    :param category: for :attr:`Kind.CATEGORY`, the category's key (see :func:`categories`).
    """

    kind: Kind
    rank: int
    money: Decimal = Decimal(0)
    goods: str = ""
    category: str = ""
    label: str = ""


@dataclass(frozen=True)
class Contender(Generic[Key]):
    """A ranked player as the prize list sees him."""

    key: Key
    place: int
    categories: frozenset[str] = frozenset()
    #: His best deal's value as the rule set counts it; None: none (or no such value).
    best_deal: int | None = None


@dataclass(frozen=True)
class Gain:
    """What one player takes of one queue's lines (several when a tie covers several)."""

    money: Decimal
    goods: tuple[str, ...]
    shared: bool
    label: str


@dataclass(frozen=True)
class Award(Generic[Key]):
    key: Key
    gains: tuple[Gain, ...] = ()

    @property
    def money(self) -> Decimal:
        return sum((gain.money for gain in self.gains), Decimal(0))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(goods for gain in self.gains for goods in gain.goods)

    @property
    def shared(self) -> bool:
        return any(gain.shared for gain in self.gains)

    @property
    def reasons(self) -> tuple[str, ...]:
        """The labels of the lines beyond the places ("Beste Dame")."""
        return tuple(gain.label for gain in self.gains if gain.label)


def categories(
    *,
    year: int,
    lady: bool = False,
    senior: bool = False,
    youth: bool = False,
    guest: bool = False,
    birth_year: int | None = None,
    own: str = "",
) -> frozenset[str]:
    """A player's categories on a night of ``year``: the directory's ticks, the birth year,
    and the club's own (``own``, apart by commas; keys ``own:`` and the folded name).

    >>> sorted(categories(year=2026, lady=True, birth_year=1960, own="Vorstand, Kegler"))
    ['lady', 'member', 'own:kegler', 'own:vorstand', 'senior']
    >>> sorted(categories(year=2026, guest=True, birth_year=2010))
    ['guest', 'youth']
    """
    keys = {own_key(name) for name in own.split(",") if name.strip()}
    age = year - birth_year if birth_year else None
    keys.add("guest" if guest else "member")
    if lady:
        keys.add("lady")
    if senior or (age is not None and age >= SENIOR_FROM):
        keys.add("senior")
    if youth or (age is not None and age < YOUTH_BELOW):
        keys.add("youth")
    return frozenset(keys)


def own_key(name: str) -> str:
    """A club's own category as a key: "Kegel Club" → "own:kegel club"."""
    return "own:" + " ".join(name.split()).casefold()


def _groups(
    contenders: Sequence[Contender[Key]], same: Callable[[Contender[Key]], object]
) -> list[list[Contender[Key]]]:
    groups: list[list[Contender[Key]]] = []
    for contender in contenders:
        if groups and same(groups[-1][0]) == same(contender):
            groups[-1].append(contender)
        else:
            groups.append([contender])
    return groups


def _order(kind: Kind, category: str, ranked: Sequence[Contender[Key]]) -> list[list[Key]]:
    """The queue's players in groups of equals, best first."""
    if kind is Kind.PLACE:
        chosen = _groups(ranked, lambda c: c.place)
    elif kind is Kind.FROM_END:
        chosen = _groups(list(reversed(ranked)), lambda c: c.place)
    elif kind is Kind.CATEGORY:
        chosen = _groups([c for c in ranked if category in c.categories], lambda c: c.place)
    else:
        dealt = [c for c in ranked if c.best_deal is not None]
        dealt.sort(key=lambda c: -(c.best_deal or 0))  # stable: the ranking's order within
        chosen = _groups(dealt, lambda c: c.best_deal)
    return [[c.key for c in group] for group in chosen]


@dataclass
class _Queue(Generic[Key]):
    lines: list[Line]
    groups: list[list[Key]]
    taken: set[Key]
    first: int  # the index of its first line in the list: the order among equals
    passed: int = 0  # positions passed
    group: int = 0  # the next group to look at

    def next_value(self) -> tuple[Decimal, int, int]:
        """What each player of the next hand-out gets (its money, then its kind's priority and
        the list's order): the queue whose players get most goes first. Nobody left for its
        lines: it goes first, giving nothing."""
        _group, _passed, members, covered = self._next()
        if not members:
            return (Decimal("Infinity"), 0, 0)
        return (_share(covered, members), -_PRIORITY[covered[0].kind], -self.first)

    def hand_out(self) -> tuple[list[Key], list[Line]]:
        """The next players and the lines they cover; no players: nobody left for them."""
        self.group, self.passed, members, covered = self._next()
        self.lines = self.lines[len(covered) :]
        return members, covered

    def _next(self) -> tuple[int, int, list[Key], list[Line]]:
        """The next hand-out, not yet made: the group and positions passed after it, its
        players and the lines they cover.

        A player who took a higher prize elsewhere steps aside where this queue has a line for
        his position (it passes down to the next); where it has none, he keeps his position.
        """
        group, passed = self.group, self.passed
        while group < len(self.groups):
            everyone = self.groups[group]
            group += 1
            if not any(line.rank <= passed + len(everyone) for line in self.lines):
                passed += len(everyone)
                continue
            members = [key for key in everyone if key not in self.taken]
            passed += len(members)
            covered = [line for line in self.lines if line.rank <= passed]
            if members and covered:
                return group, passed, members, covered
        return group, passed, [], self.lines


def _share(covered: list[Line], members: Sequence[object]) -> Decimal:
    """Each member's money of the lines covered: added up, split equally, rounded down."""
    pot = sum((line.money for line in covered), Decimal(0))
    return (pot / len(members)).quantize(CENT, rounding=ROUND_DOWN) if pot else Decimal(0)


def allocate(
    ranked: Sequence[Contender[Key]], lines: Sequence[Line], *, several: bool = False
) -> list[Award[Key]]:
    """Each ranked player's award (in the ranking's order), by the prize list's ``lines``.

    >>> ranked = [Contender("a", 1, frozenset({"lady"})), Contender("b", 2),
    ...           Contender("c", 3, frozenset({"lady"}))]
    >>> lines = [Line(Kind.PLACE, 1, Decimal(50)),
    ...          Line(Kind.CATEGORY, 1, Decimal(10), category="lady", label="Beste Dame")]
    >>> [(a.key, str(a.money), a.reasons) for a in allocate(ranked, lines)]
    [('a', '50.00', ()), ('b', '0', ()), ('c', '10.00', ('Beste Dame',))]
    """
    shared_taken: set[Key] = set()
    queues: dict[tuple[Kind, str], _Queue[Key]] = {}
    for index, line in enumerate(lines):
        name = (line.kind, line.category)
        if name not in queues:
            taken = shared_taken if not several else set()
            queues[name] = _Queue([], _order(line.kind, line.category, ranked), taken, index)
        queues[name].lines.append(line)
    for queue in queues.values():
        queue.lines.sort(key=lambda line: line.rank)  # stable: several prizes of one rank
    gains: dict[Key, list[Gain]] = {c.key: [] for c in ranked}
    while live := [queue for queue in queues.values() if queue.lines]:
        queue = max(live, key=lambda q: q.next_value())
        members, covered = queue.hand_out()
        if not members:
            continue
        share = _share(covered, members)
        goods = tuple(line.goods for line in covered if line.goods)
        gain = Gain(share, goods, len(members) > 1, covered[0].label)
        for key in members:
            gains[key].append(gain)
            queue.taken.add(key)
    return [Award(c.key, tuple(gains[c.key])) for c in ranked]
