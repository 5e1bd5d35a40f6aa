"""A demo night of several series: each series played, the next drawn through the services."""

import random

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import services
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import MAX_SERIES, Tournament
from tournaments.rule_pages import pages_of


def series_played(tournament: Tournament, rng: random.Random, *, series: int) -> tuple[int, int]:
    """Play the night's first series, then draw and play each next one through the services
    (series 2 seeded by the standings, later ones avoiding earlier tablemates); the entries
    and the deals played.

    :raises ValidationError: ``series`` is not one a night can play.
    """
    if not 1 <= series <= MAX_SERIES:
        raise ValidationError(
            _("A night plays 1 to %(most)s series."), code="series", params={"most": MAX_SERIES}
        )
    if series > 1:
        tournament.series_count = series
        tournament.save(update_fields=["series_count"])
    pages = pages_of(tournament)
    entries, deals_played = pages.demo(tournament, rng)
    for number in range(2, series + 1):
        if not pages.counts_deals:  # the race, Tippen: a table plays until it is ended
            reason = gettext("Demo: series %(series)s played") % {"series": number - 1}
            services.series_end_early(
                tournament=tournament, series=number - 1, reason=reason, user=None
            )
        method = Method.SEEDED if number == 2 else Method.AVOIDING
        series_draw_next(tournament=tournament, method=method, seed=rng.getrandbits(63))
        more, played = pages.demo(tournament, rng)
        entries, deals_played = entries + more, deals_played + played
    return entries, deals_played
