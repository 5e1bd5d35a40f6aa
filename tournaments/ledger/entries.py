"""One ledger for every kind of entry at a table: a scored deal, a race deal, a Tippen deal.

An entry is a table's row number ``sequence`` (from 1), saved once per form (its
``submission`` id), and corrected later with a line of history each time. What is written
once here, for every kind:

- **the table's lock**: every entry and every correction at a table takes the table's row
  (:func:`tournaments.draw.tables.table_with_seats_locked`) first, so they queue up;
- **the repeated submission**: a form sent again (a dropped connection) answers with the
  entry it saved the first time; another phone's entry for the same number is refused, and
  named;
- **the sequence check**: a form made for an entry the table has not reached is refused;
- **corrections under the lock**: which entry is "the last", and what it was before, are read
  with the table locked, so a history's "before" is always the previous "after";
- **the news**: once an entry or a correction is committed, :data:`entries_changed` says so
  (the board computed for every page and process is made afresh: scoring/standings/board_cache.py);
- **the running totals**: after each entry and correction, under the lock, in the same
  transaction, the table's figures (:class:`~tournaments.ledger.totals.TableTotal`, a
  :class:`~tournaments.ledger.totals.SeatTotal` a seat) are made afresh from its entries by the
  function its app registered (:func:`register_totals`): the pages read a row per player.

A kind of entry (its model, what it reads of the table, how it is checked and saved) is a
:class:`LedgerKind`; its rows are :class:`LedgerEntry` and :class:`LedgerChange`.
"""

import uuid
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from django import forms
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from sitewide.compiled import upsert
from sitewide.registry import Registry
from tournaments.draw.tables import seats_of, table_with_seats_locked
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Seat, Table, Tournament
from tournaments.states import require_open_for_entry

#: Sent once an entry or a correction of a table's entries is committed, with the keyword
#: ``tournament_id`` (the sender: the entry's model). Never for a write rolled back.
entries_changed = Signal()


def _announce(table: Table, model: type[models.Model]) -> None:
    """:data:`entries_changed` for ``table``'s tournament, when the transaction commits."""
    send = partial(entries_changed.send, sender=model, tournament_id=table.tournament_id)
    transaction.on_commit(send)


class LedgerEntry(models.Model):
    """An entry of a table's ledger. A kind names its table's reverse accessor by declaring
    ``table`` again with its own ``related_name``."""

    #: PROTECT: a table with entries (so its tournament too) is history and is not deleted.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    sequence = models.PositiveIntegerField(_("entry"))
    #: The form's id: the same form posted twice (a dropped connection) is saved once.
    submission = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Set when the captain or the organiser last corrected the entry.
    corrected_at = models.DateTimeField(_("corrected at"), null=True, blank=True)

    #: A kind's fields that change after the entry was saved without changing the deal (a
    #: second player's confirmation, say): left out of its receipt (tournaments.ledger.receipts).
    RECEIPT_SKIPS: ClassVar[tuple[str, ...]] = ()
    #: The field that numbers the entry as the table's pages show it.
    RECEIPT_NUMBER: ClassVar[str] = "sequence"

    class Meta:
        abstract = True
        ordering = ["table", "sequence"]


#: What the ledger keeps of every entry besides the deal: not part of a receipt.
BOOKKEEPING = ("id", "table_id", "submission", "created_at", "corrected_at")


def entry_models() -> list[type[LedgerEntry]]:
    """Every kind of entry the installed apps keep (scoring's deals, the race's, Tippen's)."""
    return [model for model in apps.get_models() if issubclass(model, LedgerEntry)]


def receipt_fields(model: type[LedgerEntry]) -> tuple[list[str], str]:
    """The columns of ``model`` that its receipt stands for (the entry's number and the deal
    as entered), and the one that numbers it on the table's pages."""
    skipped = (*BOOKKEEPING, *model.RECEIPT_SKIPS)
    fields = [f.attname for f in model._meta.concrete_fields if f.attname not in skipped]
    return fields, model.RECEIPT_NUMBER


