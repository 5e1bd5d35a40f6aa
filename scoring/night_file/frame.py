"""The frame's rows of the night's file read back (:mod:`scoring.night_file.transfer` reads the
file and calls these in order): the tournament, its players (matched in the directory by name
and club, or new), the registrations, each table with its seats and every app's rows of it,
the seat swaps. Each checked as a form would check it; saved in short steps into the staged
tournament (:mod:`scoring.night_file.stage`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.night_file.checks import (
    ended_early_checked,
    receipts_checked,
    seats_checked,
    series_checked,
)
from scoring.night_file.stage import PLAYER_BATCH, REGISTRATION_BATCH, STEP_SECONDS, Stage, step
from tournaments import night_file
from tournaments.forms import TournamentForm
from tournaments.models import (
    Player,
    Registration,
    Seat,
    SeatSwap,
    SeriesDraw,
    Table,
    Tournament,
    new_token,
)
from tournaments.night_rows import at, keyed, listed, new_key, text_checked, token_checked
from tournaments.night_rows import keep_times as _keep_times
from tournaments.night_rows import row as _row
from tournaments.night_rows import values as _values
from tournaments.players.names import player_name_key
from tournaments.rule_choice import FIRST_RULES
from tournaments.states import TournamentState


class NightFileError(Exception):
    """The file cannot be imported; the message says why. Nothing was saved."""


#: Told how many rows of a part (players, registrations) are saved.
Told = Callable[[int], object]


#: The fields of each row in the file (ids and foreign keys are written as the file's keys).
TOURNAMENT_FIELDS = (
    # What the organiser sets (but the series: SERIES_FIELDS); then the night's own state.
    *(name for name in TournamentForm.Meta.fields if name not in ("series_count",)),
    "rule_options",
    "board_token",
    "state",
    "draw_seed",
    "drawn_at",
    "created_at",
)
PLAYER_FIELDS = ("name", "club", "contact")
REGISTRATION_FIELDS = ("walk_in", "checked_in_at", "withdrawn_at", "created_at")
#: When the fee was marked paid, and the money paid: written only where it was (a file from
#: before has none; one from before the amount was kept has no amount: the night's fee).
FEE_FIELDS = ("fee_paid_at", "fee_amount")
#: His team of four, written only where he has one (a file from before has none).
TEAM_FIELDS = ("team",)
TABLE_FIELDS = ("number", "deals", "first_dealer", "token", "sheet_token")
#: A table ended early: when, after how many deals, why. A file before version 5 has none: its
#: tables were not ended early.
ENDED_FIELDS = ("ended_early_at", "ended_early_after", "ended_early_reason")
SEAT_FIELDS = ("position", "left_after_deal")
#: A night of several series: its count of series (the tournament's), the series of a table
#: (a seat's is its table's). Written only where it is not 1, so that a night of one series
#: is the file it always was (a file before version 6 has none: one series).
SERIES_FIELDS = ("series_count",)
TABLE_SERIES = "series"
#: How a table's receipts are made (tournaments.ledger.receipts): written only where it is not 1, a
#: table of before, so that a file written before is read with the receipts it printed.
TABLE_RECEIPTS = "receipt_scheme"


def receipts_of(table: Table) -> tuple[str, ...]:
    """The table's receipt field, where the file carries it (:data:`TABLE_RECEIPTS`)."""
    return (TABLE_RECEIPTS,) if table.receipt_scheme != 1 else ()


#: The later series' draws (:class:`~tournaments.models.SeriesDraw`), at the file's top level
#: after the swaps, where the night has any; ``order`` and ``places`` name registrations by
#: the file's keys, ``user`` who drew by user name (given to no account on import).
DRAWS = "series_draws"
DRAW_FIELDS = ("number", "method", "seed", "met_again", "drawn_at")
SWAP_FIELDS = ("created_at",)


def rules_named(values: Any) -> Any:
    """A tournament of a version 1 file with the rule set it played (Prisdorf)."""
    if not isinstance(values, Mapping) or "rule_set" in values or "min_bid" not in values:
        return values
    rules = {"rule_set": FIRST_RULES, "rule_options": {"min_bid": values["min_bid"]}}
    return {
        **{k: v for k, v in values.items() if k != "min_bid"},
        **rules,
        "prize_tournament": True,
    }


