"""One night as one file: export a tournament, import it into another installation.

The file is JSON: the tournament and its rules, its players (name, club, contact), the
registrations, the tables with their seats, and the seat swaps: this module, the frame. Each
app adds its own rows, registered with :mod:`tournaments.night_file`: a table's deals, each
with its history (scoring's scored deals, :mod:`scoring.transfer`; the race's,
:mod:`races.transfer`; Tippen's, :mod:`pots.transfer`), and the prizes. Rows refer to
each other by keys inside the file, never by the database's ids, so the night lands in any
installation: a player is matched by name (folded: "Müller" = "mueller") and club, or
created. The tables keep their links (QR codes already printed go on working) unless the
installation uses the same link already; then they get new ones. A line of a deal's history
is never given to an account here (a name in a file proves nothing): it stays, without one.

A file comes from outside: it is checked as strictly as a form (every field by its column,
:mod:`tournaments.night_rows`; tables, seats and deals by the night's rules,
:mod:`scoring.transfer_checks`). Importing is all or nothing, inside one transaction: a file
that is not such a file, is cut short, has a wrong or unknown value, or contradicts itself (a
seat of an unknown registration, a deal number twice, a score its game does not give) is
refused with a message that names the place ("Tisch 3, Spiel 12: …"), and nothing is saved.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.transfer_checks import ended_early_checked, seats_checked, tables_fit_state
from tournaments import night_file
from tournaments.forms import TournamentForm
from tournaments.ledger import tournament_totals_refresh
from tournaments.models import Player, Registration, Seat, SeatSwap, Table, Tournament, new_token
from tournaments.names import player_name_key
from tournaments.night_rows import RowError, at, keyed, keys_known, listed, new_key, token_checked
from tournaments.night_rows import keep_times as _keep_times
from tournaments.night_rows import reason as _reason
from tournaments.night_rows import row as _row
from tournaments.night_rows import values as _values
from tournaments.states import TournamentState

MARK = "preisfipsen_night"
VERSION = 5
#: Version 1 is a file from before the rule sets: a Prisdorf night with its minimum bid;
#: version 2 one from before a race's deals were in the file (a race was refused then).
#: Version 3 carries them: an older Preisfipsen refuses the file rather than import a race
#: without its games. Version 4 carries Tippen's deals, for the same reason; version 5 a
#: table's end before its last deal (ENDED_FIELDS), so that an older one refuses the file
#: rather than make a table ended early play on.
READABLE = (1, 2, 3, 4, VERSION)
#: The fields of each row in the file (ids and foreign keys are written as the file's keys).
TOURNAMENT_FIELDS = (
    *TournamentForm.Meta.fields,  # what the organiser sets; then the night's own state
    "rule_options",
    "board_token",
    "state",
    "draw_seed",
    "drawn_at",
    "created_at",
)
PLAYER_FIELDS = ("name", "club", "contact")
REGISTRATION_FIELDS = ("walk_in", "checked_in_at", "withdrawn_at", "created_at")
TABLE_FIELDS = ("number", "deals", "first_dealer", "token", "sheet_token")
#: A table ended early: when, after how many deals, why. A file before version 5 has none: its
#: tables were not ended early.
ENDED_FIELDS = ("ended_early_at", "ended_early_after", "ended_early_reason")
SEAT_FIELDS = ("position", "left_after_deal")
SWAP_FIELDS = ("created_at",)
#: Far more than a night: 1,756 deals with their history are some 1.5 MB.
MAX_BYTES = 20_000_000


class NightFileError(Exception):
    """The file cannot be imported; the message says why. Nothing was saved."""


# Export


def night_export(*, tournament: Tournament) -> dict[str, Any]:
    """The night of ``tournament`` as plain values (a fixed number of queries)."""
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player").order_by("pk")
    )
    players: dict[int, int] = {}
    for registration in registrations:
        players.setdefault(registration.player_id, len(players) + 1)
    by_player = {r.player_id: r.player for r in registrations}
    #: The file's keys count from 1, so that a night exported again after its import is the
    #: same file.
    keys = {registration.pk: key for key, registration in enumerate(registrations, 1)}
    return {
        MARK: VERSION,
        "tournament": _values(tournament, TOURNAMENT_FIELDS),
        "players": [
            {"key": key, **_values(by_player[player_id], PLAYER_FIELDS)}
            for player_id, key in players.items()
        ],
        "registrations": [
            {"key": keys[r.pk], "player": players[r.player_id], **_values(r, REGISTRATION_FIELDS)}
            for r in registrations
        ],
        "tables": _tables_export(tournament, keys),
        "swaps": [
            {
                "first": keys[swap.first_id],
                "second": keys[swap.second_id],
                **_values(swap, SWAP_FIELDS),
            }
            for swap in SeatSwap.objects.filter(tournament=tournament).order_by("pk")
        ],
        **{part.key: part.export(tournament=tournament) for part in night_file.night_rows()},
    }


def _tables_export(tournament: Tournament, keys: Mapping[int, int]) -> list[dict[str, Any]]:
    """The tables with their seats (``keys``: the file's key of each registration's id) and
    each app's rows of them (the deals played, each with its history)."""
    tables = list(Table.objects.filter(tournament=tournament).prefetch_related("seats"))
    parts = [(part.key, part.export(tournament=tournament)) for part in night_file.table_rows()]
    return [
        {
            **_values(table, (*TABLE_FIELDS, *ENDED_FIELDS)),
            "seats": [
                {"registration": keys[seat.registration_id], **_values(seat, SEAT_FIELDS)}
                for seat in table.seats.all()
            ],
            # "deals" is the table's number of deals (TABLE_FIELDS), "deals_played" scoring's
            **{key: rows.get(table.pk, []) for key, rows in parts},
        }
        for table in tables
    ]


