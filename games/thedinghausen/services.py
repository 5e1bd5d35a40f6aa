"""What changes a race table: a deal entered by the captain, a deal corrected by the organiser.

Every deal is checked by the rules library against the table's whole evening, replayed from
its stored deals under the table's lock: two phones cannot both save "the next deal".
"""

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from fipsen_rules import FipsenError
from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.thedinghausen.replay import DealRefused, Evening, counts_of_taps, replay
from games.thedinghausen.rules import announced_fipsen
from tournaments.ledger.entries import LedgerKind
from tournaments.models import Seat, Table
from tournaments.rules_errors import rules_error_text
from tournaments.states import require_open_for_entry


@dataclass(frozen=True)
class PostedRaceDeal:
    """A race deal as the captain's form sends it: the deal it was made for, its id, and
    the trick counts or the winner of each trick (``taps``), and who announced Fipsen."""

    sequence: int
    submission: uuid.UUID = field(default_factory=uuid.uuid4)
    counts: Sequence[int] | None = None
    taps: Sequence[int] = ()
    announcer: int | None = None


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
    and the seat that announced Fipsen in it, if any. The same ``submission`` sent again
    returns the deal saved the first time.

    :raises ValidationError: the table takes no deals now; ``sequence`` is not the next deal
        (another phone saved it: code ``out_of_date``); the rules refuse the deal (its code).
    """
    return race_deal_enter(
        table=table, sequence=sequence, counts=counts, taps=taps, announcer=announcer,
        submission=submission,
    )[0]  # fmt: skip


def race_deal_enter(
    *,
    table: Table,
    sequence: int,
    counts: Sequence[int] | None = None,
    taps: Sequence[int] = (),
    announcer: int | None = None,
    submission: uuid.UUID | None = None,
) -> tuple[RaceDeal, bool]:
    """:func:`race_deal_record`, and whether this call saved the deal (False: the same
    ``submission`` was saved before, and nothing is stored twice): the phone's queue is told
    which (:mod:`tournaments.ledger.entry_answer`).

    :raises ValidationError: as :func:`race_deal_record`.
    """
    posted = PostedRaceDeal(sequence, submission or uuid.uuid4(), counts, taps, announcer)
    made: list[RaceDeal] = []
    deal = _RaceLedger(made).enter(table_id=table.pk, posted=posted)
    return deal, bool(made)


def race_deal_correct(
    *,
    deal: RaceDeal,
    counts: Sequence[int],
    announcer: int | None = None,
    user: AbstractBaseUser | AnonymousUser | None = None,
) -> RaceDeal:
    """The organiser (``user``) corrects a saved deal's trick counts and its announcer (its
    taps are dropped); the history keeps who, when, before and after. ``deal`` is read again
    under the table's lock: its "before" is what the last correction left.

    :raises ValidationError: the table takes no deals now, or the evening with the corrected
        deal is one the rules refuse (this deal or a later one; its code).
    """
    return _RACE.correct(
        table_id=deal.table_id, pk=deal.pk, change=_recount(counts, announcer), user=user
    )


def race_deal_correct_last(
    *, table: Table, sequence: int, counts: Sequence[int], announcer: int | None = None
) -> RaceDeal:
    """The captain's phone corrects the table's last deal, which must still be deal
    ``sequence`` (the one his page showed as the last) once the table is locked.

    :raises ValidationError: another deal was saved since (code ``out_of_date``); as
        :func:`race_deal_correct`.
    """
    return _RACE.correct(
        table_id=table.pk, last=sequence, change=_recount(counts, announcer), user=None
    )


class _RaceLedger(LedgerKind[RaceDeal, "_Stored", PostedRaceDeal]):
    """The race's deals in the table's ledger: checked by replaying the whole evening."""

    model = RaceDeal
    change_model = RaceDealChange

    def __init__(self, made: list[RaceDeal] | None = None) -> None:
        #: Gets the deal :meth:`create` saves (none when the same form came again).
        self.made = made if made is not None else []

    def read(self, table: Table, seats: list[Seat]) -> "_Stored":
        return _Stored.of(table, seats)

    def next_sequence(self, state: "_Stored") -> int:
        return len(state.counts) + 1

    def create(
        self, table: Table, seats: list[Seat], state: "_Stored", posted: PostedRaceDeal
    ) -> RaceDeal:
        taps = list(posted.taps)
        counts = posted.counts
        if taps:
            _check_taps(state, taps, posted.announcer)
            counts = counts_of_taps(state.players, taps)
        counts = list(counts or ())
        state.with_deal(len(state.counts), counts, posted.announcer).checked()
        deal = RaceDeal.objects.create(
            table=table,
            sequence=posted.sequence,
            counts=counts,
            taps=taps,
            announcer=posted.announcer,
            submission=posted.submission,
        )
        self.made.append(deal)
        return deal

    def snapshot(self, entry: RaceDeal, seats: list[Seat]) -> Mapping[str, object]:
        return {"counts": list(entry.counts), "announcer": entry.announcer}

    def refuse_not_last(self) -> ValidationError:
        return ValidationError(
            _("Another phone has entered a deal since: correct it on the fresh page."),
            code="out_of_date",
        )


_RACE = _RaceLedger()


def _recount(counts: Sequence[int], announcer: int | None) -> "_Change":
    """The correction of a deal to ``counts`` and ``announcer``, checked against the table's
    whole evening (the deals after it too)."""

    def change(table: Table, seats: list[Seat], deal: RaceDeal) -> None:
        require_open_for_entry(table)
        stored = _Stored.of(table, seats)
        stored.with_deal(deal.sequence - 1, list(counts), announcer).checked()
        deal.counts = list(counts)
        deal.announcer = announcer
        deal.taps = []

    return change


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
    def of(cls, table: Table, seats: list[Seat]) -> "_Stored":
        rows = RaceDeal.objects.filter(table=table).order_by("sequence")
        deals = list(rows.values_list("counts", "announcer"))
        return cls(
            len(seats),
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


_Change = Callable[[Table, list[Seat], RaceDeal], None]


def _check_taps(stored: _Stored, taps: list[int], announcer: int | None) -> None:
    """Taps after a tenth trick, or of a seat not at the table, are refused as such."""
    try:
        stored.evening().current.play_tricks(taps, announcer)
    except FipsenError as error:
        raise ValidationError(rules_error_text(error), code=error.code) from None
