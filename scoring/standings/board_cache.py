"""The board of a tournament, computed once and shared by every page, both page forms (the
whole page and htmx's part) and every process of the server.

The hall's projector and hundreds of phones ask for the board's pages every few seconds: each
page made afresh would rank every player again. So the whole board (every row of the
standings, every table's progress) is computed once and kept in Django's cache, on a backend
every process shares (``settings.CACHES``: files in ``var/cache/`` by default, Redis where
``CACHE_URL`` names one); a page is a slice of it.

It is kept under the tournament's **version**, a word in the same cache that changes once an
entry or a correction is committed (any rule set: the ledger's
:data:`tournaments.ledger.entries.entries_changed`), or a table is ended early or resumed
(:func:`board_changed`). An entry's version names the end of its ``CHANGE_SECONDS`` span of time
(:func:`_deals_until`), so the entries of one span write it once, not each (issue 31: a file
written per save); a board begun before a span ends may miss its later entries, and is made
afresh after it. A board of another version is made afresh **once**, by one viewer's
request, and for deals at most once in ``CHANGE_SECONDS`` (the organiser's changes, a table
ended early or a series drawn, at once): at 200 tables a deal comes every half second, and
each board costs the standings' work, so a board made for every deal would cost a core's third
and put one viewer's request in seven behind its making. Whoever finds it due takes a key
(``cache.add``; on the file cache under a lock on a file, which every process of the machine
shares: Django checks and writes there apart); the others serve the last one meanwhile. So a
viewer sees a board made since the last change, or less than ``CHANGE_SECONDS`` ago, or the
last one while the next is being made. Only while none is kept at all (a new tournament, the
cache emptied) do the others wait for it. Whatever changes the board without a new version (a
player's name corrected, a seat swapped) shows after ``REFRESH_SECONDS`` at the latest.
"""

import fcntl
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from fipsen_rules.signs import signed_total
from scoring import selectors
from scoring.standings import selectors as standings_selectors
from scoring.standings.own_prizes import final_prizes
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.models import Tournament
from tournaments.rule_pages import BoardRow as Ranked
from tournaments.rule_pages import RankingColumn, pages_of

#: A board older than this is made afresh even under the same version (seconds).
REFRESH_SECONDS = 60
#: How long a computed board stays in the cache at all: the last one, served while another
#: process makes the next.
KEEP_SECONDS = 3600
#: How long one process may take to make the board before another one starts too.
COMPUTING_SECONDS = 10
#: A board is made afresh at most once in this many seconds, however many deals come meanwhile:
#: a projector's board a few seconds behind is as good, and one made per deal is not.
CHANGE_SECONDS = 5
#: The end of a version whose board is made at once (:func:`board_changed`).
AT_ONCE = "!"
#: How often a viewer looks whether the first board, being made elsewhere, is there.
WAIT_SECONDS = 0.05


class BoardRow(NamedTuple):
    """A row of the standings as the board shows it. (Named tuples: a board of 800 rows is
    read back from the cache on every page, and they unpickle twice as fast as dataclasses.)"""

    place: str
    name: str
    table: int
    points: str
    #: The rule set's second figure (a race's money, which ranks players with the same games
    #: won); empty at other nights.
    second: str = ""
    #: The prize, once the night is finished (scoring/standings/own_prizes.py: final_prizes).
    prize: str = ""


class TableLine(NamedTuple):
    """A table's progress as the board shows it."""

    number: int
    played: int
    deals: int
    ended_early: bool


@dataclass(frozen=True)
class Board:
    """The whole board of a tournament: what every page of it is a slice of."""

    rows: tuple[BoardRow, ...]
    tables: tuple[TableLine, ...]
    #: Whether the rows carry who gets what (the board at the end).
    prizes: bool = False
    #: A night of several series: the series played now (its tables are ``tables``), and its
    #: seating while it is new (until each of its tables has begun), which the board announces.
    series: int = 1
    seating: tuple[selectors.SeatingTable, ...] = ()
    #: The version it was made for, and when its making began (:func:`clock`).
    version: str = ""
    made: float = 0.0


def board_of(tournament: Tournament, *, language: str) -> Board:
    """The board of ``tournament`` (its rows written in ``language``): the one kept, or made now
    (:func:`board_compute`) when it is due and no other process is making it."""
    keys = _Keys(tournament, language)
    found = cache.get_many([keys.version, keys.board])
    version = found.get(keys.version) or _first_version(keys.version)
    kept: Board | None = found.get(keys.board)
    while kept is None or _due(kept, version):
        if _take(keys.computing):
            try:
                # Made by another process between the reading and the taking: that one.
                kept = cache.get(keys.board)
                if kept is None or _due(kept, version):
                    kept = _made(tournament, keys, version)
                return kept
            finally:
                cache.delete(keys.computing)
        if kept is not None:
            return kept  # being made elsewhere: the last one meanwhile
        time.sleep(WAIT_SECONDS)  # the first one, being made elsewhere
        kept = cache.get(keys.board)
    return kept


def clock() -> float:
    """The time the boards are made at and compared with (``time.time()``: every process's)."""
    return time.time()


def _due(kept: Board, version: str) -> bool:
    """Whether ``kept`` is to be made afresh: the tournament changed (or ``REFRESH_SECONDS``
    passed) since it was made, and it was made ``CHANGE_SECONDS`` ago at least or the change
    is to show at once."""
    age = clock() - kept.made
    if kept.version != version and version.endswith(AT_ONCE):
        return True
    changed = kept.version != version or _span_end(version) > kept.made
    return age >= CHANGE_SECONDS and (changed or age >= REFRESH_SECONDS)