def night_export_bytes(*, tournament: Tournament) -> bytes:
    data = night_export(tournament=tournament)
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


# Import


def _not_a_night() -> NightFileError:
    return NightFileError(
        _(
            "This file is not a tournament exported by Preisfipsen, or it is damaged. Choose "
            "the file that “Export the tournament” made."
        )
    )


def night_import_bytes(content: bytes) -> Tournament:
    """Import the night in ``content`` (the exported file's bytes).

    :raises NightFileError: the file is not an exported night, is damaged or contradicts
        itself, or the tournament is here already; nothing is saved then.
    """
    if len(content) > MAX_BYTES:
        raise NightFileError(
            _("The file is too large: at most %(limit)s MB.") % {"limit": MAX_BYTES // 1_000_000}
        )
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise _not_a_night() from error
    version = data.get(MARK) if isinstance(data, dict) else None
    if type(version) is not int or version not in READABLE:  # true is no version 1
        raise _not_a_night()
    return night_import(data)


def night_import(data: Mapping[str, Any]) -> Tournament:
    """Import an exported night (parsed JSON); see night_import_bytes."""
    try:
        with transaction.atomic():
            return _import(data)
    except NightFileError:
        raise
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


def _rules_named(values: Any) -> Any:
    """A tournament of a version 1 file with the rule set it played (Prisdorf)."""
    if not isinstance(values, Mapping) or "rule_set" in values or "min_bid" not in values:
        return values
    rules = {"rule_set": "prisdorf", "rule_options": {"min_bid": values["min_bid"]}}
    return {
        **{k: v for k, v in values.items() if k != "min_bid"},
        **rules,
        "prize_tournament": True,
    }


#: The file's own keys; an app's parts add theirs (tournaments.night_file).
FRAME_KEYS = (MARK, "tournament", "players", "registrations", "tables", "swaps")


def _import(data: Mapping[str, Any]) -> Tournament:
    keys_known(data, (*FRAME_KEYS, *(part.key for part in night_file.night_rows())))
    for name in FRAME_KEYS:
        if name not in data:
            raise RowError(_("“%(key)s” is missing.") % {"key": name})
    with at(_("the tournament")):
        tournament = _tournament(data["tournament"])
    players = _players(data["players"])
    registrations = _registrations(tournament, data["registrations"], players)
    for number, item in enumerate(listed(data["tables"]), start=1):
        with at(_("table %(number)s") % {"number": _number_of(item, number)}):
            _table(tournament, item, registrations)
    with at(_("the tables")):
        tables_fit_state(tournament)
    _swaps(tournament, data["swaps"], registrations)
    for part in night_file.night_rows():
        part.read(tournament=tournament, items=night_file.items_of(part, data))
    _keep_times(Tournament, [(tournament, data["tournament"])])
    _keep_times(
        Registration, [(registrations[item["key"]], item) for item in data["registrations"]]
    )
    # The standings and the board read each table's running totals: made from its entries.
    tournament_totals_refresh(tournament=tournament)
    return tournament


def _number_of(item: Any, number: int) -> Any:
    """A table's number as the file has it, where it is a plain one (else its place)."""
    found = item.get("number") if isinstance(item, Mapping) else None
    return found if type(found) is int else number


def _tournament(values: Any) -> Tournament:
    tournament = _row(Tournament, _rules_named(values), TOURNAMENT_FIELDS)
    token_checked(tournament.board_token)
    if tournament.state not in TournamentState.values:
        raise ValidationError(
            _("“%(value)s” is no state of a night.") % {"value": tournament.state}
        )
    if Tournament.objects.filter(name=tournament.name, date=tournament.date).exists():
        raise NightFileError(
            _("The tournament “%(name)s” of %(date)s is here already; nothing is imported.")
            % {"name": tournament.name, "date": date_format(tournament.date)}
        )
    if Tournament.objects.filter(board_token=tournament.board_token).exists():
        tournament.board_token = new_token()
    tournament.save()
    return tournament


def _players(items: Any) -> dict[int, Player]:
    players: dict[int, Player] = {}
    for number, item in enumerate(listed(items), start=1):
        with at(_("player %(number)s") % {"number": number}):
            players[new_key(item, players)] = _player(item)
    return players


def _registrations(
    tournament: Tournament, items: Any, players: Mapping[int, Player]
) -> dict[int, Registration]:
    registrations: dict[int, Registration] = {}
    for number, item in enumerate(listed(items), start=1):
        with at(_("registration %(number)s") % {"number": number}):
            key = new_key(item, registrations)
            registration = _row(
                Registration,
                item,
                REGISTRATION_FIELDS,
                extra=("key", "player"),
                tournament=tournament,
                player=keyed(item, players, "player"),
            )
            if any(r.player_id == registration.player_id for r in registrations.values()):
                raise ValidationError(_("the player is registered twice."))
            registration.save()
            registrations[key] = registration
    return registrations


def _swaps(tournament: Tournament, items: Any, registrations: Mapping[int, Any]) -> None:
    swaps = []
    for number, item in enumerate(listed(items), start=1):
        with at(_("seat swap %(number)s") % {"number": number}):
            first = keyed(item, registrations, "first")
            second = keyed(item, registrations, "second")
            swap = _row(
                SeatSwap,
                item,
                SWAP_FIELDS,
                extra=("first", "second"),
                tournament=tournament,
                first=first,
                second=second,
            )
            swap.save()
            swaps.append((swap, item))
    _keep_times(SeatSwap, swaps)


def _player(item: Mapping[str, Any]) -> Player:
    """The directory's player of the same name and club, or a new one."""
    new = _row(
        Player, item, PLAYER_FIELDS, extra=("key",), name_key="-"
    )  # the key follows from the name
    new.name = " ".join(new.name.split())
    new.name_key = player_name_key(new.name)
    found = Player.objects.filter(name_key=new.name_key, club__iexact=new.club.strip()).first()
    if found is not None:
        return found
    new.full_clean()
    new.save()
    return new


def _table(tournament: Tournament, item: Mapping[str, Any], registrations: dict[Any, Any]) -> None:
    has_ended = isinstance(item, Mapping) and ENDED_FIELDS[0] in item
    fields = (*TABLE_FIELDS, *ENDED_FIELDS) if has_ended else TABLE_FIELDS
    parts = tuple(part.key for part in night_file.table_rows())
    table = _row(Table, item, fields, extra=("seats", *parts), tournament=tournament)
    ended_early_checked(table)
    for token in ("token", "sheet_token"):
        token_checked(getattr(table, token))
        if Table.objects.filter(**{token: getattr(table, token)}).exists():
            setattr(table, token, new_token())  # in use here: the new link replaces it
    if Table.objects.filter(tournament=tournament, number=table.number).exists():
        raise ValidationError(_("the night has a table of this number twice."))
    table.save()
    seats = listed(item["seats"])
    seats_checked(tournament, table, seats)
    for number, seat in enumerate(seats, start=1):
        with at(_("seat %(number)s") % {"number": number}):
            registration = keyed(seat, registrations, "registration")
            if Seat.objects.filter(registration=registration).exists():
                raise ValidationError(_("the player has a seat already."))
            new = _row(
                Seat,
                seat,
                SEAT_FIELDS,
                extra=("registration",),
                table=table,
                registration=registration,
            )
            if new.left_after_deal is not None and new.left_after_deal > table.deals:
                raise ValidationError(_("the player left after a deal the table does not have."))
            new.save()
    for part in night_file.table_rows():
        part.read(table=table, players=len(seats), items=night_file.items_of(part, item))