class LedgerChange(models.Model):
    """A line of an entry's history: who (the organiser's account, or none for the captain's
    phone) and when. A kind declares ``deal`` (its entry, ``related_name="changes"``) and its
    own "before" and "after" fields."""

    #: PROTECT: the account that changed a deal stays (deactivate it instead of deleting it).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["deal", "pk"]


class Posted(Protocol):
    """What every posted entry carries: the entry the form was made for, and its id."""

    @property
    def sequence(self) -> int: ...

    @property
    def submission(self) -> uuid.UUID: ...


EntryT = TypeVar("EntryT", bound=LedgerEntry)
#: What a kind reads of its table under the lock, once per entry (its stored entries, say).
StateT = TypeVar("StateT")
PostedT = TypeVar("PostedT", bound=Posted)


def account(user: AbstractBaseUser | AnonymousUser | None) -> Any:
    """The account a history line names: the organiser's, or none for a captain's phone."""
    return user if user is not None and user.is_authenticated else None


class LedgerKind(Generic[EntryT, StateT, PostedT]):
    """One kind of entry and the steps that differ from kind to kind; :meth:`record` and
    :meth:`correct` are the protocol, the same for all."""

    #: The entry's model and its history's.
    model: type[EntryT]
    change_model: type[LedgerChange]

    # The steps of an entry (under the table's lock).

    def read(self, table: Table, seats: list[Seat]) -> StateT:
        """What the kind needs of the table to check an entry: read once, under the lock."""
        raise NotImplementedError

    def next_sequence(self, state: StateT) -> int:
        """The number of the table's next entry."""
        raise NotImplementedError

    def entered(self, table: Table, state: StateT, sequence: int) -> EntryT | None:
        """The entry saved as ``sequence``, if any."""
        return self.model._default_manager.filter(table=table, sequence=sequence).first()

    def refuse_entered(self, entry: EntryT, seats: list[Seat]) -> ValidationError:
        """Another phone saved ``entry`` for the number this form was made for."""
        return self.refuse_stale(entry.table, entry.sequence)

    def refuse_stale(self, table: Table, sequence: int) -> ValidationError:
        """The form was made for a number that is not the table's (none it has, nor its next),
        or (:meth:`refuse_entered`) for one another phone saved first."""
        return ValidationError(
            _("Deal %(sequence)s was entered already on another phone."),
            code="out_of_date",
            params={"sequence": sequence},
        )

    def require_open(self, table: Table) -> None:
        """:raises ValidationError: the table takes no entries now."""
        require_open_for_entry(table)

    def create(self, table: Table, seats: list[Seat], state: StateT, posted: PostedT) -> EntryT:
        """Check the posted entry (the rules, the table's state) and save it as the next."""
        raise NotImplementedError

    # The steps of a correction (under the table's lock).

    def snapshot(self, entry: EntryT, seats: list[Seat]) -> Mapping[str, object]:
        """The entry's values its history keeps as "before" and "after" (``counts``, say: the
        history's fields are ``before_counts`` and ``after_counts``)."""
        raise NotImplementedError

    def refuse_not_last(self) -> ValidationError:
        """The captain's correction of "the last entry" came after another entry."""
        raise NotImplementedError

    def log(
        self,
        entry: EntryT,
        *,
        before: Mapping[str, object],
        after: Mapping[str, object],
        user: Any,
    ) -> None:
        """Write the correction's line of history; ``user`` is the account or None
        (:func:`account`)."""
        values: dict[str, Any] = {
            "deal": entry,
            "user": user,
            **{f"before_{name}": value for name, value in before.items()},
            **{f"after_{name}": value for name, value in after.items()},
        }
        self.change_model._default_manager.create(**values)

    # The protocol.

    def record(
        self,
        *,
        table_id: int | None = None,
        token: str | None = None,
        posted: Callable[[Table, list[Seat]], PostedT | None],
    ) -> EntryT | None:
        """Save the table's next entry, found by ``table_id`` or by the captain's link
        ``token``. ``posted`` makes the entry of the form from the locked table and its seats
        (None: the form is not valid, and nothing is saved).

        :raises Table.DoesNotExist: no such table, or a link that opens none.
        :raises ValidationError: another phone's entry came first (:meth:`refuse_entered`), the
            form is for no entry of the table (:meth:`refuse_stale`), the table takes none
            (:meth:`require_open`), or :meth:`create` refuses it.
        """
        table: Table | None = None
        entry: PostedT | None = None
        try:
            with transaction.atomic():
                # One entry at a time per table: a second phone waits here, then sees the first.
                table, seats = table_with_seats_locked(table_id=table_id, token=token)
                entry = posted(table, seats)
                if entry is None:
                    return None
                state = self.read(table, seats)
                upcoming = self.next_sequence(state)
                if entry.sequence < upcoming:
                    return self._sent_again(table, seats, state, entry)
                self.require_open(table)
                _announce(table, self.model)  # at the commit; never if refused and rolled back
                if entry.sequence > upcoming:
                    raise self.refuse_stale(table, entry.sequence)
                created = self.create(table, seats, state, entry)
                totals_write(table, seats, self.model)
                return created
        except IntegrityError:
            if table is None or entry is None:  # only create() writes, and only with an entry
                raise
            return self._raced(table, entry)

    def enter(self, *, table_id: int, posted: PostedT) -> EntryT:
        """:meth:`record` of an entry known before the table is locked (a service's caller)."""
        return cast("EntryT", self.record(table_id=table_id, posted=lambda _t, _s: posted))

    def _sent_again(
        self, table: Table, seats: list[Seat], state: StateT, posted: PostedT
    ) -> EntryT:
        """A form for an entry already made: the entry it saved the first time (a dropped
        connection), else what another phone entered is refused."""
        entered = self.entered(table, state, posted.sequence)
        if entered is None:  # a number the table never had (0, say)
            raise self.refuse_stale(table, posted.sequence)
        if entered.submission == posted.submission:
            return entered
        raise self.refuse_entered(entered, seats)

    def _raced(self, table: Table, posted: PostedT) -> EntryT:
        """Both phones passed the checks at once (SQLite has no row locks): one entry won.
        The same submission's entry, else what the other phone entered is refused."""
        saved = self.model._default_manager.filter(
            submission=posted.submission, table=table
        ).first()
        if saved is not None:
            return saved
        entered = self.model._default_manager.filter(table=table, sequence=posted.sequence).first()
        if entered is None:  # the submission id belongs to another table's entry
            raise self.refuse_stale(table, posted.sequence) from None
        raise self.refuse_entered(entered, seats_of(table=table)) from None

    def correct(
        self,
        *,
        table_id: int | None = None,
        token: str | None = None,
        pk: int | None = None,
        last: int | None = None,
        change: Callable[[Table, list[Seat], EntryT], None],
        user: Any = None,
    ) -> EntryT:
        """Correct an entry of the table: the one with id ``pk`` (the organiser's page), or
        the table's last, which must be entry ``last`` (the captain's page: the one he saw as
        the last). Under the table's lock: which entry is the last, its values before, the
        change (``change`` checks the new values and sets them on the entry, or raises) and
        its line of history.

        :raises LedgerEntry.DoesNotExist: no entry ``pk`` at this table.
        :raises ValidationError: not the last entry any more (:meth:`refuse_not_last`), or
            ``change`` refuses.
        """
        with transaction.atomic():
            table, seats = table_with_seats_locked(table_id=table_id, token=token)
            _announce(table, self.model)  # at the commit; never if refused and rolled back
            entries = self.model._default_manager.filter(table=table)
            if pk is not None:
                entry: EntryT = entries.get(pk=pk)
            else:
                found: EntryT | None = entries.order_by("-sequence").first()
                if found is None or found.sequence != last:
                    raise self.refuse_not_last()
                entry = found
            before = self.snapshot(entry, seats)
            change(table, seats, entry)
            entry.corrected_at = timezone.now()
            entry.save()
            after = self.snapshot(entry, seats)
            self.log(entry, before=before, after=after, user=account(user))
            totals_write(table, seats, self.model)
        return entry


