"""The night's entry fees, read in one place for every page and PDF that shows them (the
desk, the night's home, the cash report, the prize page): who paid and how much (each
payment keeps the money paid, whatever the fee is now), and who, present, still owes the fee
asked now. Two figures from two readings once disagreed (the prize page counted the players
seated, the cash report those who paid)."""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from tournaments.models import Registration, Tournament
from tournaments.players.selectors import by_family_name


@dataclass(frozen=True)
class FeeLine:
    """Payments of one amount: ``count`` × ``amount``."""

    count: int
    amount: Decimal


@dataclass(frozen=True)
class Fees:
    """The fees of a night. ``paid``: every registration marked paid (one who paid and left
    before the draw too: his money is in the box); ``open``: the players present whose fee is
    open, by name (none when the night asks no fee)."""

    #: The fee asked now, of whoever pays from now on.
    fee: Decimal
    paid: list[Registration]
    open: list[Registration]

    @property
    def paid_total(self) -> Decimal:
        """The money in: the amounts paid, as paid.

        >>> Fees(Decimal(8), [_paid("5.00"), _paid("8.00")], []).paid_total
        Decimal('13.00')
        """
        return sum(
            (registration.fee_amount or Decimal(0) for registration in self.paid), Decimal(0)
        )

    @property
    def open_total(self) -> Decimal:
        """The money still owed: the fee asked now, for each player present who owes it."""
        return self.fee * len(self.open)

    @property
    def paid_lines(self) -> list[FeeLine]:
        """The payments by amount, the most common first ("12 × 5,00 €", "1 × 8,00 €").

        >>> Fees(Decimal(8), [_paid("5.00"), _paid("8.00"), _paid("5.00")], []).paid_lines
        [FeeLine(count=2, amount=Decimal('5.00')), FeeLine(count=1, amount=Decimal('8.00'))]
        """
        counts = Counter(registration.fee_amount or Decimal(0) for registration in self.paid)
        return [
            FeeLine(count, amount)
            for amount, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        ]


def fees(*, tournament: Tournament) -> Fees:
    """The night's fees: one query (the registrations paid or present, with their players)."""
    fee = tournament.entry_fee or Decimal(0)
    present = Q(checked_in_at__isnull=False, withdrawn_at__isnull=True)
    registrations = (
        Registration.objects.filter(Q(fee_paid_at__isnull=False) | present, tournament=tournament)
        .select_related("player")
        .order_by(*by_family_name("player__"), "pk")
    )
    paid, owing = [], []
    for registration in registrations:
        if registration.is_fee_paid:
            paid.append(registration)
        elif fee:  # present, not paid: he owes the fee asked now
            owing.append(registration)
    return Fees(fee, paid, owing)


def _paid(amount: str) -> Registration:
    """A registration paid ``amount`` (for the examples above)."""
    return Registration(fee_amount=Decimal(amount))