def number_of(item: Any, number: int) -> Any:
    """A table's number as the file has it, where it is a plain one (else its place)."""
    found = item.get("number") if isinstance(item, Mapping) else None
    return found if type(found) is int else number


def table_place(item: Any, number: int) -> str:
    """Where a table of the file is, for a message: "Tisch 3", or "Serie 2, Tisch 3"."""
    series = item.get(TABLE_SERIES) if isinstance(item, Mapping) else None
    if type(series) is int:
        return _("series %(series)s, table %(number)s") % {
            "series": series,
            "number": number_of(item, number),
        }
    return _("table %(number)s") % {"number": number_of(item, number)}


def tournament_read(values: Any, stage: Stage) -> Tournament:
    """The night's tournament, saved staged (hidden until the import's last step)."""
    values = rules_named(values)
    several = isinstance(values, Mapping) and SERIES_FIELDS[0] in values
    tournament = _row(Tournament, values, (*TOURNAMENT_FIELDS, *(SERIES_FIELDS if several else ())))
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
    tournament.importing = True
    with step():
        tournament.save()
        stage.staged(tournament)
    return tournament


def players_read(items: Any, stage: Stage, told: Told) -> dict[int, Player]:
    """The file's players, matched in the directory or added to it, PLAYER_BATCH (or
    STEP_SECONDS' worth) a step; ``told`` the count done after each."""
    players: dict[int, Player] = {}
    items = listed(items)
    done = 0
    while done < len(items):
        added = []
        ends = time.monotonic() + STEP_SECONDS
        with step():
            for number, item in enumerate(items[done : done + PLAYER_BATCH], start=done + 1):
                with at(_("player %(number)s") % {"number": number}):
                    player, new = _player_found_or_added(item)
                    players[new_key(item, players)] = player
                    if new:
                        added.append(player.pk)
                done = number
                if time.monotonic() > ends:
                    break
            stage.players_added(added)
        told(done)
    return players


def registrations_read(
    tournament: Tournament, items: Any, players: Mapping[int, Player], told: Told
) -> dict[int, Registration]:
    """The registrations, REGISTRATION_BATCH a step, with their times as in the file;
    ``told`` the count done after each."""
    registrations: dict[int, Registration] = {}
    registered: set[int] = set()
    items = listed(items)
    for start in range(0, len(items), REGISTRATION_BATCH):
        batch = []
        for number, item in enumerate(items[start : start + REGISTRATION_BATCH], start=start + 1):
            with at(_("registration %(number)s") % {"number": number}):
                key = new_key(item, registrations)
                registration = _row(
                    Registration,
                    item,
                    (
                        *REGISTRATION_FIELDS,
                        *(
                            f
                            for f in (*FEE_FIELDS, *TEAM_FIELDS)
                            if isinstance(item, Mapping) and f in item
                        ),
                    ),
                    extra=("key", "player"),
                    tournament=tournament,
                    player=keyed(item, players, "player"),
                )
                if registration.player_id in registered:
                    raise ValidationError(_("the player is registered twice."))
                registered.add(registration.player_id)
                if registration.fee_paid_at and registration.fee_amount is None:
                    registration.fee_amount = tournament.entry_fee  # as migration 0030 fills it
                registrations[key] = registration
                batch.append((registration, item))
        with step():
            Registration.objects.bulk_create([registration for registration, _item in batch])
            _keep_times(Registration, batch)
        told(start + len(batch))
    return registrations


def swaps_read(tournament: Tournament, items: Any, registrations: Mapping[int, Any]) -> None:
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


def _player_found_or_added(item: Mapping[str, Any]) -> tuple[Player, bool]:
    """The directory's player of the same name and club, or a new one (then True)."""
    new = _row(
        Player, item, PLAYER_FIELDS, extra=("key",), name_key="-"
    )  # the key follows from the name
    new.name = " ".join(new.name.split())
    new.name_key = player_name_key(new.name)
    found = Player.objects.filter(name_key=new.name_key, club__iexact=new.club.strip()).first()
    if found is not None:
        return found, False
    new.full_clean()
    new.save()
    return new, True