#: A table's figures made afresh from its entries (the table's row and one per seat, unsaved).
TotalsOf = Callable[[Table, list[Seat]], tuple[TableTotal, list[SeatTotal]]]

_totals = Registry[type[LedgerEntry], TotalsOf]("the running totals")

#: What a seat's and a table's running totals hold besides their keys.
SEAT_FIGURES = ("points", "declared", "won", "lost", "best", "cents", "sweeps", "failed")
TABLE_FIGURES = ("played", "entries", "last_entry", "game", "pot", "reserve", "dealer")


def register_totals(model: type[LedgerEntry], totals: TotalsOf) -> None:
    """Say how the app that keeps ``model``'s entries makes a table's figures from them
    (from its ``AppConfig.ready``): its rule set's ledger replayed once per change (a
    second function for ``model``: ValueError)."""
    _totals.register(model, totals)


def totals_write(table: Table, seats: list[Seat], model: type[LedgerEntry]) -> None:
    """Make the table's running totals afresh from its ``model`` entries and store them (two
    writes). Called under the table's lock, in the transaction of the entry or correction."""
    totals = _totals.get(model)
    if totals is None:
        return
    table_total, seat_totals = totals(table, seats)
    table_total.table = table
    # By statements written once per connection: the captain's every save writes them.
    upsert(TableTotal, [table_total], unique_fields=["table"], update_fields=[*TABLE_FIGURES])
    upsert(SeatTotal, seat_totals, unique_fields=["seat"], update_fields=[*SEAT_FIGURES])


