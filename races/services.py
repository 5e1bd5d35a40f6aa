"""What changes a race table: a deal entered by the captain, a deal corrected by the organiser.

Every deal is checked by the rules library against the table's whole evening, replayed from
its stored deals under the table's lock: two phones cannot both save "the next deal".
"""

import uuid
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from fipsen_rules import FipsenError
from races.models import RaceDeal
from races.replay import DealRefused, Evening, counts_of_taps, replay
from tournaments.models import Table
from tournaments.rules_errors import rules_error_text
from tournaments.states import require_open_for_entry


def race_deal_record(
    *,
    table: Table,
    sequence: int,
    counts: Sequence[int] | None = None,
    taps: Sequence[int] = (),
    submission: uuid.UUID | None = None,
) -> RaceDeal:
    """Save the table's next deal: its trick counts, or the winner of each trick (``taps``).

    :raises ValidationError: the table takes no deals now; ``sequence`` is not the next deal
        (another phone saved it: code ``out_of_date``); the rules refuse the deal (its code).
    """
    with transaction.atomic():
        locked = _locked(table.pk)
        require_open_for_entry(locked)
        if submission is not None:
            done = RaceDeal.objects.filter(table=locked, submission=submission).first()
            if done is not None:
                return done  # the same form posted twice
        stored = _stored_counts(locked)
        if sequence != len(stored) + 1:
            raise ValidationError(
                _("Deal %(sequence)s was entered already on another phone."),
                code="out_of_date",
                params={"sequence": sequence},
            )
        players = locked.seats.count()
        taps = list(taps)
        if taps:
            _check_taps(players, stored, taps)
            counts = counts_of_taps(players, taps)
        counts = list(counts or ())
        _checked(players, [*stored, counts], changed=len(stored))
        try:
            return RaceDeal.objects.create(
                table=locked,
                sequence=sequence,
                counts=counts,
                taps=taps,
                submission=submission or uuid.uuid4(),
            )
        except IntegrityError:  # pragma: no cover (the lock orders the writers)
            raise ValidationError(_("Another phone saved this deal."), code="out_of_date") from None


def race_deal_correct(*, deal: RaceDeal, counts: Sequence[int]) -> RaceDeal:
    """The organiser corrects a saved deal's trick counts (its taps are dropped).

    :raises ValidationError: the table takes no deals now, or the evening with the corrected
        deal is one the rules refuse (this deal or a later one; its code).
    """
    with transaction.atomic():
        locked = _locked(deal.table_id)
        require_open_for_entry(locked)
        stored = _stored_counts(locked)
        stored[deal.sequence - 1] = list(counts)
        _checked(locked.seats.count(), stored, changed=deal.sequence - 1)
        deal.counts = list(counts)
        deal.taps = []
        deal.corrected_at = timezone.now()
        deal.save(update_fields=["counts", "taps", "corrected_at"])
    return deal


def _locked(table_pk: int) -> Table:
    """The table, locked until the transaction ends: its deals are written one at a time."""
    return Table.objects.select_for_update().select_related("tournament").get(pk=table_pk)


def _stored_counts(table: Table) -> list[list[int]]:
    return [
        list(counts)
        for counts in RaceDeal.objects.filter(table=table)
        .order_by("sequence")
        .values_list("counts", flat=True)
    ]


def _check_taps(players: int, stored: list[list[int]], taps: list[int]) -> None:
    """Taps after a tenth trick, or of a seat not at the table, are refused as such."""
    try:
        replay(players, stored).current.play_tricks(taps)
    except FipsenError as error:
        raise ValidationError(rules_error_text(error), code=error.code) from None


def _checked(players: int, deals: list[list[int]], *, changed: int) -> Evening:
    """The evening of ``deals``, or the rules' reason against it as a ValidationError; a
    later deal than the ``changed`` one that no longer holds is named."""
    try:
        return replay(players, deals)
    except DealRefused as refused:
        message = rules_error_text(refused.error)
        if refused.index != changed:
            message = str(_("Deal %(number)s would not hold any more: %(reason)s")) % {
                "number": refused.index + 1,
                "reason": message,
            }
        raise ValidationError(message, code=refused.error.code) from None
