"""What changes a race table: a deal entered by the captain, a deal corrected by the organiser.

Every deal is checked by the rules library against the table's whole evening, replayed from
its stored deals under the table's lock: two phones cannot both save "the next deal".
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from fipsen_rules import FipsenError
from races.models import RaceDeal, RaceDealChange
from races.replay import DealRefused, Evening, counts_of_taps, replay
from tournaments.models import Table
from tournaments.race_rules import announced_fipsen
from tournaments.rules_errors import rules_error_text
from tournaments.states import require_open_for_entry


def race_deal_record(
    *,
    table: Table,
    sequence: int,
    counts: Sequence[int] | None = None,
    taps: Sequence[int] = (),
    announcer: int | None = None,
    submission: uuid.UUID | None = None,
) -> RaceDeal:
    """Save the table's next deal: its trick counts, or the winner of each trick (``taps``),
    and the seat that announced Fipsen in it, if any.

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
        stored = _Stored.of(locked)
        if sequence != len(stored.counts) + 1:
            raise ValidationError(
                _("Deal %(sequence)s was entered already on another phone."),
                code="out_of_date",
                params={"sequence": sequence},
            )
        taps = list(taps)
        if taps:
            _check_taps(stored, taps, announcer)
            counts = counts_of_taps(stored.players, taps)
        counts = list(counts or ())
        stored.with_deal(len(stored.counts), counts, announcer).checked()
        try:
            return RaceDeal.objects.create(
                table=locked,
                sequence=sequence,
                counts=counts,
                taps=taps,
                announcer=announcer,
                submission=submission or uuid.uuid4(),
            )
        except IntegrityError:  # pragma: no cover (the lock orders the writers)
            raise ValidationError(_("Another phone saved this deal."), code="out_of_date") from None


def race_deal_correct(
    *,
    deal: RaceDeal,
    counts: Sequence[int],
    announcer: int | None = None,
    user: User | None = None,
) -> RaceDeal:
    """The organiser (``user``), or the captain's phone, corrects a saved deal's trick counts
    and its announcer (its taps are dropped); the history keeps who, when, before and after.

    :raises ValidationError: the table takes no deals now, or the evening with the corrected
        deal is one the rules refuse (this deal or a later one; its code).
    """
    with transaction.atomic():
        locked = _locked(deal.table_id)
        require_open_for_entry(locked)
        _Stored.of(locked).with_deal(deal.sequence - 1, list(counts), announcer).checked()
        RaceDealChange.objects.create(
            deal=deal,
            before_counts=deal.counts,
            before_announcer=deal.announcer,
            after_counts=list(counts),
            after_announcer=announcer,
            user=user if user is not None and user.is_authenticated else None,
        )
        deal.counts = list(counts)
        deal.announcer = announcer
        deal.taps = []
        deal.corrected_at = timezone.now()
        deal.save(update_fields=["counts", "announcer", "taps", "corrected_at"])
    return deal


def _locked(table_pk: int) -> Table:
    """The table, locked until the transaction ends: its deals are written one at a time."""
    return Table.objects.select_for_update().select_related("tournament").get(pk=table_pk)


@dataclass(frozen=True)
class _Stored:
    """A table's stored deals (trick counts and announcers) and what the rules need to
    replay them; ``changed`` is the deal being entered or corrected."""

    players: int
    counts: list[list[int]]
    announcers: list[int | None]
    announced_fipsen: bool
    changed: int = -1

    @classmethod
    def of(cls, table: Table) -> "_Stored":
        rows = RaceDeal.objects.filter(table=table).order_by("sequence")
        deals = list(rows.values_list("counts", "announcer"))
        return cls(
            table.seats.count(),
            [list(counts) for counts, _ in deals],
            [announcer for _, announcer in deals],
            announced_fipsen(table.tournament.rule_options),
        )

    def with_deal(self, index: int, counts: list[int], announcer: int | None) -> "_Stored":
        """These deals with deal ``index`` (0-based; one past the last: a new deal) set."""
        return replace(
            self,
            counts=[*self.counts[:index], counts, *self.counts[index + 1 :]],
            announcers=[*self.announcers[:index], announcer, *self.announcers[index + 1 :]],
            changed=index,
        )

    def evening(self) -> Evening:
        """:raises DealRefused: as :func:`races.replay.replay`."""
        return replay(
            self.players, self.counts, self.announcers, announced_fipsen=self.announced_fipsen
        )

    def checked(self) -> Evening:
        """The evening, or the rules' reason against it as a ValidationError; a later deal
        than the changed one that no longer holds is named."""
        try:
            return self.evening()
        except DealRefused as refused:
            message = rules_error_text(refused.error)
            if refused.index != self.changed:
                message = str(_("Deal %(number)s would not hold any more: %(reason)s")) % {
                    "number": refused.index + 1,
                    "reason": message,
                }
            raise ValidationError(message, code=refused.error.code) from None


def _check_taps(stored: _Stored, taps: list[int], announcer: int | None) -> None:
    """Taps after a tenth trick, or of a seat not at the table, are refused as such."""
    try:
        stored.evening().current.play_tricks(taps, announcer)
    except FipsenError as error:
        raise ValidationError(rules_error_text(error), code=error.code) from None
