"""One night as one file: export a tournament, import it into another installation.

The file is JSON: the tournament and its rules, its players (name, club, contact), the
registrations, the tables with their seats (and series), the seat swaps and the later series'
draws: this module, the frame. Each app adds its own rows, registered with
:mod:`tournaments.night_file`: a table's deals, each with its history (scoring's scored deals,
:mod:`scoring.night_file.deals`; the race's, :mod:`races.transfer`; Tippen's, :mod:`pots.transfer`),
and the prizes. Rows refer to each other by keys inside the file, never by the database's
ids, so the night lands in any installation: a player is matched by name (folded: "Müller" =
"mueller") and club, or created. The tables keep their links (QR codes already printed go on
working) unless the installation uses the same link already; then they get new ones. A line
of a deal's history is never given to an account here (a name in a file proves nothing).

A file comes from outside: it is checked as strictly as a form (every field by its column,
:mod:`tournaments.night_rows`; tables, seats and deals by the night's rules,
:mod:`scoring.night_file.checks`). Importing is all or nothing, in short steps that no save of
a table waits long for (:mod:`scoring.night_file.stage`): a file that is not such a file, is cut
short, has a wrong or unknown value, or contradicts itself (a seat of an unknown registration,
a deal number twice, a score its game does not give) is refused with a message that names the
place ("Tisch 3, Spiel 12: …"), and what was saved is undone.

A night of any size is moved in bounded memory (:mod:`scoring.night_file.stream`): exported a
few tables at a time (TABLE_BATCH, from one snapshot), imported a table at a time as it is
read; the organiser's import is a background job (:mod:`scoring.night_file.jobs`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from scoring.night_file import frame
from scoring.night_file.checks import tables_fit_state
from scoring.night_file.deals import changes_written
from scoring.night_file.frame import (
    ENDED_FIELDS,
    FEE_FIELDS,
    PLAYER_FIELDS,
    REGISTRATION_FIELDS,
    SEAT_FIELDS,
    SERIES_FIELDS,
    SWAP_FIELDS,
    TABLE_FIELDS,
    TABLE_SERIES,
    TEAM_FIELDS,
    TOURNAMENT_FIELDS,
)
from scoring.night_file.frame import NightFileError as NightFileError
from scoring.night_file.stage import Stage, snapshot, step
from scoring.night_file.stream import NotJson, Streamed, file_size, object_chunks, object_pairs
from tournaments import night_file
from tournaments.models import Registration, SeatSwap, Table, Tournament
from tournaments.night_rows import RowError, at, keys_known, listed
from tournaments.night_rows import keep_times as _keep_times
from tournaments.night_rows import reason as _reason
from tournaments.night_rows import values as _values

MARK = "preisfipsen_night"
VERSION = 7
#: Version 1 is a file from before the rule sets: a Prisdorf night with its minimum bid;
#: version 2 one from before a race's deals were in the file (a race was refused then).
#: Version 3 carries them: an older Preisfipsen refuses the file rather than import a race
#: without its games. Version 4 carries Tippen's deals, for the same reason; version 5 a
#: table's end before its last deal (ENDED_FIELDS), so that an older one refuses the file
#: rather than make a table ended early play on. Version 6 carries several series and their
#: draws (a night of one series is the version 5 file it always was: ONE_SERIES_VERSION).
#: Version 7 the seats' changes a Preisfipsen of before would not total (deals.py).
ONE_SERIES_VERSION, SERIES_VERSION = 5, 6
READABLE = (1, 2, 3, 4, ONE_SERIES_VERSION, SERIES_VERSION, VERSION)
#: Far more than a night: 1,756 deals with their history are some 1.5 MB, 200 tables 20 MB.
MAX_BYTES = 100_000_000
#: Tables whose rows are read from the database at a time while exporting.
TABLE_BATCH = 20
#: Told how far an import is: the tables done, the bytes of the file read and its size.
Progress = Callable[[int, int, int], None]


# Export


def _night_pairs(tournament: Tournament) -> Iterator[tuple[str, Any]]:
    """The file's top-level pairs in order; the tables as a :class:`Streamed` list."""
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player").order_by("pk")
    )
    players: dict[int, int] = {}
    for registration in registrations:
        players.setdefault(registration.player_id, len(players) + 1)
    by_player = {r.player_id: r.player for r in registrations}
    #: The file's keys count from 1: a night exported again after its import is the same file.
    keys = {registration.pk: key for key, registration in enumerate(registrations, 1)}
    several = tournament.series_count > 1
    version = VERSION if changes_written(tournament=tournament) else SERIES_VERSION
    yield MARK, version if several or version == VERSION else ONE_SERIES_VERSION
    yield "tournament", _values(tournament, (*TOURNAMENT_FIELDS, *(SERIES_FIELDS * several)))
    yield (
        "players",
        [
            {"key": key, **_values(by_player[player_id], PLAYER_FIELDS)}
            for player_id, key in players.items()
        ],
    )
    yield (
        "registrations",
        [
            {
                "key": keys[r.pk],
                "player": players[r.player_id],
                **_values(r, REGISTRATION_FIELDS),
                **(_values(r, FEE_FIELDS) if r.fee_paid_at else {}),
                **(_values(r, TEAM_FIELDS) if r.team else {}),
            }
            for r in registrations
        ],
    )
    yield "tables", Streamed(_tables_export(tournament, keys, several=several))
    swaps = SeatSwap.objects.filter(tournament=tournament).order_by("pk")
    yield (
        "swaps",
        [
            {"first": keys[s.first_id], "second": keys[s.second_id], **_values(s, SWAP_FIELDS)}
            for s in swaps
        ],
    )
    yield from frame.series_draws_export(tournament, keys)  # none: no key (one series)
    for part in night_file.night_rows():
        yield part.key, part.export(tournament=tournament)


