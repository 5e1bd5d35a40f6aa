"""Deals as the tables enter them, and the history of every entry and change."""

import uuid
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from scoring.standings.prize_allocation import Kind, Line
from sitewide.money import euros
from tournaments.ledger.entries import LedgerChange, LedgerEntry
from tournaments.models import MAX_SEATS, Table, Tournament
from tournaments.text import max_length_constraint, no_control_characters

#: The lowest places a prize list can name, and the most money one place can win.
MAX_PRIZE_PLACE = 999
MAX_PRIZE_MONEY = Decimal("99999.99")
#: A deal's change of each seat's total, a field per seat position.
SEAT_CHANGE_FIELDS = tuple(f"change_{seat}" for seat in range(MAX_SEATS))


class Deal(LedgerEntry):
    """One deal of a table (an entry of its ledger): a game played, or all passed.

    ``sequence`` counts every entry of the table, passed deals included, and is unique per
    table: two phones entering "the next deal" at once cannot both save it. ``number`` is the
    deal's number on the scoresheet, given to every deal that counts towards the table's deals
    and passes the deal on: a game, and a passed deal where the rule set counts it
    (``counts_as_deal``); a passed deal it does not count (Fipsen's, redealt by the same
    dealer) has none.
    """

    #: PROTECT: a table with deals (so its tournament too) cannot be deleted; the history is
    #: append-only.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="deal_set")
    number = models.PositiveSmallIntegerField(_("deal"), null=True, blank=True)
    dealer = models.PositiveSmallIntegerField(_("dealer (seat)"))
    #: The seat that played (for a Siebener Fips: the holder); none when all passed.
    declarer = models.PositiveSmallIntegerField(_("declarer (seat)"), null=True, blank=True)
    #: The game in the rules module's canonical notation, e.g. "3 Hand verloren".
    #: Empty when only the value is known: a paper sheet's line that shows only the value.
    game = models.CharField(_("game"), max_length=60, blank=True)
    #: The declarer's own change as the rules module computed it (his games won, lost and
    #: best read it; the sheet's value column is :attr:`value`).
    score = models.SmallIntegerField(_("value"))
    #: What each opponent gained alike, else 0 (Großenaspe's failed game): what deals were
    #: stored with before their seats' changes. Kept because every receipt code hashes it and
    #: every night file carries it; the figures read the changes below.
    opponents_score = models.PositiveSmallIntegerField(_("each opponent's gain"), default=0)
    #: Each seat's change of its total by this deal, as the rule set scored it (by the seat's
    #: position; 0 for a seat that sat out or has no player): what every total sums.
    change_0 = models.SmallIntegerField(default=0)
    change_1 = models.SmallIntegerField(default=0)
    change_2 = models.SmallIntegerField(default=0)
    change_3 = models.SmallIntegerField(default=0)
    change_4 = models.SmallIntegerField(default=0)
    change_5 = models.SmallIntegerField(default=0)
    #: The value the captain wrote on paper, when given (it matched the computed one).
    written_value = models.SmallIntegerField(_("value on paper"), null=True, blank=True)
    confirmed_by = models.PositiveSmallIntegerField(_("confirmed by (seat)"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    #: A confirmation comes after the receipt was shown, and changes no deal; the seats'
    #: changes follow from the game the receipt stands for (and a code printed before them
    #: checks as it did).
    RECEIPT_SKIPS = ("updated_at", "confirmed_by", *SEAT_CHANGE_FIELDS)
    RECEIPT_NUMBER = "number"

    class Meta(LedgerEntry.Meta):
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["table", "sequence"], name="deal_sequence_unique"),
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=Q(number__isnull=False),
                name="deal_number_unique",
            ),
            models.CheckConstraint(condition=Q(dealer__lt=MAX_SEATS), name="deal_dealer_seat"),
            models.CheckConstraint(
                condition=Q(declarer__isnull=True) | Q(declarer__lt=MAX_SEATS),
                name="deal_declarer_seat",
            ),
            # A passed deal scores nothing, and counts (has a number) where the rule set says
            # so; a game always counts.
            models.CheckConstraint(
                condition=Q(declarer__isnull=True, score=0)
                | Q(number__isnull=False, declarer__isnull=False),
                name="deal_passed_or_played",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.number or '–'}: {self.game} {self.value:+d}"

    @property
    def is_passed(self) -> bool:
        """All passed: nobody played the deal (whether it counts or not)."""
        return self.declarer is None

    @property
    def counts(self) -> bool:
        """The deal counts towards the table's deals and passes the deal on (a game; a passed
        deal where the rule set counts it)."""
        return self.number is not None

    @property
    def seat_changes(self) -> tuple[int, ...]:
        """Each seat's change of its total by this deal, by seat position (MAX_SEATS long)."""
        return tuple(getattr(self, name) for name in SEAT_CHANGE_FIELDS)

    @seat_changes.setter
    def seat_changes(self, changes: tuple[int, ...]) -> None:
        for name, change in seat_change_values(changes).items():
            setattr(self, name, change)

    @property
    def others(self) -> tuple[tuple[int, int], ...]:
        """The seats besides the declarer whose total the deal changed, with their change."""
        return others_of(self.seat_changes, self.declarer)

    @property
    def value(self) -> int:
        """The sheet's value column, signed: the declarer's own change, or, where he neither
        gained nor lost, minus what each opponent gained (Großenaspe's failed game)."""
        return value_of(self.score, self.others)


