"""What a race player did beyond his games won and money, for the player's page
(:attr:`tournaments.rule_pages.RulePages.statistics`): his sweeps (all five tricks of a deal)
and the Fipsen he announced (the Kreiszeitung's option), won or lost."""

from collections.abc import Sequence

from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from games.thedinghausen.models import RaceDeal
from tournaments.models import Seat
from tournaments.rule_pages import KindCount


def race_statistics(seats: Sequence[int]) -> Sequence[KindCount]:
    """The seats' sweeps and announced Fipsen (those not lost are won), in one query; a kind
    nobody played is left out."""
    announced = (
        RaceDeal.objects.filter(table=OuterRef("table"), announcer=OuterRef("position"))
        .order_by()
        .values("table")
        .annotate(count=Count("pk"))
        .values("count")
    )
    rows = (
        Seat.objects.filter(pk__in=seats)
        .annotate(announced=Coalesce(Subquery(announced, output_field=IntegerField()), 0))
        .values_list("total__sweeps", "total__failed", "announced")
    )
    sweeps = failed = called = 0
    for seat_sweeps, seat_failed, seat_called in rows:
        sweeps += seat_sweeps or 0
        failed += seat_failed or 0
        called += seat_called
    found = [KindCount(_("Sweeps (all five tricks)"), sweeps)] if sweeps else []
    if called:
        found.append(KindCount(_("Fipsen announced"), called, called - failed))
    return found
