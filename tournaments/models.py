import secrets
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.draw.series_models import SeriesDraw as SeriesDraw  # a model of this app
from tournaments.events import TournamentEvent as TournamentEvent  # a model of this app
from tournaments.ledger import totals  # noqa: F401 (totals: models of this app)
from tournaments.players import categories as player_categories
from tournaments.players.merges import PlayerMerge as PlayerMerge  # a model of this app
from tournaments.rule_choice import TournamentRules
from tournaments.states import PLAYED, TournamentState, TournamentStates
from tournaments.text import max_length_constraint, name_has_letter, no_control_characters

#: The most deals a table can play in one night (a deal takes a minute or more).
MAX_DEALS = 300
#: The most players at one table: six, at a Thedinghausen race that fills up the tables of five.
MAX_SEATS = 6
#: The most series one night plays (each drawn anew).
MAX_SERIES = 6


class OrganiserProfile(models.Model):
    """What the app keeps about an organiser's account beyond Django's user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="organiser_profile",
        verbose_name=_("user"),
    )
    must_change_password = models.BooleanField(
        _("must change password"),
        default=False,
        help_text=_("Set while the account still has the one-time password it was created with."),
    )

    class Meta:
        verbose_name = _("organiser profile")
        verbose_name_plural = _("organiser profiles")

    def __str__(self) -> str:
        return str(self.user)


class Player(player_categories.PlayerCategories):
    """A person in the club's directory, kept across nights."""

    name = models.CharField(
        _("name"), max_length=100, validators=[no_control_characters, name_has_letter]
    )
    club = models.CharField(
        _("club"), max_length=100, blank=True, validators=[no_control_characters]
    )
    contact = models.CharField(
        _("contact"),
        max_length=200,
        blank=True,
        help_text=_("Phone or e-mail, if wanted."),
        validators=[no_control_characters],
    )
    #: The name folded for search and for spotting duplicates ("Müller" = "mueller").
    name_key = models.CharField(max_length=200, db_index=True, editable=False)
    #: Set when the organiser retired him: hidden from the desk, the lists to tick and the
    #: import's matches, shown apart in the directory; everything he played stays.
    retired_at = models.DateTimeField(_("retired at"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "club", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            max_length_constraint("player", "name", "club", "categories", length=100),
            models.CheckConstraint(
                condition=Q(LessThanOrEqual(Length("contact"), 200)),
                name="player_contact_length",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


def new_token() -> str:
    """A secret for a link: 144 bits, not guessable, short enough for a QR code."""
    return secrets.token_urlsafe(18)


class TieBreak(models.TextChoices):
    """How players with the same points are ordered in the ranking (after the points)."""

    FEWER_LOST_THEN_BEST = (
        "fewer_lost,best_game",
        _("fewer lost games, then the highest single game"),
    )
    BEST_THEN_FEWER_LOST = (
        "best_game,fewer_lost",
        _("the highest single game, then fewer lost games"),
    )
    MORE_WON_THEN_FEWER_LOST = "more_won,fewer_lost", _("more games won, then fewer lost games")
    SHARED = "", _("none: equal points share the place")


class Tournament(TournamentStates, TournamentRules):
    """One Preisfipsen night; what its state allows is in tournaments/states.py."""

    State = TournamentState

    name = models.CharField(_("name"), max_length=120, validators=[no_control_characters])
    date = models.DateField(_("date"))
    place = models.CharField(
        _("place"), max_length=120, blank=True, validators=[no_control_characters]
    )
    #: The organiser's own counts of deals; None: the rule set's (rule_seating.table_deals).
    deals_at_four = models.PositiveSmallIntegerField(
        _("deals at a table of four"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DEALS)],
    )
    deals_at_three = models.PositiveSmallIntegerField(
        _("deals at a table of three"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DEALS)],
    )
    #: The series of the night, each with the deals above at each table (1: one series).
    series_count = models.PositiveSmallIntegerField(
        _("series"), default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_SERIES)]
    )
    tie_break = models.CharField(
        _("tie-break"),
        max_length=40,
        choices=TieBreak,
        default=TieBreak.FEWER_LOST_THEN_BEST,
        blank=True,
    )
    entry_fee = models.DecimalField(
        _("entry fee (€)"),
        max_digits=6,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0))],
    )
    confirmation_required = models.BooleanField(
        _("a second player confirms each deal"),
        default=False,
        help_text=_(
            "Each deal entered at a table waits for another player of the table to confirm it."
        ),
    )
    board_enabled = models.BooleanField(
        _("standings on the board in the hall"),
        default=True,
        help_text=_("The board for the projector shows the standings without a login."),
    )
    board_after_finish = models.BooleanField(
        _("the board shows the final ranking after the night"),
        # On by default: the prizes are given after the finish, and the hall looks for the
        # winners on the board (a newcomer found it dark just then).
        default=True,
        help_text=_("Otherwise the board goes dark once the tournament is finished."),
    )
    #: The secret in the board's address: the hall sees it, nobody can guess another night's.
    board_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    state = models.CharField(
        _("state"), max_length=20, choices=State, default=State.REGISTRATION, editable=False
    )
    #: The seed of the current draw: with the checked-in players it reproduces every seat.
    draw_seed = models.BigIntegerField(_("draw seed"), null=True, blank=True, editable=False)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True, editable=False)
    #: Being imported from a night's file, a step at a time (scoring/night_file/stage.py): no
    #: list shows it until the import's last step does; a failed import removes it again.
    importing = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(deals_at_four__gte=1, deals_at_three__gte=1), name="tournament_deals"
            ),
            models.CheckConstraint(
                condition=Q(deals_at_four__lte=MAX_DEALS, deals_at_three__lte=MAX_DEALS),
                name="tournament_deals_at_most",
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0, entry_fee__lte=Decimal("9999.99")),
                name="tournament_entry_fee",
            ),
            max_length_constraint("tournament", "name", "place", length=120),
        ]

    def __str__(self) -> str:
        return f"{self.name}, {date_format(self.date)}"


