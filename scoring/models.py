"""Deals as the tables enter them, and the history of every entry and change."""

import uuid
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from scoring.prize_allocation import Kind, Line
from sitewide.money import euros
from tournaments.ledger import LedgerChange, LedgerEntry
from tournaments.models import MAX_SEATS, Table, Tournament
from tournaments.text import max_length_constraint, no_control_characters

#: The lowest places a prize list can name, and the most money one place can win.
MAX_PRIZE_PLACE = 999
MAX_PRIZE_MONEY = Decimal("99999.99")
#: Großenaspe's table of five, whose dealer sits out: the one size ``Deal.gains`` knows.
_FIVE_PLAYERS = 5  # replaced by the per-seat changes (branch changes)


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
    #: The declarer's score as the rules module computed it; the sheet's value column.
    score = models.SmallIntegerField(_("value"))
    #: What each opponent who plays the deal gains: nothing in Prisdorf; in Großenaspe, where
    #: scores are never negative, the value of a failed game (the dealer of a table of five
    #: sits out and gains nothing).
    opponents_score = models.PositiveSmallIntegerField(_("each opponent's gain"), default=0)
    #: The value the captain wrote on paper, when given (it matched the computed one).
    written_value = models.SmallIntegerField(_("value on paper"), null=True, blank=True)
    confirmed_by = models.PositiveSmallIntegerField(_("confirmed by (seat)"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    #: A confirmation comes after the receipt was shown, and changes no deal.
    RECEIPT_SKIPS = ("updated_at", "confirmed_by")
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
    def value(self) -> int:
        """The sheet's value column, signed: the declarer's score, or, negative, what each
        opponent gained (Großenaspe)."""
        return -self.opponents_score if self.opponents_score else self.score

    def gains(self, players: int) -> tuple[int, ...]:
        """Each seat's gain from this deal at a table of ``players``: the declarer's score, each
        opponent's gain; at a table of five the dealer sits out (Großenaspe, SPEC C3.3)."""
        if self.declarer is None:
            return (0,) * players
        out = self.dealer if players == _FIVE_PLAYERS else None
        return tuple(
            self.score if seat == self.declarer else 0 if seat == out else self.opponents_score
            for seat in range(players)
        )


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
    #: Its queue (scoring/prize_allocation.py): a place from the top or from the end, a
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
    (``scoring/transfer_jobs.py``): a night of 200 tables takes longer than a web request
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
    #: (scoring/transfer_stage.py): what a job whose worker died leaves, to be undone.
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
