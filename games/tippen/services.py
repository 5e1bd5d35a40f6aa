"""What changes a Tippen table: a deal entered by the captain, a deal corrected.

Every deal is checked by the rules library against the table's whole ledger, replayed from
its stored deals under the table's lock (:mod:`tournaments.ledger.entries`): two phones cannot both
save "the next deal", nor correct one from what it was before the other's correction.
"""

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.tippen.models import PotDeal, PotDealChange
from games.tippen.replay import DealRefused, Ledger, Taps, replay
from games.tippen.rules import tippen_of
from tournaments.ledger.entries import LedgerKind
from tournaments.models import Seat, Table
from tournaments.rules_errors import rules_error_text
from tournaments.states import require_open_for_entry

_Deals = list[list[int | None]]


@dataclass(frozen=True)
class PostedPotDeal:
    """A Tippen deal as the captain's form sends it: the deal it was made for, its id, and
    per seat None (passed) or the tricks taken."""

    sequence: int
    taps: Taps
    submission: uuid.UUID = field(default_factory=uuid.uuid4)


def pot_deal_record(
    *, table: Table, sequence: int, taps: Taps, submission: uuid.UUID | None = None
) -> PotDeal:
    """Save the table's next deal: per seat None (passed) or the tricks taken. The same
    ``submission`` sent again returns the deal saved the first time.

    :raises ValidationError: the table takes no deals now; ``sequence`` is not the next deal
        (another phone saved it: code ``out_of_date``); the rules refuse the deal (its code).
    """
    return pot_deal_enter(table=table, sequence=sequence, taps=taps, submission=submission)[0]


def pot_deal_enter(
    *, table: Table, sequence: int, taps: Taps, submission: uuid.UUID | None = None
) -> tuple[PotDeal, bool]:
    """:func:`pot_deal_record`, and whether this call saved the deal (False: the same
    ``submission`` was saved before, and nothing is stored twice): the phone's queue is told
    which (:mod:`tournaments.ledger.entry_answer`).

    :raises ValidationError: as :func:`pot_deal_record`.
    """
    posted = PostedPotDeal(sequence, taps, submission or uuid.uuid4())
    made: list[PotDeal] = []
    deal = _PotLedger(made).enter(table_id=table.pk, posted=posted)
    return deal, bool(made)


def pot_deal_correct(
    *, deal: PotDeal, taps: Taps, user: AbstractBaseUser | AnonymousUser | None = None
) -> PotDeal:
    """The organiser (``user``) corrects any saved deal; the history keeps who, when, before
    and after (:class:`PotDealChange`). ``deal`` is read again under the table's lock: its
    "before" is what the last correction left.

    :raises ValidationError: the table takes no deals now, or the rules refuse the deal.
    """
    return _POTS.correct(table_id=deal.table_id, pk=deal.pk, change=_retap(taps), user=user)


def pot_deal_correct_last(*, table: Table, sequence: int, taps: Taps) -> PotDeal:
    """The captain corrects the table's last deal, which must still be deal ``sequence``
    (the one his page showed as the last) once the table is locked.

    :raises ValidationError: another deal was saved since (code ``not_last``); as
        :func:`pot_deal_correct`.
    """
    return _POTS.correct(table_id=table.pk, last=sequence, change=_retap(taps))


class _PotLedger(LedgerKind[PotDeal, _Deals, PostedPotDeal]):
    """Tippen's deals in the table's ledger: checked by replaying the table's chips."""

    model = PotDeal
    change_model = PotDealChange

    def __init__(self, made: list[PotDeal] | None = None) -> None:
        #: Gets the deal :meth:`create` saves (none when the same form came again).
        self.made = made if made is not None else []

    def read(self, table: Table, seats: list[Seat]) -> _Deals:
        return _stored(table)

    def next_sequence(self, state: _Deals) -> int:
        return len(state) + 1

    def create(
        self, table: Table, seats: list[Seat], state: _Deals, posted: PostedPotDeal
    ) -> PotDeal:
        _checked(table, len(seats), [*state, list(posted.taps)], changed=len(state))
        deal = PotDeal.objects.create(
            table=table,
            sequence=posted.sequence,
            taps=list(posted.taps),
            submission=posted.submission,
        )
        self.made.append(deal)
        return deal

    def snapshot(self, entry: PotDeal, seats: list[Seat]) -> Mapping[str, object]:
        return {"taps": list(entry.taps)}

    def refuse_not_last(self) -> ValidationError:
        return ValidationError(_("Only the last deal can be corrected here."), code="not_last")


_POTS = _PotLedger()


def _retap(taps: Taps) -> Callable[[Table, list[Seat], PotDeal], None]:
    """The correction of a deal to ``taps``, checked against the table's whole ledger."""

    def change(table: Table, seats: list[Seat], deal: PotDeal) -> None:
        require_open_for_entry(table)
        stored = _stored(table)
        stored[deal.sequence - 1] = list(taps)
        _checked(table, len(seats), stored, changed=deal.sequence - 1)
        deal.taps = list(taps)

    return change


def _stored(table: Table) -> _Deals:
    return [
        list(taps)
        for taps in PotDeal.objects.filter(table=table)
        .order_by("sequence")
        .values_list("taps", flat=True)
    ]


def _checked(table: Table, players: int, deals: _Deals, *, changed: int) -> Ledger:
    """The ledger of ``deals``, or the rules' reason against the ``changed`` one."""
    rules = tippen_of(table.tournament.rule_options, players=players)
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