def seat_change_values(changes: tuple[int, ...]) -> dict[str, int]:
    """A deal's fields of the seats' ``changes`` (by seat position; 0 for those not given)."""
    return dict(zip(SEAT_CHANGE_FIELDS, changes + (0,) * MAX_SEATS, strict=False))


def declarer_only(declarer: int | None, score: int) -> dict[str, int]:
    """The seats' change fields of a deal that changes its declarer's total alone (Prisdorf,
    Mecklenburg): for deals built in bulk past the rules (benchmarks, tests)."""
    if declarer is None:
        return seat_change_values(())
    return seat_change_values(tuple(score if seat == declarer else 0 for seat in range(MAX_SEATS)))


def value_of(own: int, others: tuple[tuple[int, int], ...]) -> int:
    """The value column of a deal whose declarer changed by ``own`` and the seats ``others``
    (seat, change) as given: his own change, or where he has none, minus what each of the
    others gained alike.

    >>> value_of(-194, ((0, 40), (2, 40))), value_of(0, ((0, 3), (2, 3))), value_of(6, ())
    (-194, -3, 6)
    """
    each = each_of(others)
    return own if own or each is None else -each


def others_of(changes: tuple[int, ...], declarer: int | None) -> tuple[tuple[int, int], ...]:
    """The seats besides ``declarer`` whose change is not 0, with it."""
    return tuple((seat, c) for seat, c in enumerate(changes) if c and seat != declarer)


def each_of(others: tuple[tuple[int, int], ...]) -> int | None:
    """What each of ``others`` (seat, change) gains when all gain the same; None when they
    differ, or there are none."""
    gains = {change for _seat, change in others}
    return gains.pop() if len(gains) == 1 else None


