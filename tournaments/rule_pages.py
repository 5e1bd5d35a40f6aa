"""The web's registry of games: how each rule set's choice and pages are found.

Each game the app plays is a package of ``games/`` whose ``game`` module declares its
:class:`Game`: its choice on the new-tournament form and its :class:`RulePages`. They are
found once, when the apps are ready (:func:`tournaments.games.discover`). The shared pages and
templates ask :func:`pages_of` what to show (the closing words, the table card's facts and
note, the sheet's legend, the history's lines, the board's second figure, the ranking's
columns, whether the scoresheets print) and never compare a rule set's name. A rule set
without scored deals (:attr:`RulePages.own`) is played on its app's own pages, which scoring
hands over to (:func:`own_pages_of`). This app knows none of the games.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from django.http import HttpRequest, HttpResponse
from django_stubs_ext import StrOrPromise

from fipsen_rules import RULE_SETS
from sitewide.registry import Registry
from tournaments.models import Seat, Table, Tournament
from tournaments.players.figures import Ranks, by_points
from tournaments.rule_choice import CHOICES, TournamentRules


class BoardRow(Protocol):
    """A player's row as the board shows it."""

    @property
    def place(self) -> int: ...
    @property
    def shared(self) -> bool: ...
    @property
    def name(self) -> str: ...
    @property
    def table(self) -> int: ...
    @property
    def points(self) -> int: ...


class CaptainPage(Protocol):
    """The captain's page of a table, read only when the tournament is finished."""

    def __call__(
        self, request: HttpRequest, table: Table, seats: list[Seat], *, token: str
    ) -> HttpResponse: ...


@dataclass(frozen=True)
class RankingColumn:
    """A column of the final ranking and the prize page, between the player and the prize
    (and the board's second figure, after the points).

    :param label: its heading.
    :param cell: a ranked row's cell, written as the standings write it.
    :param ranks: the column the places are made from (printed large).
    """

    label: StrOrPromise
    cell: Callable[[Any], str]
    ranks: bool = False


@dataclass(frozen=True)
class Ranking:
    """How the final ranking PDF and the prize page show the ranked rows of :attr:`OwnPages.board`.

    :param order: the line that says how the places are made.
    :param columns: after the place and the player.
    """

    order: StrOrPromise
    columns: tuple[RankingColumn, ...]


@dataclass(frozen=True)
class OwnPages:
    """The pages of a rule set without scored deals (the race, Tippen), which scoring hands
    over to.

    :param captain: the page the table's link opens.
    :param standings: the URL name of the standings (the tournament's pk).
    :param table_deals: the URL name of a table's deals and corrections (the tournament's
        pk, the table's).
    :param board: the ranked players, for the hall's board, the prize page and the final
        ranking PDF (places shared by ties share their prizes there).
    :param points_label: the board's points column.
    :param no_sheets: why scoring's scoresheet PDFs refuse the tournament.
    :param deals_name: the related name of a table's deals (``Count`` of the deals entered).
    :param ranking: the columns of the ranked rows on the prize page and the ranking PDF.
    """

    captain: CaptainPage
    standings: str
    table_deals: str
    board: Callable[[Tournament], Sequence[BoardRow]]
    points_label: StrOrPromise
    no_sheets: StrOrPromise
    deals_name: str
    ranking: Ranking


@dataclass(frozen=True)
class ClosingWords:
    """What the end of the night's confirmation pages say of a table (each a ``%`` format).

    :param still_playing: the finish page's heading over the tables still playing.
    :param table_count: such a table (``number``, ``played``, ``deals``).
    :param nothing_played: a table ended early before its first deal (``number``).
    :param table_ends: a table ended early (``number``, ``played``, ``deals``).
    :param resume_from: a table ended early that plays on (``number``, ``next``, ``deals``).
    """

    still_playing: StrOrPromise
    table_count: StrOrPromise
    nothing_played: StrOrPromise
    table_ends: StrOrPromise
    resume_from: StrOrPromise


def every_entry_played(
    play: Callable[[Tournament, Any], int],
) -> Callable[[Tournament, Any], tuple[int, int]]:
    """The demo of a ledger whose every entry is a deal played (the race's, Tippen's)."""

    def played(tournament: Tournament, rng: Any) -> tuple[int, int]:
        entered = play(tournament, rng)
        return entered, entered

    return played


def worded(words: StrOrPromise, **params: object) -> str:
    """``words`` (one of :class:`ClosingWords`) filled in: a lazy plural picks its form by
    its count's parameter."""
    return str(cast("str", words) % params)