def _tables_export(
    tournament: Tournament, keys: Mapping[int, int], *, several: bool
) -> Iterator[dict[str, Any]]:
    """The tables with their seats (``keys``: the file's key of each registration's id) and
    each app's rows of them (the deals played, each with its history), TABLE_BATCH tables
    read at a time (a fixed number of queries each); series by series, each table with its
    series where the night has ``several``."""
    tables_in_order = Table.objects.filter(tournament=tournament).order_by("series", "number")
    ids = list(tables_in_order.values_list("pk", flat=True))
    for start in range(0, len(ids), TABLE_BATCH):
        batch = ids[start : start + TABLE_BATCH]
        found = Table.objects.filter(pk__in=batch).prefetch_related("seats").in_bulk()
        tables = [found[pk] for pk in batch]
        parts = [
            (part.key, part.export(tournament=tournament, tables=tables))
            for part in night_file.table_rows()
        ]
        for table in tables:
            yield {
                **(_values(table, (TABLE_SERIES,)) if several else {}),
                **_values(table, (*TABLE_FIELDS, *ENDED_FIELDS, *frame.receipts_of(table))),
                "seats": [
                    {"registration": keys[seat.registration_id], **_values(seat, SEAT_FIELDS)}
                    for seat in table.seats.all()
                ],
                # "deals" is the table's number of deals (TABLE_FIELDS), "deals_played" scoring's
                **{key: rows.get(table.pk, []) for key, rows in parts},
            }


def night_export(*, tournament: Tournament) -> dict[str, Any]:
    """The night of ``tournament`` as plain values, whole (for a look at it; the file is
    written by :func:`night_export_chunks`)."""
    return {
        key: list(value.items) if isinstance(value, Streamed) else value
        for key, value in _night_pairs(tournament)
    }


def night_export_chunks(*, tournament: Tournament) -> Iterator[bytes]:
    """The night's file in pieces (a table or so each), read from one snapshot of the
    database: deals saved meanwhile are either all in or not."""
    with snapshot():
        for text in object_chunks(_night_pairs(tournament)):
            yield text.encode()


def night_export_bytes(*, tournament: Tournament) -> bytes:
    return b"".join(night_export_chunks(tournament=tournament))


