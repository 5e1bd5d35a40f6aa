"""The deals of a Thedinghausen race table: the tricks each player won (SPEC C4).

A deal stores its trick counts by seat and, when the captain tapped them, the winner of each
trick in order. The games, tallies, sweeps and money follow from the deals in order
(:mod:`races.replay`); nothing else is stored.
"""

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.ledger.entries import LedgerChange, LedgerEntry
from tournaments.models import Table


class RaceDeal(LedgerEntry):
    """One deal of a race table, an entry of its ledger; ``sequence`` numbers the table's
    deals from 1; ``corrected_at`` is set when it was corrected."""

    #: PROTECT: a table with deals (so its tournament too) is history and is not deleted.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="race_deals")
    #: The tricks each seat won, seat 0 first.
    counts = models.JSONField(_("tricks"))
    #: The seat that won each trick, in the order played; empty when the counts were typed.
    taps = models.JSONField(_("winner of each trick"), default=list, blank=True)
    #: The seat that announced Fipsen in this deal (only where the tournament agreed it).
    announcer = models.PositiveSmallIntegerField(_("announced Fipsen"), null=True, blank=True)

    class Meta(LedgerEntry.Meta):
        verbose_name = _("race deal")
        verbose_name_plural = _("race deals")
        constraints = [
            models.UniqueConstraint(fields=["table", "sequence"], name="race_deal_sequence"),
            models.CheckConstraint(condition=models.Q(sequence__gte=1), name="race_deal_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.sequence}: {self.counts}"


class RaceDealChange(LedgerChange):
    """A correction of a race deal: who (the organiser's account, or none for the captain's
    phone), when, and the deal before and after. An entry needs no line: the deal keeps when it
    was entered, and the captain has no account."""

    #: PROTECT: a deal with a history cannot be deleted.
    deal = models.ForeignKey(RaceDeal, on_delete=models.PROTECT, related_name="changes")
    before_counts = models.JSONField(_("tricks before"))
    before_announcer = models.PositiveSmallIntegerField(null=True, blank=True)
    after_counts = models.JSONField(_("tricks after"))
    after_announcer = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta(LedgerChange.Meta):
        verbose_name = _("correction of a race deal")
        verbose_name_plural = _("corrections of race deals")

    def __str__(self) -> str:
        return f"{self.deal}: {self.before} → {self.after}"

    @property
    def before(self) -> str:
        """ "2 1 1 1 0", and who announced Fipsen if anyone did."""
        return _deal_text(self.before_counts, self.before_announcer)

    @property
    def after(self) -> str:
        return _deal_text(self.after_counts, self.after_announcer)


def _deal_text(counts: list[int], announcer: int | None) -> str:
    text = " ".join(str(count) for count in counts)
    if announcer is None:
        return text
    return gettext("%(counts)s, Fipsen announced by seat %(seat)s") % {
        "counts": text,
        "seat": announcer + 1,
    }
