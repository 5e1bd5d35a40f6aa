"""The draw: the table split for the players present, the draw's check, the swaps."""

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_lazy, ngettext

from fipsen_rules import MESSAGES, RULE_SETS, Code, SeatingError
from tournaments.draw.rule_seating import draw_split, tournament_split
from tournaments.draw.split import draw_tables
from tournaments.models import Registration, Seat, SeatSwap, Tournament
from tournaments.rule_choice import FIRST_RULES


def unseatable_message(fewer: object, code: object = None) -> str:
    """Why a count cannot be seated: the rules module's message, translated where it is shown;
    too few for one table when no smaller count can be seated, else the nearest counts; a rule
    set's own reason (``code``: tables of four and five only, say)."""
    if code is None or code in _GENERAL_REASONS:
        code = Code.TABLES_TOO_FEW if fewer is None else Code.TABLES_UNSEATABLE
    return gettext_lazy(MESSAGES[code])  # type: ignore[return-value,index]


#: The library's general reasons for a count it cannot seat, said with the nearest counts; any
#: other is the rule set's own reason (its tables), said as it is.
_GENERAL_REASONS = (Code.TABLES_UNSEATABLE, Code.PLAYERS, Code.DEALS_RANGE)


@dataclass(frozen=True)
class SplitSummary:
    """What the checked-in count gives: the tables, or why it cannot be seated."""

    players: int
    fours: int = 0
    threes: int = 0
    #: When it cannot be seated: the nearest counts that can, below and above.
    fewer: int | None = None
    more: int | None = None
    #: Tables of five (Großenaspe, the dealer sitting out each deal).
    fives: int = 0
    #: When it cannot be seated: the rules' reason.
    code: str | None = None
    #: The rule set's tables that fill up (the race's filler, 4 or 6), which its reasons name.
    filler: int | None = None
    sixes: int = 0
    #: The table sizes in the order the rule set's split gives them (and says them).
    order: tuple[int, ...] = (4, 3, 5, 6)
    #: The sizes at which the dealer sits out each deal (Großenaspe's five).
    sits_out_at: tuple[int, ...] = ()

    @property
    def seatable(self) -> bool:
        return self.fours + self.threes + self.fives + self.sixes > 0

    @property
    def tables_text(self) -> str:
        """The tables the split makes, each size with its count, none said as zero: "1 table
        of five, 1 table of six" (empty when it cannot be seated)."""
        counts = {4: self.fours, 3: self.threes, 5: self.fives, 6: self.sixes}
        parts = [
            _tables_of(size, counts[size], size in self.sits_out_at)
            for size in self.order
            if counts[size]
        ]
        return ", ".join(parts)

    @property
    def message(self) -> str:
        """Why it cannot be seated (a template of the rules' parameters)."""
        return unseatable_message(self.fewer, self.code)

    @property
    def reason(self) -> str:
        """Why it cannot be seated, in words: where a rule set gives its own reason."""
        if self.code is None or self.code in _GENERAL_REASONS:
            return ""
        return self.message % self.params

    @property
    def params(self) -> dict[str, int | None]:
        """The parameters of :attr:`message`: the count, the nearest counts, a race's fillers."""
        params = {"players": self.players, "fewer": self.fewer, "more": self.more}
        if self.filler is not None:  # the race's reason names the filler, and the other
            params |= {"filler": self.filler, "other": 10 - self.filler}
        return params


def _tables_of(size: int, count: int, sitting_out: bool) -> str:
    """ "1 table of four", "2 tables of six": the tables of one size (``sitting_out``: the
    dealer sits out each deal where the rule set says so, as at Großenaspe's five; a race's
    five all play)."""
    words = {
        3: ngettext("%(tables)s table of three", "%(tables)s tables of three", count),
        4: ngettext("%(tables)s table of four", "%(tables)s tables of four", count),
        5: ngettext("%(tables)s table of five", "%(tables)s tables of five", count),
        6: ngettext("%(tables)s table of six", "%(tables)s tables of six", count),
    }[size] % {"tables": count}
    if sitting_out:
        words += " " + gettext("(the dealer sits out each deal)")
    return words