@dataclass(frozen=True)
class HistoryLine:
    """A line of the night's history for a deal of a rule set's own ledger
    (night/_own_deal_line.html): entered (``text``), or corrected (``before`` → ``text``)."""

    kind: str
    deal: Any
    when: datetime
    text: str
    before: str = ""
    user: Any = None


def ledger_history(
    kind: str,
    changes: Callable[[Tournament], Iterable[Any]],
    entries: Callable[[Tournament], Iterable[Any]],
    text: Callable[[Any], str],
) -> Callable[[Tournament, bool], Sequence[HistoryLine]]:
    """The history of a ledger rule set's deals (:attr:`RulePages.history`): its corrections
    (``changes`` of a tournament, each with ``deal``, ``before``, ``after``, ``user``), then,
    when everything is asked for, every deal entered (``entries``), written by ``text``."""

    def lines(tournament: Tournament, everything: bool) -> Sequence[HistoryLine]:
        found = [
            HistoryLine(kind, c.deal, c.created_at, c.after, c.before, c.user)
            for c in changes(tournament)
        ]
        if everything:
            found += [
                HistoryLine(kind, deal, deal.created_at, text(deal)) for deal in entries(tournament)
            ]
        return found

    return lines


@dataclass(frozen=True)
class PaperHelp:
    """How a paper sheet of a scored rule set is written (scoring's paper page).

    :param template: the help's words (a ``{% include %}``).
    :param example: its example lines for a table: its seats, the tournament, the seat of
        Vorhand of the next deal.
    """

    template: str
    example: Callable[[list[Seat], Tournament, int], list[str]]


@dataclass(frozen=True)
class KindCount:
    """A kind of game a player declared (Hand, Ruten, Kieker, …; a rule set's own kinds) and
    how many of them: ``won`` None where winning is not the kind's point (a race's sweeps)."""

    kind: StrOrPromise
    declared: int
    won: int | None = None


#: A rule set's kinds of game counted over seats (their pks), for the player's page.
Statistics = Callable[[Sequence[int]], Sequence[KindCount]]


def no_statistics(seats: Sequence[int]) -> Sequence[KindCount]:
    """No kinds of game to count."""
    return ()


@dataclass(frozen=True)
class SheetLayout:
    """A game's own printed scoresheet instead of scoring's (Preisskat's Spielliste): its
    template, laid out a table at a time (``tournament``, ``sheets``, ``blank``, ``receipt``),
    and how a table's sheet (scoring's ``TableSheet``; ``blank``) becomes its values, which
    have a ``table`` (its number) and ``filled``."""

    template: str
    build: Callable[[Any, bool], Any]


@dataclass(frozen=True)
class RulePages:
    """What the shared pages show of a rule set; the templates are included as they are.

    :param own: its own pages (no scored deal), or None: scoring's pages score its deals.
    :param closing: the end of the night's words.
    :param demo: plays a demo night's deals at every table (a random.Random draws them);
        the entries and the deals played (:func:`every_entry_played`).
    :param demo_check: refuses a demo night of so many players in the rule set's own words
        (None: the split's refusal, as the draw says it).
    :param demo_options: the rule options of a demo night of so many players (None: the
        rule set's defaults).
    :param card_facts: the table card's line of facts under the table (the ``card``).
    :param card_note: the table card's note on the rules, or None.
    :param card_context: what the card's templates read besides the tournament and the card.
    :param sheet_legend: what the table sheet's legend adds, or None.
    :param pdf_legend: the scoresheet PDF's legend of the columns (None: scoring's own).
    :param sheet_layout: its own printed scoresheet, filled and blank (None: scoring's).
    :param tables_line: the night's tables page's line under a table, or None.
    :param ended_early: the tables page's note on a table ended early (None: its own note).
    :param counts_deals: a table plays a count of deals (False: it plays until the night
        ends, and has none to end early before or to record).
    :param lists_deals: the rules page and the start list the deals by table size (a race
        plays to tricks).
    :param deal_initial: a scored deal's taps as it stands, for the deal form that corrects
        it (None: the deal form's own reading).
    :param paper_help: how its paper sheet is written (None: it has none).
    :param second_figure: the board's column after the points, or None.
    :param files: the kinds of file (printing's names) it prints of its own, beside the
        night's shared ones (:func:`printed_by`).
    :param history: its own ledger's lines of the night's history (``everything``: every
        entry too), or None.
    :param rank: how it ranks players' figures summed over seats (the series' total, a night
        in the season, the player's page): by points where it says nothing else.
    :param statistics: its kinds of game counted over seats (the player's page), in one
        query however many seats.
    :param money: what its tables pay the club beyond the fees, for the cash report
        (``scoring.standings.cash.GameMoney`` each; Preisskat's Verlustspielgeld), or None.
    """

    own: OwnPages | None
    closing: ClosingWords
    demo: Callable[[Tournament, Any], tuple[int, int]]
    card_facts: str
    demo_check: Callable[[int], None] | None = None
    demo_options: Callable[[int], dict[str, object]] | None = None
    card_note: str | None = None
    card_context: Callable[[Tournament], Mapping[str, Any]] | None = None
    sheet_legend: str | None = None
    pdf_legend: str | None = None
    sheet_layout: SheetLayout | None = None
    tables_line: str | None = None
    ended_early: str | None = None
    counts_deals: bool = True
    lists_deals: bool = True
    deal_initial: Callable[[Any], Mapping[str, object]] | None = None
    paper_help: PaperHelp | None = None
    second_figure: RankingColumn | None = None
    history: Callable[[Tournament, bool], Sequence[HistoryLine]] | None = None
    files: tuple[str, ...] = ()
    rank: Ranks = by_points
    statistics: Statistics = no_statistics
    money: Callable[[Tournament], Sequence[Any]] | None = None

    @property
    def scores_deals(self) -> bool:
        """Its deals are scored (scoring's pages); else a ledger of its own pages."""
        return self.own is None

    @property
    def no_sheets(self) -> StrOrPromise | None:
        """Why scoring's scoresheet PDFs refuse the tournament (None: they print)."""
        return None if self.own is None else self.own.no_sheets


