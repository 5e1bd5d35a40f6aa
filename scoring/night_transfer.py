"""One night as one file: export a tournament, import it into another installation.

The file is JSON: the tournament and its rules, its players (name, club, contact), the
registrations, the tables with their seats, and the seat swaps: this module, the frame. Each
app adds its own rows, registered with :mod:`tournaments.night_file`: a table's deals, each
with its history (scoring's scored deals, :mod:`scoring.transfer`; the race's,
:mod:`races.transfer`; Tippen's, :mod:`pots.transfer`), and the prizes. Rows refer to
each other by keys inside the file, never by the database's ids, so the night lands in any
installation: a player is matched by name (folded: "Müller" = "mueller") and club, or
created. The tables keep their links (QR codes already printed go on working) unless the
installation uses the same link already; then they get new ones. Who changed a deal is kept
when that account exists here; else the line stays, without the account.

Importing is all or nothing, inside one transaction: a file that is not such a file, is cut
short, or contradicts itself (a seat of an unknown registration, a deal number twice) is
refused with a message that says so, and nothing is saved.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments import night_file
from tournaments.forms import TournamentForm
from tournaments.models import Player, Registration, Seat, SeatSwap, Table, Tournament, new_token
from tournaments.names import player_name_key
from tournaments.night_rows import keep_times as _keep_times
from tournaments.night_rows import row as _row
from tournaments.night_rows import values as _values

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
    if not isinstance(data, dict) or data.get(MARK) not in READABLE:
        raise _not_a_night()
    return night_import(data)


def night_import(data: Mapping[str, Any]) -> Tournament:
    """Import an exported night (parsed JSON); see night_import_bytes."""
    try:
        with transaction.atomic():
            return _import(data)
    except NightFileError:
        raise
    except ValidationError as error:
        raise NightFileError(
            _("The file has a wrong value, nothing is imported: %(error)s")
            % {"error": _shortened(" ".join(error.messages))}
        ) from error
    except (KeyError, TypeError, ValueError, AttributeError, IntegrityError) as error:
        raise NightFileError(
            _(
                "The file is incomplete or contradicts itself (%(error)s); nothing is imported. "
                "Export the tournament again."
            )
            % {"error": _shortened(type(error).__name__ + (f": {error}" if str(error) else ""))}
        ) from error


def _shortened(text: str, limit: int = 200) -> str:
    """A message that quotes a whole list of deals is no help: its start is enough."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _rules_named(values: Any) -> Any:
    """A tournament of a version 1 file with the rule set it played (Prisdorf)."""
    if not isinstance(values, Mapping) or "rule_set" in values or "min_bid" not in values:
        return values
    rules = {"rule_set": "prisdorf", "rule_options": {"min_bid": values["min_bid"]}}
    return {**values, **rules, "prize_tournament": True}


def _import(data: Mapping[str, Any]) -> Tournament:
    tournament = _row(Tournament, _rules_named(data["tournament"]), TOURNAMENT_FIELDS)
    if Tournament.objects.filter(name=tournament.name, date=tournament.date).exists():
        raise NightFileError(
            _("The tournament “%(name)s” of %(date)s is here already; nothing is imported.")
            % {"name": tournament.name, "date": date_format(tournament.date)}
        )
    if Tournament.objects.filter(board_token=tournament.board_token).exists():
        tournament.board_token = new_token()
    tournament.save()
    players = {item["key"]: _player(item) for item in data["players"]}
    registrations = {}
    for item in data["registrations"]:
        registration = _row(
            Registration,
            item,
            REGISTRATION_FIELDS,
            tournament=tournament,
            player=players[item["player"]],
        )
        registration.save()
        registrations[item["key"]] = registration
    for item in data["tables"]:
        _table(tournament, item, registrations)
    swaps = []
    for item in data["swaps"]:
        first, second = registrations[item["first"]], registrations[item["second"]]
        swap = _row(SeatSwap, item, SWAP_FIELDS, tournament=tournament, first=first, second=second)
        swap.save()
        swaps.append((swap, item))
    _keep_times(SeatSwap, swaps)
    for part in night_file.night_rows():
        part.read(tournament=tournament, items=night_file.items_of(part, data))
    _keep_times(Tournament, [(tournament, data["tournament"])])
    _keep_times(
        Registration, [(registrations[item["key"]], item) for item in data["registrations"]]
    )
    return tournament


def _player(item: Mapping[str, Any]) -> Player:
    """The directory's player of the same name and club, or a new one."""
    new = _row(Player, item, PLAYER_FIELDS, name_key="-")  # the key follows from the name
    new.name = " ".join(new.name.split())
    new.name_key = player_name_key(new.name)
    found = Player.objects.filter(name_key=new.name_key, club__iexact=new.club.strip()).first()
    if found is not None:
        return found
    new.full_clean()
    new.save()
    return new


def _ended_early_checked(table: Table) -> None:
    """A table ended early has its time, deals played and reason; one that was not, none."""
    ended = table.ended_early_at is not None
    if (table.ended_early_after is not None) != ended or bool(table.ended_early_reason) != ended:
        raise ValidationError(
            _(
                "Table %(table)s: a table ended early needs the time, the deals played and the "
                "reason, a table not ended early none of them."
            )
            % {"table": table.number}
        )


def _table(tournament: Tournament, item: Mapping[str, Any], registrations: dict[Any, Any]) -> None:
    has_ended = isinstance(item, Mapping) and ENDED_FIELDS[0] in item
    fields = (*TABLE_FIELDS, *ENDED_FIELDS) if has_ended else TABLE_FIELDS
    table = _row(Table, item, fields, tournament=tournament)
    _ended_early_checked(table)
    for token in ("token", "sheet_token"):
        if Table.objects.filter(**{token: getattr(table, token)}).exists():
            setattr(table, token, new_token())  # in use here: the new link replaces it
    table.save()
    for seat in item["seats"]:
        registration = registrations[seat["registration"]]
        _row(Seat, seat, SEAT_FIELDS, table=table, registration=registration).save()
    for part in night_file.table_rows():
        part.read(table=table, players=len(item["seats"]), items=night_file.items_of(part, item))
