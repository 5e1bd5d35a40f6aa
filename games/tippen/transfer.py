"""A Tippen table's deals in the night's file, registered with :mod:`tournaments.night_file`.

Tippen (SPEC C6) stores no scored deal but, per deal, who passed and the tricks of who tapped
(:class:`pots.models.PotDeal`); the pot and the chips follow from them. The file carries each
Tippen table's deals under ``pot_deals``; on import they are checked as the captain's entries
were: numbered from 1 without a gap, and a ledger the rules allow when replayed
(:func:`pots.replay.replay`). Each deal carries its corrections (who, when, before, after)
under ``changes``. A file made before Tippen was exported has no ``pot_deals``; one made before
their corrections were kept has no ``changes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.tippen.models import PotDeal, PotDealChange
from games.tippen.replay import DealRefused, replay
from games.tippen.rules import TIPPEN_RULES, tippen_of
from tournaments import night_file
from tournaments.models import Table, Tournament
from tournaments.night_rows import CHANGES, created, history, history_read, row, values
from tournaments.rules_errors import rules_error_text

#: The key of a table's Tippen deals in the file.
KEY = "pot_deals"
POT_DEAL_FIELDS = ("sequence", "taps", "submission", "created_at", "corrected_at")
CHANGE_FIELDS = ("before_taps", "after_taps", "created_at")


def pot_deals_export(
    *, tournament: Tournament, tables: Sequence[Table]
) -> dict[int, list[dict[str, Any]]]:
    """The deals of ``tables`` (Tippen's) as plain values, by the table's id: one query for a
    Tippen night, none for another."""
    if tournament.rule_set != TIPPEN_RULES:
        return {}
    deals: dict[int, list[dict[str, Any]]] = {}
    played = PotDeal.objects.filter(table__in=tables)
    for deal in played.prefetch_related("changes__user").order_by("table", "sequence"):
        deals.setdefault(deal.table_id, []).append(
            {**values(deal, POT_DEAL_FIELDS), CHANGES: history(deal.changes.all(), CHANGE_FIELDS)}
        )
    return deals


def pot_deals_import(*, table: Table, players: int, items: Any) -> None:
    """Save the Tippen deals of a table of ``players`` from the file (``items``: its list).

    :raises ValidationError: a deal number out of order, or a deal the rules refuse once the
        table's ledger is replayed.
    :raises KeyError, TypeError: a deal is missing a field, is not an object, or its taps are
        not a list of tricks and nulls.
    """
    if not isinstance(items, list):
        raise TypeError(f"{KEY} must be a list")
    if not items:
        return
    deals = [
        (row(PotDeal, item, POT_DEAL_FIELDS, extra=(CHANGES,), table=table), item) for item in items
    ]
    for index, (deal, _item) in enumerate(deals, start=1):
        if deal.sequence != index:
            raise ValidationError(
                _("Table %(table)s: Tippen deal %(number)s is not the deal after %(before)s.")
                % {"table": table.number, "number": deal.sequence, "before": index - 1}
            )
        if not _taps(deal.taps):
            raise TypeError(f"the taps of Tippen deal {deal.sequence} must be tricks or nulls")
    rules = tippen_of(table.tournament.rule_options, players=players)
    try:
        replay(rules, [deal.taps for deal, _item in deals], first_dealer=table.first_dealer or 0)
    except DealRefused as refused:
        raise ValidationError(
            _("Table %(table)s, Tippen deal %(number)s: %(reason)s")
            % {
                "table": table.number,
                "number": refused.index + 1,
                "reason": rules_error_text(refused.error),
            }
        ) from None
    created(PotDeal, deals)
    changes = history_read(PotDealChange, deals, CHANGE_FIELDS, optional=True)
    for change, _item in changes:
        if not _taps(change.before_taps) or not _taps(change.after_taps):
            raise TypeError(f"a correction of Tippen deal {change.deal.sequence} has no taps")
    created(PotDealChange, changes)


def _taps(value: Any) -> bool:
    return isinstance(value, list) and all(
        tap is None or (isinstance(tap, int) and not isinstance(tap, bool)) for tap in value
    )


def register() -> None:
    """Put these deals into the night's file, under ``pot_deals`` in every table (from the app's
    ``AppConfig.ready``)."""
    night_file.register(night_file.TableRows(KEY, export=pot_deals_export, read=pot_deals_import))