# Import


def _not_a_night() -> NightFileError:
    return NightFileError(
        _(
            "This file is not a tournament exported by Preisfipsen, or it is damaged. Choose "
            "the file that “Export the tournament” made."
        )
    )


def _too_large() -> NightFileError:
    return NightFileError(
        _("The file is too large: at most %(limit)s MB.") % {"limit": MAX_BYTES // 1_000_000}
    )


def night_import_bytes(content: bytes) -> Tournament:
    """Import the night in ``content`` (the exported file's bytes); see night_import_file."""
    if len(content) > MAX_BYTES:
        raise _too_large()
    return night_import_file(io.BytesIO(content))


def night_import_file(
    file: IO[bytes], *, progress: Progress | None = None, stage: Stage | None = None
) -> Tournament:
    """Import the night in ``file`` (the exported file, opened in binary), read a table at a
    time, saved in short steps (:mod:`scoring.night_file.stage`, which ``stage`` tells the
    tournament staged); ``progress`` is told after each step the tables done and the bytes
    of the file done: of its head (players, registrations) in the share of its rows saved.

    :raises NightFileError: the file is not an exported night, is damaged or contradicts
        itself, or the tournament is here already; nothing is saved then.
    """
    size = file_size(file)
    if size > MAX_BYTES:
        raise _too_large()
    head_bytes = 0

    def done(tables: int, head: float) -> None:
        nonlocal head_bytes
        if progress is None:
            return
        if head < 1:  # the head is read whole before it is saved: where the tables start
            head_bytes = head_bytes or file.tell()
            progress(0, int(head_bytes * head), size)
        else:
            progress(tables, file.tell(), size)

    pairs = lambda: object_pairs(file, streamed=("tables",))  # noqa: E731
    return _import_guarded(pairs, done, stage or Stage())


def night_file_checked(file: IO[bytes]) -> None:
    """A quick look before the import: ``file`` starts as an exported night of a version this
    one reads (the rest is checked as it is imported). Reads its first bytes only.

    :raises NightFileError: it does not.
    """
    try:
        first = next(object_pairs(file), None)
    except NotJson as error:
        raise _not_a_night() from error
    finally:
        file.seek(0)
    if first is None or first[0] != MARK:
        raise _not_a_night()
    _checked(dict([first]), ())


def night_import(data: Mapping[str, Any]) -> Tournament:
    """Import an exported night (parsed JSON); see night_import_file."""
    if not isinstance(data, Mapping):
        raise _not_a_night()
    return _import_guarded(lambda: iter(data.items()), lambda tables, head: None, Stage())


def _import_guarded(
    pairs: Callable[[], Iterator[tuple[str, Any]]], progress: _Done, stage: Stage
) -> Tournament:
    """Import the file's pairs, a short step at a time; whatever is wrong becomes a
    NightFileError in words, and what was saved is undone (inside a caller's transaction,
    rolled back with its savepoint)."""
    try:
        if connection.in_atomic_block:
            with transaction.atomic():
                return _import(pairs(), progress, stage)
        try:
            return _import(pairs(), progress, stage)
        except BaseException:  # Ctrl-C too: nothing half-done stays
            stage.undo()
            raise
    except NightFileError:
        raise
    except NotJson as error:
        raise _not_a_night() from error
    except RowError as error:
        raise NightFileError(
            _("The file has a wrong value, nothing is imported. %(place)s: %(error)s")
            % {"place": ", ".join(error.places) or _("The file"), "error": _shortened(error.reason)}
        ) from error
    except ValidationError as error:
        raise NightFileError(
            _("The file has a wrong value, nothing is imported: %(error)s")
            % {"error": _shortened(" ".join(error.messages))}
        ) from error
    except (KeyError, TypeError, ValueError, AttributeError, IntegrityError) as error:
        # Not reached by a file that the checks read (tests/scoring/test_night_file_fuzz.py);
        # still, the file is refused in words, and nothing is saved.
        raise NightFileError(
            _(
                "The file is incomplete or contradicts itself (%(error)s); nothing is imported. "
                "Export the tournament again."
            )
            % {"error": _shortened(_reason(error))}
        ) from error


def _shortened(text: str, limit: int = 200) -> str:
    """A message that quotes a whole list of deals is no help: its start is enough."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: The file's own keys; an app's parts add theirs (tournaments.night_file).
FRAME_KEYS = (MARK, "tournament", "players", "registrations", "tables", "swaps")
#: What the tables need before them: in an exported file, all of it comes first.
_HEAD = (MARK, "tournament", "players", "registrations")


#: Told after each step: the tables done, and the share of the head's rows saved (1 after).
_Done = Callable[[int, float], None]


class _Head:
    """The night's tournament and registrations once read (before its tables), saved a
    batch of rows a step, ``progress`` told after each."""

    def __init__(self, data: Mapping[str, Any], progress: _Done, stage: Stage) -> None:
        players, registrations = listed(data["players"]), listed(data["registrations"])
        rows = max(len(players) + len(registrations), 1)
        with at(_("the tournament")):
            self.tournament = frame.tournament_read(data["tournament"], stage)
        found = frame.players_read(players, stage, lambda done: progress(0, done / rows))
        self.registrations = frame.registrations_read(
            self.tournament,
            registrations,
            found,
            lambda done: progress(0, (len(players) + done) / rows),
        )


def _import(pairs: Iterator[tuple[str, Any]], progress: _Done, stage: Stage) -> Tournament:
    """The frame's steps in order, the tables as the file gives them: streamed where the
    frame's head (version, tournament, players, registrations) came before them, as in every
    exported file; otherwise, a file put together by hand, read whole first."""
    data: dict[str, Any] = {}
    head: _Head | None = None
    for key, value in pairs:
        if key in data:
            raise _not_a_night()  # a key twice: json.loads would keep the last, silently
        if key == "tables" and all(name in data for name in _HEAD):
            _checked(data, _HEAD)
            head = _Head(data, progress, stage)
            _tables_read(head, value, progress)
            data[key] = []
        else:
            data[key] = list(value) if isinstance(value, Iterator) else value
    _checked(data, FRAME_KEYS)
    if head is None:
        head = _Head(data, progress, stage)
        _tables_read(head, data["tables"], progress)
    return _import_rest(head, data, progress, stage)


def _checked(data: Mapping[str, Any], needed: Iterable[str]) -> None:
    """A night's file of a version this one reads, no key unknown, ``needed`` there."""
    version = data.get(MARK)
    if type(version) is not int or version not in READABLE:  # true is no version 1
        raise _not_a_night()
    keys_known(data, (*FRAME_KEYS, frame.DRAWS, *(part.key for part in night_file.night_rows())))
    for name in needed:
        if name not in data:
            raise RowError(_("“%(key)s” is missing.") % {"key": name})


def _tables_read(head: _Head, items: Any, progress: _Done) -> None:
    tables = items if isinstance(items, Iterator) else listed(items)
    progress(0, 1)
    for number, item in enumerate(tables, start=1):
        with at(frame.table_place(item, number)), step():
            frame.table_read(head.tournament, item, head.registrations)
        progress(number, 1)


def _import_rest(head: _Head, data: Mapping[str, Any], progress: _Done, stage: Stage) -> Tournament:
    """After the tables: the seat swaps, every app's rows of the night, the running totals
    (the standings and the board read them), then the times, and the tournament shown."""
    tournament = head.tournament
    with at(_("the tables")):
        tables_fit_state(tournament)
    with step():
        frame.swaps_read(tournament, data["swaps"], head.registrations)
        frame.series_draws_read(tournament, data.get(frame.DRAWS, []), head.registrations)
        for part in night_file.night_rows():
            part.read(tournament=tournament, items=night_file.items_of(part, data))
    tables = tournament.tables.count()
    stage.totals(tournament, lambda: progress(tables, 1))
    stage.shown(tournament, lambda: _keep_times(Tournament, [(tournament, data["tournament"])]))
    return tournament
