"""Scoring's rows in the night's file, registered with :mod:`tournaments.night_file`: each
table's scored deals with their history under ``deals_played``, and the prize list under
``prizes`` at the file's top level. A file without either is refused (every file has had
them); one made before Großenaspe has no opponents' score in its deals (nobody gained there).

A deal's seats' changes (issue 27) are what the rules score its game, and the import sets
them so; the file writes them (``seat_changes``, by seat) only for a deal whose changes are not
what a Preisfipsen of before made of its score and each opponent's gain
(:func:`changes_before`), and such a file is of a version that one refuses
(``night_transfer.CHANGES_VERSION``). Every night of before exports as it did, byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils.translation import gettext as _

from scoring.models import SEAT_CHANGE_FIELDS, Deal, DealChange, Prize
from scoring.night_file.checks import DealsChecked
from scoring.standings.prize_allocation import Kind
from tournaments import night_file
from tournaments.models import MAX_SEATS, Seat, Table, Tournament
from tournaments.night_rows import (
    CHANGES,
    at,
    created,
    field,
    history,
    history_read,
    listed,
    row,
    values,
)

DEAL_FIELDS = (
    "sequence",
    "number",
    "dealer",
    "declarer",
    "game",
    "score",
    "written_value",
    "submission",
    "confirmed_by",
    "created_at",
    "updated_at",
)
#: A deal's field that a file made before it does not have.
OPTIONAL_DEAL_FIELD = "opponents_score"
#: A deal's seats' changes, in a file where they are not those of before (see above).
SEAT_CHANGES = "seat_changes"
CHANGE_FIELDS = ("action", "before", "after", "reason", "created_at")
PRIZE_FIELDS = ("place", "money", "name")
#: A line's queue (issue 21.3): a file from before has none, and its lines are places.
PRIZE_LINE_FIELDS = ("kind", "category", "label")


def deals_export(
    *, tournament: Tournament, tables: Sequence[Table]
) -> dict[int, list[dict[str, Any]]]:
    """The deals of ``tables`` with their history, by the table's id (one query and its
    prefetches)."""
    deals = Deal.objects.filter(table__in=tables).prefetch_related("changes__user")
    players = {table.pk: len(table.seats.all()) for table in tables}
    deals_of: dict[int, list[dict[str, Any]]] = {}
    for deal in deals.order_by("table", "sequence"):
        changes = deal.seat_changes[: players[deal.table_id]]
        deals_of.setdefault(deal.table_id, []).append(
            {
                **values(deal, DEAL_FIELDS),
                # Großenaspe's: files before it have none, every opponent gained nothing there.
                OPTIONAL_DEAL_FIELD: deal.opponents_score,
                **({} if _as_before(deal, len(changes)) else {SEAT_CHANGES: list(changes)}),
                CHANGES: history(deal.changes.all(), CHANGE_FIELDS),
            }
        )
    return deals_of


#: The table size at which a Preisfipsen of before sat the dealer out.
FIVE_OF_BEFORE = 5
#: What a deal's changes are compared with those of before by.
_BEFORE = ("table_id", "dealer", "declarer", "score", "opponents_score", *SEAT_CHANGE_FIELDS)


def changes_before(
    *, dealer: int, declarer: int | None, score: int, opponents_score: int, players: int
) -> tuple[int, ...]:
    """A deal's seats' changes as a Preisfipsen of before made them of its score and each
    opponent's gain (file versions up to 6; scoring's migration 0015 likewise): the declarer
    his score, every other seat each opponent's gain, but the dealer of a table of five; by
    seat position, MAX_SEATS long."""
    if declarer is None:
        return (0,) * MAX_SEATS
    out = dealer if players == FIVE_OF_BEFORE else None
    changes = (score if seat == declarer else 0 if seat == out else opponents_score
               for seat in range(players))  # fmt: skip
    return (*changes, *(0,) * (MAX_SEATS - players))


def _as_before(deal: Deal, players: int) -> bool:
    """Whether the deal's changes are those a Preisfipsen of before would make of it."""
    return deal.seat_changes == changes_before(
        dealer=deal.dealer,
        declarer=deal.declarer,
        score=deal.score,
        opponents_score=deal.opponents_score,
        players=players,
    )