class DealChange(LedgerChange):
    """One entry or change of a deal: who, when, before, after, why."""

    class Action(models.TextChoices):
        ENTERED = "entered", _("entered")
        CORRECTED = "corrected", _("corrected")
        CONFIRMED = "confirmed", _("confirmed")

    #: PROTECT: a deal with a history (every deal has one) cannot be deleted.
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="changes")
    action = models.CharField(_("action"), max_length=20, choices=Action)
    #: The deal as "<name>: <game> <score>" before and after, in words the history can show:
    #: a name (100) and a game (60) fit with room to spare.
    before = models.CharField(_("before"), max_length=200, blank=True)
    after = models.CharField(_("after"), max_length=200)
    reason = models.CharField(
        _("reason"), max_length=300, blank=True, validators=[no_control_characters]
    )

    class Meta(LedgerChange.Meta):
        verbose_name = _("change of a deal")
        verbose_name_plural = _("changes of deals")
        constraints = [
            max_length_constraint("dealchange", "before", "after", length=200),
            models.CheckConstraint(
                condition=Q(LessThanOrEqual(Length("reason"), 300)), name="dealchange_reason_length"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.before} → {self.after}"


class Prize(models.Model):
    """A place's prize: money, or a named prize ("Präsentkorb"), or both. A place may have
    several ("30 €" and "Präsentkorb" on two lines)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="prizes"
    )
    place = models.PositiveSmallIntegerField(
        _("place in the ranking"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_PRIZE_PLACE)],
    )
    money = models.DecimalField(
        _("money (€)"),
        max_digits=7,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(MAX_PRIZE_MONEY)],
    )
    name = models.CharField(
        _("named prize"), max_length=100, blank=True, validators=[no_control_characters]
    )
    #: Its queue (scoring/standings/prize_allocation.py): a place from the top or from the end, a
    #: category, a deal; ``place`` is its rank there ("2. Beste Dame": the second lady).
    kind = models.CharField(
        _("kind"), max_length=20, choices=[(k.value, k.value) for k in Kind], default=Kind.PLACE
    )
    category = models.CharField(_("category"), max_length=210, blank=True)
    #: The line's head as typed ("Beste Dame", "2. Beste Dame", "Vorletzter"); empty for a
    #: place from the top.
    label = models.CharField(
        _("label"), max_length=60, blank=True, validators=[no_control_characters]
    )

    class Meta:
        ordering = ["tournament", "place", "pk"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.CheckConstraint(condition=Q(place__gte=1), name="prize_place_positive"),
            models.CheckConstraint(
                condition=Q(place__lte=MAX_PRIZE_PLACE), name="prize_place_at_most"
            ),
            models.CheckConstraint(
                condition=Q(money__gte=0, money__lte=MAX_PRIZE_MONEY), name="prize_money_range"
            ),
            max_length_constraint("prize", "name", length=100),
            models.CheckConstraint(
                condition=Q(LessThanOrEqual(Length("label"), 60))
                & Q(LessThanOrEqual(Length("category"), 210)),
                name="prize_label_length",
            ),
        ]

    def __str__(self) -> str:
        """The line as the prize list writes it: "1. 50 €", "Beste Dame: 10 € + Wein"."""
        parts = [euros(self.money) if self.money else "", self.name]
        prize = " + ".join(p for p in parts if p)
        if not self.label:
            return f"{self.place}. {prize}"
        return f"{self.label}: {prize}"

    def line(self) -> Line:
        return Line(Kind(self.kind), self.place, self.money, self.name, self.category, self.label)


class TablePhone(models.Model):
    """A phone that opened a table's link, as its pings tell (``scoring/phone_views.py``): the
    organiser sees from it which table's phone reaches the laptop, how many deals wait on it,
    and, before the first deal, which tables were tried at all (the Generalprobe).

    One row per table and phone, written by one upsert per ping; not part of the night's
    file (it says nothing about the night's results)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="phones")
    #: A random id the phone keeps in its browser's storage (``preisfipsen.phone``).
    phone = models.CharField(_("phone"), max_length=40)
    first_seen = models.DateTimeField(_("first seen"))
    last_seen = models.DateTimeField(_("last seen"))
    #: Deals the phone keeps in its queue, not yet received (its own count).
    waiting = models.PositiveSmallIntegerField(_("deals waiting"), default=0)
    #: How long the phone's previous ping took there and back, in milliseconds.
    round_trip_ms = models.PositiveIntegerField(_("round trip (ms)"), null=True, blank=True)

    class Meta:
        verbose_name = _("phone at a table")
        verbose_name_plural = _("phones at the tables")
        constraints = [
            models.UniqueConstraint(fields=["table", "phone"], name="table_phone_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.phone}"


class NightImport(models.Model):
    """A night's file the organiser uploaded, imported by a background job
    (``scoring/night_file/jobs.py``): a night of 200 tables takes longer than a web request
    should. The job reports how far it is to Celery's results (its page polls them); the
    record keeps the end: the tournament imported, or why the file was refused. The upload
    itself is deleted once the job is done with it. ``manage.py import_night`` keeps one too,
    without a file or a job (``task_id`` empty), so that its import, killed half-way, is undone
    by the next one."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    file = models.FileField(_("file"), upload_to="imports/%Y/%m/", blank=True)
    #: The uploaded file's name, as the organiser chose it.
    filename = models.CharField(_("file name"), max_length=200)
    task_id = models.CharField(max_length=255, blank=True)
    #: The organiser's language: the job's messages speak it.
    language = models.CharField(max_length=10)
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Why the file was refused; empty while the job runs or once it succeeded.
    error = models.CharField(_("error"), max_length=1000, blank=True)
    #: When a worker took the job: one handed out again finds it set (its first worker died)
    #: and reports that rather than import the file a second time.
    started_at = models.DateTimeField(null=True, blank=True, editable=False)
    #: Which process took it ("host:pid"): a job handed out again while that one still runs
    #: (Redis' visibility timeout ran out) leaves it to go on.
    started_by = models.CharField(max_length=300, blank=True, editable=False)
    #: The tournament the job is building, hidden until its last step
    #: (scoring/night_file/stage.py): what a job whose worker died leaves, to be undone.
    staged = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("import of a tournament")
        verbose_name_plural = _("imports of tournaments")

    def __str__(self) -> str:
        return self.filename