def table_read(
    tournament: Tournament, item: Mapping[str, Any], registrations: dict[Any, Any]
) -> None:
    has_ended = isinstance(item, Mapping) and ENDED_FIELDS[0] in item
    fields = (*TABLE_FIELDS, *ENDED_FIELDS) if has_ended else TABLE_FIELDS
    for optional in (TABLE_SERIES, TABLE_RECEIPTS):
        if isinstance(item, Mapping) and optional in item:
            fields = (*fields, optional)
    parts = tuple(part.key for part in night_file.table_rows())
    table = _row(Table, item, fields, extra=("seats", *parts), tournament=tournament)
    if TABLE_RECEIPTS not in fields:
        table.receipt_scheme = 1
    ended_early_checked(table)
    receipts_checked(table)
    series_checked(tournament, table)
    for token in ("token", "sheet_token"):
        token_checked(getattr(table, token))
        if Table.objects.filter(**{token: getattr(table, token)}).exists():
            setattr(table, token, new_token())  # in use here: the new link replaces it
    if Table.objects.filter(
        tournament=tournament, series=table.series, number=table.number
    ).exists():
        raise ValidationError(_("the night has a table of this number twice."))
    table.save()
    seats = listed(item["seats"])
    seats_checked(tournament, table, seats)
    for number, seat in enumerate(seats, start=1):
        with at(_("seat %(number)s") % {"number": number}):
            registration = keyed(seat, registrations, "registration")
            if Seat.objects.filter(registration=registration, series=table.series).exists():
                raise ValidationError(_("the player has a seat already."))
            new = _row(
                Seat,
                seat,
                SEAT_FIELDS,
                extra=("registration",),
                table=table,
                registration=registration,
                series=table.series,
            )
            if new.left_after_deal is not None and new.left_after_deal > table.deals:
                raise ValidationError(_("the player left after a deal the table does not have."))
            new.save()
    for part in night_file.table_rows():
        part.read(table=table, players=len(seats), items=night_file.items_of(part, item))


def series_draws_export(
    tournament: Tournament, keys: Mapping[int, int]
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """The later series' draws under :data:`DRAWS`, or nothing where the night has none."""
    draws = list(SeriesDraw.objects.filter(tournament=tournament).select_related("user"))
    if draws:
        yield DRAWS, [_draw_values(drawn, keys) for drawn in draws]


def _draw_values(drawn: SeriesDraw, keys: Mapping[int, int]) -> dict[str, Any]:
    return {
        **_values(drawn, DRAW_FIELDS),
        "order": [keys[registration] for registration in drawn.order],
        "places": {str(keys[int(key)]): place for key, place in drawn.places.items()},
        "user": drawn.user.get_username() if drawn.user else None,
    }


def series_draws_read(tournament: Tournament, items: Any, registrations: Mapping[int, Any]) -> None:
    """Save the later series' draws, each of a series the night drew (2 or later), once."""
    drawn = set(Table.objects.filter(tournament=tournament).values_list("series", flat=True))
    numbers: set[int] = set()
    for index, item in enumerate(listed(items), start=1):
        with at(_("draw of a series %(number)s") % {"number": index}):
            new = _row(
                SeriesDraw,
                item,
                DRAW_FIELDS,
                extra=("order", "places", "user"),
                tournament=tournament,
                user=None,
                order=[_registration(key, registrations).pk for key in listed(item["order"])],
                places=_places_read(item["places"], registrations),
            )
            if new.number < 2 or new.number not in drawn or new.number in numbers:
                raise ValidationError(
                    _("no series %(series)s of the night was drawn so.") % {"series": new.number}
                )
            numbers.add(new.number)
            if item["user"] is not None and not isinstance(item["user"], str):
                raise TypeError(_("the name of who drew it must be text"))
            text_checked(item["user"])
            drawn_at = new.drawn_at  # as in the file: saving sets the time of now
            new.save()
            SeriesDraw.objects.filter(pk=new.pk).update(drawn_at=drawn_at)


def _places_read(places: Any, registrations: Mapping[int, Any]) -> dict[str, int]:
    """Each registration's place in the standings when it was drawn, by the file's key."""
    if not isinstance(places, Mapping):
        raise TypeError(_("the places must be an object"))
    found = {}
    for key, place in places.items():
        if not (isinstance(key, str) and key.isdecimal()) or type(place) is not int:
            raise ValidationError(_("“%(value)s” is no place.") % {"value": key})
        found[str(_registration(int(key), registrations).pk)] = place
    return found


def _registration(key: Any, registrations: Mapping[int, Any]) -> Any:
    """The registration the file's ``key`` names."""
    return keyed({"key": key}, registrations, "key")
