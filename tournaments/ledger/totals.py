"""The running totals of a table and of each of its seats, kept by the ledger
(:mod:`tournaments.ledger.entries`) in the same transaction as each entry and correction, for every
rule set: what the standings, the board and the dashboard read instead of the deals, so that
they cost the same at 200 tables as at 10. Models of this app (imported by ``models.py``,
which they name by their labels: it imports this module first)."""

from django.db import models


class TableTotal(models.Model):
    """A table's running figures, kept by the ledger (:mod:`tournaments.ledger.entries`) in the same
    transaction as each of its entries and corrections: what the standings, the board and the
    dashboard read instead of the deals, so that they cost the same at 200 tables as at 10."""

    table = models.OneToOneField(
        "tournaments.Table", on_delete=models.CASCADE, primary_key=True, related_name="total"
    )
    #: The deals that count (a scored night's with a number, a race's games begun, every
    #: Tippen deal), and every entry (passed deals too).
    played = models.PositiveIntegerField(default=0)
    entries = models.PositiveIntegerField(default=0)
    #: When the table's last entry was made (None before the first).
    last_entry = models.DateTimeField(null=True, blank=True)
    #: A ledger night's table as its standings page lists it: the race's game under way,
    #: Tippen's pot, the chips set aside and the seat that deals next.
    game = models.PositiveIntegerField(default=0)
    pot = models.IntegerField(default=0)
    reserve = models.IntegerField(default=0)
    dealer = models.PositiveSmallIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.table}: {self.played}"


class SeatTotal(models.Model):
    """A seat's running figures, kept with its table's :class:`TableTotal`."""

    seat = models.OneToOneField(
        "tournaments.Seat", on_delete=models.CASCADE, primary_key=True, related_name="total"
    )
    #: A scored night's points, a race's games won, Tippen's chips.
    points = models.IntegerField(default=0)
    #: A scored night's games declared, won and lost as declarer, and the best of them.
    declared = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    best = models.IntegerField(null=True, blank=True)
    #: A race's money (cents, + won), sweeps and announced Fipsen lost.
    cents = models.IntegerField(default=0)
    sweeps = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.seat}: {self.points}"
