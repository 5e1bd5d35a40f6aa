"""A race table's deals in the night's file, registered with :mod:`tournaments.night_file`.

A race (SPEC C4) stores no scored deal but its deals as trick counts or taps
(:class:`races.models.RaceDeal`); its games, tallies and money follow from them. The file
carries each race table's deals under ``race_deals``; on import they are checked as the
captain's entries were: numbered from 1 without a gap, taps that give the counts, and an
evening the rules allow when replayed (:func:`races.replay.replay`). Each deal carries its
corrections (who, when, before, after) under ``changes``. A file made before races were
exported has no ``race_deals``: its tables had none; one made before their corrections were
kept has no ``changes``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.thedinghausen.replay import DealRefused, counts_of_taps, replay
from games.thedinghausen.rules import announced_fipsen, is_race
from tournaments import night_file
from tournaments.models import Table, Tournament
from tournaments.night_rows import CHANGES, created, history, history_read, row, values
from tournaments.rules_errors import rules_error_text

#: The key of a table's race deals in the file.
KEY = "race_deals"
RACE_DEAL_FIELDS = ("sequence", "counts", "taps", "submission", "created_at", "corrected_at")
#: Exported with every deal; a file from before the announced Fipsen lacks it (nobody announced).
ANNOUNCER = "announcer"
CHANGE_FIELDS = (
    "before_counts",
    "before_announcer",
    "after_counts",
    "after_announcer",
    "created_at",
)


def race_deals_export(
    *, tournament: Tournament, tables: Sequence[Table]
) -> dict[int, list[dict[str, Any]]]:
    """The deals of ``tables`` (a race's) as plain values, by the table's id: one query for a
    race, none for a night of deals scored by a game."""
    if not is_race(tournament):
        return {}
    deals: dict[int, list[dict[str, Any]]] = {}
    played = RaceDeal.objects.filter(table__in=tables)
    for deal in played.prefetch_related("changes__user").order_by("table", "sequence"):
        deals.setdefault(deal.table_id, []).append(
            {
                **values(deal, (*RACE_DEAL_FIELDS, ANNOUNCER)),
                CHANGES: history(deal.changes.all(), CHANGE_FIELDS),
            }
        )
    return deals


def race_deals_import(*, table: Table, players: int, items: Any) -> None:
    """Save the race deals of a table of ``players`` from the file (``items``: its list).

    :raises ValidationError: a deal number out of order, taps that do not give the counts, or
        a deal the rules refuse once the table's evening is replayed.
    :raises KeyError, TypeError: a deal is missing a field or is not an object.
    """
    if not isinstance(items, list):
        raise TypeError(f"{KEY} must be a list")
    if not items:
        return  # every table of a night scored by a game, a race table before its first deal
    deals = [
        (row(RaceDeal, item, _fields(item), extra=(CHANGES,), table=table), item) for item in items
    ]
    for index, (deal, _item) in enumerate(deals, start=1):
        if deal.sequence != index:
            raise ValidationError(
                _("Table %(table)s: race deal %(number)s is not the deal after %(before)s.")
                % {"table": table.number, "number": deal.sequence, "before": index - 1}
            )
        _check_deal(table, players, deal)
    _check_evening(table, players, [deal for deal, _item in deals])
    created(RaceDeal, deals)
    created(RaceDealChange, history_read(RaceDealChange, deals, CHANGE_FIELDS, optional=True))


def _fields(item: Any) -> tuple[str, ...]:
    has_announcer = isinstance(item, Mapping) and ANNOUNCER in item
    return (*RACE_DEAL_FIELDS, ANNOUNCER) if has_announcer else RACE_DEAL_FIELDS


def _whole_numbers(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(number, int) and not isinstance(number, bool) for number in value
    )


def _check_deal(table: Table, players: int, deal: RaceDeal) -> None:
    """A deal's counts are whole numbers (the rules check them on replay); taps stored with it
    are seats of the table and give its counts."""
    if not _whole_numbers(deal.counts):
        raise TypeError(f"the tricks of race deal {deal.sequence} must be a list of numbers")
    taps = deal.taps
    valid = _whole_numbers(taps) and all(0 <= seat < players for seat in taps)
    if not valid or (taps and counts_of_taps(players, taps) != deal.counts):
        raise ValidationError(
            _("Table %(table)s: the taps of race deal %(number)s do not give its tricks.")
            % {"table": table.number, "number": deal.sequence}
        )


def _check_evening(table: Table, players: int, deals: Sequence[RaceDeal]) -> None:
    """The table's evening replayed: a deal the rules refuse (an announcer not at the table,
    or where the night plays without the announced Fipsen, too) is named with the reason."""
    try:
        replay(
            players,
            [deal.counts for deal in deals],
            [deal.announcer for deal in deals],
            announced_fipsen=announced_fipsen(table.tournament.rule_options),
        )
    except DealRefused as refused:
        raise ValidationError(
            _("Table %(table)s, race deal %(number)s: %(reason)s")
            % {
                "table": table.number,
                "number": refused.index + 1,
                "reason": rules_error_text(refused.error),
            }
        ) from None


def register() -> None:
    """Put these deals into the night's file, under ``race_deals`` in every table (from the app's
    ``AppConfig.ready``)."""
    night_file.register(night_file.TableRows(KEY, export=race_deals_export, read=race_deals_import))