def _made(tournament: Tournament, keys: "_Keys", version: str) -> Board:
    """The board made now and kept, stamped with the time it began: every change committed
    before then is in it."""
    began = clock()
    board = replace(board_compute(tournament), version=version, made=began)
    cache.set(keys.board, board, KEEP_SECONDS)
    return board


def _take(key: str) -> bool:
    """The key that says a board is being made, if nobody holds it (for ``COMPUTING_SECONDS``
    at most). ``cache.add`` is one step on Redis and in memory; Django's file cache checks and
    then writes, so there it is taken under a lock on a file beside the entries."""
    where = settings.CACHES["default"]
    if not where["BACKEND"].endswith(".FileBasedCache"):
        return cache.add(key, True, COMPUTING_SECONDS)
    with (Path(where["LOCATION"]) / "board.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released as the file closes
        return cache.add(key, True, COMPUTING_SECONDS)


def board_changed(*, tournament_id: int) -> None:
    """The tournament's board is out of date once the current transaction commits (at once
    outside one): the next page makes it afresh, however recent the last (the organiser's
    doing, rare, and looked for on the projector at once)."""
    version = _new_version() + AT_ONCE
    transaction.on_commit(lambda: cache.set(_version_key(tournament_id), version, None))


def entries_changed(sender: object, *, tournament_id: int, **kwargs: Any) -> None:
    """The receiver of :data:`tournaments.ledger.entries.entries_changed` (connected in
    ``ScoringConfig.ready``): already after the commit, so the span's end is after it."""
    key, version = _version_key(tournament_id), _deals_until(clock())
    if cache.get(key) != version:  # read, not written: most entries of a span find it so
        cache.set(key, version, None)


def series_drawn(sender: object, *, instance: Any, **kwargs: Any) -> None:
    """The receiver of ``post_save`` of :class:`tournaments.models.SeriesDraw` (connected in
    ``ScoringConfig.ready``): a new seating, for the board to announce once it commits."""
    board_changed(tournament_id=instance.tournament_id)


def board_compute(tournament: Tournament) -> Board:
    """The board made afresh: the ranked players (by the rule set's own pages where it has
    them) and, while the night goes on at a night of scored deals, the tables' progress."""
    pages = pages_of(tournament)
    own = pages.own
    ranked: Sequence[Ranked] = (
        own.board(tournament) if own else standings_selectors.standings(tournament=tournament)
    )
    rows = tuple(_row(standing, pages.second_figure) for standing in ranked)
    if tournament.is_finished:  # the final ranking alone, and who gets what beside it
        prizes = final_prizes(tournament, ranked)
        rows = tuple(
            BoardRow(row.place, row.name, row.table, row.points, row.second, prize)
            for row, prize in zip(rows, prizes, strict=True)
        )
        return Board(rows, (), prizes=bool(prizes))
    series = last_series_drawn(tournament=tournament)
    seating = selectors.seating_to_announce(tournament=tournament, series=series)
    if own:  # the race, Tippen: no number of deals
        return Board(rows, (), series=series, seating=seating)
    # The board shows no names per table: the seats need not be fetched.
    of_series = series if tournament.series_count > 1 else None
    progress = selectors.tables_progress(tournament=tournament, series=of_series)
    tables = tuple(
        TableLine(table.number, table.played, table.deals, table.ended_early)  # type: ignore[attr-defined]
        for table in progress.prefetch_related(None)
    )
    return Board(rows, tables, series=series, seating=seating)


def _row(standing: Ranked, second: RankingColumn | None) -> BoardRow:
    return BoardRow(
        place=f"{standing.place}. =" if standing.shared else f"{standing.place}.",
        name=standing.name,
        table=standing.table,
        points=signed_total(standing.points),
        second=second.cell(standing) if second else "",
    )


class _Keys:
    """The cache's keys of a tournament's board. The board's own key names the board's secret
    too: a tournament's id comes again in a database made afresh (the tests', a restored
    backup's), its secret does not."""

    def __init__(self, tournament: Tournament, language: str) -> None:
        self.version = _version_key(tournament.pk)
        self.board = f"board:{tournament.pk}:{tournament.board_token}:{tournament.state}:{language}"
        self.computing = f"{self.board}:computing"


def _version_key(tournament_id: int) -> str:
    return f"board:{tournament_id}:version"


def _new_version() -> str:
    return uuid.uuid4().hex


#: The beginning of an entry's version (:func:`_deals_until`); the others are hex digits.
DEALS = "deals-until-"


def _deals_until(now: float) -> str:
    """The version of entries committed before ``now``: the end of its ``CHANGE_SECONDS`` span."""
    return f"{DEALS}{(int(now) // CHANGE_SECONDS + 1) * CHANGE_SECONDS}"


def _span_end(version: str) -> float:
    """The time an entry's version names (entries may come until then), else 0."""
    return float(version.removeprefix(DEALS)) if version.startswith(DEALS) else 0.0


def _first_version(key: str) -> str:
    """The version of a tournament the cache knows none of (new, or the cache emptied)."""
    cache.add(key, _new_version(), None)
    version: str | None = cache.get(key)
    return version or _new_version()