def changes_written(*, tournament: Tournament) -> bool:
    """Whether a deal of the night has changes that are not those of before: its file writes
    them, and is of a version a Preisfipsen of before refuses (two queries, plain rows)."""
    seats = Seat.objects.filter(table__tournament=tournament).values("table")
    players = dict(seats.annotate(count=Count("pk")).values_list("table", "count"))
    deals = Deal.objects.filter(table__tournament=tournament).values_list(*_BEFORE)
    return any(
        (*changes,)
        != changes_before(
            dealer=dealer,
            declarer=declarer,
            score=score,
            opponents_score=opponents,
            players=players.get(table, 0),
        )
        for table, dealer, declarer, score, opponents, *changes in deals
    )


def _require_changes_as_scored(deal: Deal, item: Mapping[str, Any], players: int) -> None:
    """:raises ValidationError: the file's changes of the deal are not its game's."""
    if SEAT_CHANGES in item and item[SEAT_CHANGES] != list(deal.seat_changes[:players]):
        raise ValidationError(
            _("its seats' changes %(changes)s are not what its game scores by these rules.")
            % {"changes": item[SEAT_CHANGES]}
        )


def _deal_fields(item: Any) -> tuple[str, ...]:
    """The deal fields of a file's deal: with each opponent's gain where it has one."""
    has = isinstance(item, Mapping) and OPTIONAL_DEAL_FIELD in item
    return DEAL_FIELDS + ((OPTIONAL_DEAL_FIELD,) if has else ())


def deals_import(*, table: Table, players: int, items: Any) -> None:
    """Save a table's deals with their history from the file (``items``: its list). When a
    deal was last corrected is not in the file (it was not kept before the ledger): it is the
    time of its last correction in the history, as the ledger's migration set it.

    :raises ValidationError, KeyError, TypeError: a deal or a change is missing a field or
        has a wrong one.
    """
    # In bulk: a night has some 1,700 deals, each with its history.
    deals = []
    checked = DealsChecked(table)
    for number, deal_item in enumerate(listed(items), start=1):
        with at(_("deal %(number)s") % {"number": number}):
            extra = (CHANGES, SEAT_CHANGES)
            deal = row(Deal, deal_item, _deal_fields(deal_item), extra=extra, table=table)
            checked.check(deal, number)  # sets its changes as the rules score its game
            _require_changes_as_scored(deal, deal_item, players)
            deal.corrected_at = _last_corrected(deal_item)
            deals.append((deal, deal_item))
    created(Deal, deals)
    created(DealChange, history_read(DealChange, deals, CHANGE_FIELDS))


def _last_corrected(item: Mapping[str, Any]) -> datetime | None:
    """The time of a file's deal's last correction (its history is in order of time); a
    change that is not one is refused when the history is read."""
    times = [
        change["created_at"]
        for change in listed(item[CHANGES])
        if isinstance(change, Mapping) and change.get("action") == DealChange.Action.CORRECTED
    ]
    return field(Deal, "corrected_at").to_python(times[-1]) if times else None


def prizes_export(*, tournament: Tournament) -> list[dict[str, Any]]:
    return [
        _prize_values(prize)
        for prize in Prize.objects.filter(tournament=tournament).order_by("place", "pk")
    ]


def _prize_values(prize: Prize) -> dict[str, Any]:
    """A prize line's values; a line by place writes none of the newer keys, as a file from
    before them has it (such a file exports again byte for byte)."""
    if prize.kind == Kind.PLACE and not prize.category and not prize.label:
        return values(prize, PRIZE_FIELDS)
    return values(prize, PRIZE_FIELDS + PRIZE_LINE_FIELDS)


def prizes_import(*, tournament: Tournament, items: Any) -> None:
    for number, item in enumerate(listed(items), start=1):
        with at(_("prize %(number)s") % {"number": number}):
            given = [n for n in PRIZE_LINE_FIELDS if isinstance(item, Mapping) and n in item]
            row(Prize, item, (*PRIZE_FIELDS, *given), tournament=tournament).save()


def register() -> None:
    """Put the deals and the prizes into the night's file (from the app's ``AppConfig.ready``)."""
    night_file.register(
        night_file.TableRows("deals_played", deals_export, deals_import, required=True),
        night_file.NightRows("prizes", prizes_export, prizes_import, required=True),
    )