def split_summary(
    *, players: int, rules: str = FIRST_RULES, options: Mapping[str, object] | None = None
) -> SplitSummary:
    """The table split for a number of players by rule set ``rules`` with its ``options``
    (the deal counts do not matter here)."""
    options = options or {}
    filler = _filler(rules, options)
    try:
        split = draw_split(rules, players, {4: 1, 3: 1, 5: 1}, options)
    except SeatingError as error:
        code = error.violations[0].code
        fewer, more = error.params.get("fewer"), error.params.get("more")
        if code not in _GENERAL_REASONS:
            fewer, more = (
                _nearest(rules, options, range(players - 1, 0, -1)),
                _nearest(rules, options, range(players + 1, players + 6)),
            )
        return SplitSummary(
            players,
            fewer=fewer if isinstance(fewer, int) else None,
            more=more if isinstance(more, int) else None,
            code=code,
            filler=filler,
        )
    sizes = [table.size for table in split]
    return SplitSummary(
        players,
        sizes.count(4),
        sizes.count(3),
        fives=sizes.count(5),
        filler=filler,
        sixes=sizes.count(6),
        order=tuple(dict.fromkeys(sizes)),
        sits_out_at=RULE_SETS[rules]().dealer_sits_out_at,
    )


#: The option of a rule set whose tables fill up the others (the race's 4 or 6).
FILLER = "filler"


def _filler(rules: str, options: Mapping[str, object]) -> int | None:
    """The tables that fill up, where rule set ``rules`` has such an option (its reasons for
    a count it cannot seat name it)."""
    registration = RULE_SETS.get(rules)
    option = (
        next((o for o in registration.options if o.name == FILLER), None) if registration else None
    )
    return None if option is None else int(str(options.get(FILLER, option.default)))


def _nearest(rules: str, options: Mapping[str, object], counts: range) -> int | None:
    """The first of ``counts`` that rule set ``rules`` can seat."""
    for count in counts:
        try:
            draw_split(rules, count, {4: 1, 3: 1, 5: 1}, options)
        except SeatingError:
            continue
        return count
    return None


def present_summary(*, tournament: Tournament) -> SplitSummary:
    """The tables the players checked in now would give."""
    players = len(checked_in_registration_ids(tournament=tournament))
    return split_summary(
        players=players, rules=tournament.rule_set, options=tournament.rule_options
    )


def checked_in_registration_ids(*, tournament: Tournament) -> list[int]:
    """The players to seat, sorted by id: the input of the draw."""
    return list(
        Registration.objects.filter(
            tournament=tournament, checked_in_at__isnull=False, withdrawn_at__isnull=True
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def draw_is_stale(*, tournament: Tournament) -> bool:
    """Do the seats differ from the players checked in now (a late arrival, a withdrawal)?"""
    seated = set(
        Seat.objects.filter(table__tournament=tournament).values_list("registration_id", flat=True)
    )
    return seated != set(checked_in_registration_ids(tournament=tournament))


@dataclass(frozen=True)
class DrawCheck:
    seed: int
    swaps: int
    #: The seats are what the seed gives, after the recorded swaps.
    matches: bool


def draw_check(*, tournament: Tournament) -> DrawCheck | None:
    """Repeat the draw from its seed and the seated players, replay the swaps, and compare."""
    if tournament.draw_seed is None:
        return None
    seats = list(  # the first series' (a later series has its own record: selectors.series)
        Seat.objects.filter(table__tournament=tournament, series=1).values_list(
            "table__number", "position", "registration_id", "table__first_dealer"
        )
    )
    drawn = draw_tables(
        seed=tournament.draw_seed,
        registration_ids=[registration for _, _, registration, _ in seats],
        split=tournament_split(tournament, len(seats)),
    )
    expected = {
        (table.number, position): registration
        for table in drawn
        for position, registration in enumerate(table.seats)
    }
    swaps = list(SeatSwap.objects.filter(tournament=tournament).values_list("first", "second"))
    where = {registration: place for place, registration in expected.items()}
    for first, second in swaps:
        where[first], where[second] = where[second], where[first]
    expected = {place: registration for registration, place in where.items()}
    dealers = {table.number: table.first_dealer for table in drawn}
    matches = all(
        expected.get((number, position)) == registration and dealers.get(number) == dealer
        for number, position, registration, dealer in seats
    ) and len(seats) == len(expected)
    return DrawCheck(seed=tournament.draw_seed, swaps=len(swaps), matches=matches)


def seat_swaps(*, tournament: Tournament) -> QuerySet[SeatSwap]:
    """The organiser's swaps after the draw, the newest first (one query)."""
    return (
        SeatSwap.objects.filter(tournament=tournament)
        .select_related("first__player", "second__player")
        .order_by("-created_at", "-pk")
    )
