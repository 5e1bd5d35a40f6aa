"""What changes a Tippen table: a deal entered by the captain, a deal corrected.

Every deal is checked by the rules library against the table's whole ledger, replayed from
its stored deals under the table's lock: two phones cannot both save "the next deal".
"""

import uuid

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from pots.models import PotDeal, PotDealChange
from pots.replay import DealRefused, Ledger, Taps, replay
from tournaments.models import Table
from tournaments.rules_errors import rules_error_text
from tournaments.states import require_open_for_entry
from tournaments.tippen_rules import tippen_of


def pot_deal_record(
    *, table: Table, sequence: int, taps: Taps, submission: uuid.UUID | None = None
) -> PotDeal:
    """Save the table's next deal: per seat None (passed) or the tricks taken.

    :raises ValidationError: the table takes no deals now; ``sequence`` is not the next deal
        (another phone saved it: code ``out_of_date``); the rules refuse the deal (its code).
    """
    with transaction.atomic():
        locked = _locked(table.pk)
        require_open_for_entry(locked)
        if submission is not None:
            done = PotDeal.objects.filter(table=locked, submission=submission).first()
            if done is not None:
                return done  # the same form posted twice
        stored = _stored(locked)
        if sequence != len(stored) + 1:
            raise ValidationError(
                _("Deal %(sequence)s was entered already on another phone."),
                code="out_of_date",
                params={"sequence": sequence},
            )
        _checked(locked, [*stored, list(taps)], changed=len(stored))
        try:
            return PotDeal.objects.create(
                table=locked,
                sequence=sequence,
                taps=list(taps),
                submission=submission or uuid.uuid4(),
            )
        except IntegrityError:  # pragma: no cover (the lock orders the writers)
            raise ValidationError(_("Another phone saved this deal."), code="out_of_date") from None


def pot_deal_correct(*, deal: PotDeal, taps: Taps, user: User | None = None) -> PotDeal:
    """The captain (his last deal) or the organiser (``user``; any deal) corrects a saved
    deal; the history keeps who, when, before and after (:class:`PotDealChange`).

    :raises ValidationError: the table takes no deals now, or the rules refuse the deal.
    """
    with transaction.atomic():
        locked = _locked(deal.table_id)
        require_open_for_entry(locked)
        stored = _stored(locked)
        stored[deal.sequence - 1] = list(taps)
        _checked(locked, stored, changed=deal.sequence - 1)
        PotDealChange.objects.create(
            deal=deal,
            before_taps=deal.taps,
            after_taps=list(taps),
            user=user if user is not None and user.is_authenticated else None,
        )
        deal.taps = list(taps)
        deal.corrected_at = timezone.now()
        deal.save(update_fields=["taps", "corrected_at"])
    return deal


def _locked(table_pk: int) -> Table:
    """The table, locked until the transaction ends: its deals are written one at a time."""
    return Table.objects.select_for_update().select_related("tournament").get(pk=table_pk)


def _stored(table: Table) -> list[list[int | None]]:
    return [
        list(taps)
        for taps in PotDeal.objects.filter(table=table)
        .order_by("sequence")
        .values_list("taps", flat=True)
    ]


def _checked(table: Table, deals: list[list[int | None]], *, changed: int) -> Ledger:
    """The ledger of ``deals``, or the rules' reason against the ``changed`` one."""
    rules = tippen_of(table.tournament.rule_options, players=table.seats.count())
    try:
        return replay(rules, deals, first_dealer=table.first_dealer or 0)
    except DealRefused as refused:
        message = rules_error_text(refused.error)
        if refused.index != changed:  # pragma: no cover (a deal's check needs no other)
            message = str(_("Deal %(number)s would not hold any more: %(reason)s")) % {
                "number": refused.index + 1,
                "reason": message,
            }
        raise ValidationError(message, code=refused.error.code) from None
