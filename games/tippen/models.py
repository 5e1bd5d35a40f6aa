"""The deals of a Tippen table: who tapped, and the tricks of each who played (SPEC C6).

A deal stores one entry per seat: ``None`` for a player who passed, else the tricks he took
(0 for one who tapped alone and took the pot). The pot, the bêtes and every player's chips
follow from the deals in order (:mod:`pots.replay`); nothing else is stored.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from fipsen_rules import TippenDeal
from tournaments.ledger.entries import LedgerChange, LedgerEntry
from tournaments.models import Table


class PotDeal(LedgerEntry):
    """One deal of a Tippen table, an entry of its ledger; ``sequence`` numbers the table's
    deals from 1; ``corrected_at`` is set when the captain or the organiser corrected it."""

    #: PROTECT: a table with deals (so its tournament too) is history and is not deleted.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="pot_deals")
    #: Per seat, seat 0 first: null (passed) or the tricks taken by a player who tapped.
    taps = models.JSONField(_("taps and tricks"))

    class Meta(LedgerEntry.Meta):
        verbose_name = _("Tippen deal")
        verbose_name_plural = _("Tippen deals")
        constraints = [
            models.UniqueConstraint(fields=["table", "sequence"], name="pot_deal_sequence"),
            models.CheckConstraint(condition=models.Q(sequence__gte=1), name="pot_deal_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.sequence}: {self.taps}"

    @property
    def text(self) -> str:
        """ "2 1 - 0" ("-" passed, "t" tapped alone), as the rules library writes a deal."""
        return str(TippenDeal(tuple(self.taps)))


class PotDealChange(LedgerChange):
    """A correction of a Tippen deal: who (the organiser's account, or none for the captain's
    phone), when, and the deal's taps before and after (as races.models.RaceDealChange)."""

    #: PROTECT: a deal with a history cannot be deleted.
    deal = models.ForeignKey(PotDeal, on_delete=models.PROTECT, related_name="changes")
    before_taps = models.JSONField(_("taps before"))
    after_taps = models.JSONField(_("taps after"))

    class Meta(LedgerChange.Meta):
        verbose_name = _("correction of a Tippen deal")
        verbose_name_plural = _("corrections of Tippen deals")

    def __str__(self) -> str:
        return f"{self.deal}: {self.before} → {self.after}"

    @property
    def before(self) -> str:
        """ "2 1 - 0" ("-" passed, "t" tapped alone), as the rules library writes a deal."""
        return str(TippenDeal(tuple(self.before_taps)))

    @property
    def after(self) -> str:
        return str(TippenDeal(tuple(self.after_taps)))