def table_totals_refresh(*, table: Table) -> None:
    """Make a table's running totals afresh from whatever entries it has (a night imported
    from its file, a database from before the totals): under the table's lock."""
    with transaction.atomic():
        locked, seats = table_with_seats_locked(table_id=table.pk)
        for model in _totals:
            if model._default_manager.filter(table=locked).exists():
                totals_write(locked, seats, model)


def tournament_totals_refresh(*, tournament: Tournament) -> None:
    """:func:`table_totals_refresh` of every table of the tournament (a night imported)."""
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        table_totals_refresh(table=table)


def totals_backfill(**_kwargs: object) -> None:
    """The running totals of every table with entries but none yet (after ``migrate``)."""
    for model in _totals:
        entered = model._default_manager.values("table_id")
        for table in Table.objects.filter(total__isnull=True, pk__in=entered).order_by("pk"):
            table_totals_refresh(table=table)


#: The largest entry number a form may name (the column holds more; no table plays as many).
MAX_SEQUENCE = 999_999


class SequenceField(forms.IntegerField):
    """The entry a form was made for (its hidden ``sequence``). What is no entry number (a
    made-up one, a ``²``, which passes ``str.isdigit`` and breaks ``int``) is 0, an entry no
    table has: the ledger answers it as a form out of date, with the table as it stands."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=0, **kwargs)

    def to_python(self, value: Any) -> int | None:
        try:
            number = super().to_python(value)
        except ValidationError:
            return 0
        return number if number is not None and 0 <= number <= MAX_SEQUENCE else 0


def form_error(form: forms.Form) -> str:
    """The form's errors as the page's one line: each message once, fields in order."""
    messages = [str(m) for errors in form.errors.values() for m in errors]
    return " ".join(dict.fromkeys(messages))