class Registration(models.Model):
    """A player's entry for one tournament: registered, then checked in on the night."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    walk_in = models.BooleanField(_("walk-in"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)
    #: When the entry fee was paid (in cash, at the desk); None while it is open.
    fee_paid_at = models.DateTimeField(_("fee paid at"), null=True, blank=True)
    #: The money paid, kept as it was paid: the tournament's fee may change later, and what
    #: is in the cash box does not. Set with ``fee_paid_at``, None while the fee is open.
    fee_amount = models.DecimalField(
        _("fee paid (€)"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    team = models.CharField(  # his team of four tonight, if any (scoring/standings/teams.py)
        _("team"), max_length=60, blank=True, validators=[no_control_characters]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player__name", "pk"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_once_per_tournament"
            ),
            models.CheckConstraint(
                condition=Q(fee_paid_at__isnull=True, fee_amount__isnull=True)
                | Q(fee_paid_at__isnull=False, fee_amount__isnull=False, fee_amount__gte=0),
                name="registration_fee_amount_when_paid",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)

    @property
    def is_checked_in(self) -> bool:
        return self.checked_in_at is not None and self.withdrawn_at is None

    @property
    def is_fee_paid(self) -> bool:
        return self.fee_paid_at is not None


class Table(models.Model):
    """A table of the draw, with its private entry link for the captain's phone."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    #: The series of the night it plays in (1 for a night of one series).
    series = models.PositiveSmallIntegerField(_("series"), default=1)
    number = models.PositiveSmallIntegerField(_("table"))
    deals = models.PositiveSmallIntegerField(_("deals"))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"))
    #: The secret in the table's link and QR code, for the whole night unless the organiser
    #: reissues it; after the night it opens the final totals read only (reopened: deals again).
    token = models.CharField(max_length=64, unique=True, editable=False)
    #: The secret of the table's read-only sheet, which the organiser may share after the night.
    sheet_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    #: Set when the organiser ended the table before its last deal (a table of three lost a
    #: player, the night ran out of time): its deals stand, it takes no more; and after which.
    ended_early_at = models.DateTimeField(
        _("ended early at"), null=True, blank=True, editable=False
    )
    ended_early_after = models.PositiveSmallIntegerField(
        _("ended early after deal"), null=True, blank=True, editable=False
    )
    ended_early_reason = models.CharField(
        _("why it ended early"), max_length=200, blank=True, editable=False
    )
    #: How its receipts are made (tournaments.ledger.receipts.SCHEMES): kept from its making,
    #: so that the codes of a table of before (four characters) check as they did.
    receipt_scheme = models.PositiveSmallIntegerField(
        _("receipts"), choices=[(1, "4"), (2, "6")], default=2, editable=False
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "series", "number"], name="table_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__lt=MAX_SEATS), name="table_first_dealer"
            ),
            models.CheckConstraint(condition=Q(deals__gte=1), name="table_deals"),
            models.CheckConstraint(condition=Q(deals__lte=MAX_DEALS), name="table_deals_at_most"),
        ]

    def __str__(self) -> str:
        numbers = {"series": self.series, "number": self.number}
        if self.series > 1:  # a later series: its table numbers start again from 1
            return gettext("Series %(series)s · Table %(number)s") % numbers
        return gettext("Table %(number)s") % numbers

    @property
    def ended_early(self) -> bool:
        return self.ended_early_at is not None

    @property
    def is_open_for_entry(self) -> bool:
        """The table takes deals, as far as the states go (it may have played them all)."""
        return self.tournament.is_playing and not self.ended_early

    @property
    def ended_early_note(self) -> str:
        """ "Table 3 ended early after 57 of 120 deals: <reason>", or empty."""
        if not self.ended_early:
            return ""
        return gettext(
            "Table %(number)s ended early after %(played)s of %(deals)s deals: %(reason)s"
        ) % {
            "number": self.number,
            "played": self.ended_early_after,
            "deals": self.deals,
            "reason": self.ended_early_reason,
        }