def _playable(rule_set: str, pages: RulePages) -> None:
    if rule_set not in CHOICES:
        raise ValueError(f"The app offers no rule set {rule_set!r}.")
    if RULE_SETS[rule_set].scores_deals != pages.scores_deals:
        raise ValueError(f"The pages of {rule_set!r} do not play it as the library does.")


_pages = Registry[str, RulePages]("the rule sets' pages", check=_playable)


def register(rule_set: str, pages: RulePages) -> None:
    """Say which pages play ``rule_set``.

    :raises ValueError: a rule set the app does not offer, one registered twice, or pages
        that score deals of a ledger rule set (or the other way round: the library's
        ``scores_deals`` says which).
    """
    _pages.register(rule_set, pages)


def unregister(rule_set: str) -> None:
    """Forget the pages of ``rule_set`` (a test's rule set, when it is done)."""
    _pages.unregister(rule_set)


def registered() -> Mapping[str, RulePages]:
    """Every rule set with its pages, by name."""
    return dict(_pages)


def pages_of(tournament: TournamentRules) -> RulePages:
    """The pages of the tournament's rule set.

    :raises LookupError: a rule set no app registered.
    """
    try:
        return _pages[tournament.rule_set]
    except KeyError:
        raise LookupError(f"No app registered the rule set {tournament.rule_set!r}.") from None


def printed_by(
    kind: str, refusal: StrOrPromise
) -> Callable[[TournamentRules], StrOrPromise | None]:
    """The refusal of file ``kind`` (printing.Kind) at a tournament whose rule set does not
    print it (:attr:`RulePages.files`)."""
    return lambda tournament: None if kind in pages_of(tournament).files else refusal


def own_pages_of(tournament: TournamentRules) -> OwnPages | None:
    """The own pages of the tournament's rule set, or None for a deal-scored one."""
    pages = _pages.get(tournament.rule_set)
    return None if pages is None else pages.own


#: Each ranked row's prize as the standings write it ("25,50 € (geteilt)"), for a night on its
#: own pages (the race, Tippen: :attr:`OwnPages.board`'s rows), in their order.
PrizeTexts = Callable[[Tournament, Sequence[Any]], list[str]]
if TYPE_CHECKING:
    from _typeshed import DataclassInstance

RowT = TypeVar("RowT", bound="DataclassInstance")

#: One entry: the app that keeps the prize list says how a row's prize is written.
_prize_texts = Registry[str, PrizeTexts]("the prize texts")
_PRIZE_LIST = "prize list"


def register_prize_texts(prize_texts: PrizeTexts) -> None:
    """Say how the ranked rows of a night on its own pages get their prizes: scoring, which
    keeps the prize list, once when it starts (races and pots ask, :func:`with_prizes`).

    :raises ValueError: another function writes them already.
    """
    _prize_texts.register(_PRIZE_LIST, prize_texts)


def with_prizes(tournament: Tournament, rows: Sequence[RowT]) -> list[RowT]:
    """The ranked ``rows`` (frozen dataclasses with a ``prize``) each with his prize as the
    standings write it; as they are where no app keeps a prize list."""
    prize_texts = _prize_texts.get(_PRIZE_LIST)
    if prize_texts is None:
        return list(rows)
    texts = prize_texts(tournament, rows)
    return [replace(row, prize=text) for row, text in zip(rows, texts, strict=True)]