def _refuse_if_played(seats: "models.QuerySet[Seat]") -> None:
    """Deleting a seat once play started would drop a player and his points without a trace
    (no row refers to a seat, so on_delete=PROTECT cannot guard it): refuse, as it does."""
    played = seats.filter(table__tournament__state__in=PLAYED)
    if played.exists():
        raise models.ProtectedError(
            "Seats of a tournament in play or finished are history: they are not deleted.",
            set(played),
        )


class SeatQuerySet(models.QuerySet["Seat"]):
    def delete(self) -> tuple[int, dict[str, int]]:
        _refuse_if_played(self)
        return super().delete()


class Seat(models.Model):
    """A player's place at a table; seats are numbered clockwise from 0."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="seats")
    #: Its table's series (kept here so that a player has one seat per series).
    series = models.PositiveSmallIntegerField(_("series"), default=1)
    #: Set when he left during play: his points of the deals before stand, the table goes on.
    left_after_deal = models.PositiveSmallIntegerField(_("left after deal"), null=True, blank=True)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(
                fields=["registration", "series"], name="seat_registration_series_unique"
            ),
            models.CheckConstraint(condition=Q(position__lt=MAX_SEATS), name="seat_position_range"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.position + 1}: {self.registration}"

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        _refuse_if_played(Seat.objects.filter(pk=self.pk))
        return super().delete(*args, **kwargs)


class SeatSwap(models.Model):
    """Two players swapped by the organiser after the draw; replayed when a draw is checked."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="swaps")
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("seat swap")
        verbose_name_plural = _("seat swaps")

    def __str__(self) -> str:
        return f"{self.first} ↔ {self.second}"
