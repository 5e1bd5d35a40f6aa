"""A demo season: ``manage.py demo_night --season N`` plays N demo nights a week apart (the
night's own demo plays each: the caller hands it over, so that this app needs no rule set's)
and puts them in one season with a club's usual rules."""

import datetime
from collections.abc import Callable

from django.utils import timezone
from django.utils.translation import gettext as _

from seasons.models import Season
from seasons.services import season_create, season_night_add
from tournaments.models import Tournament

#: A night played on a date, its number in the season from 0.
PlayNight = Callable[[int, datetime.date], Tournament]


def demo_season(*, nights: int, play: PlayNight, today: datetime.date | None = None) -> Season:
    """A season of ``nights`` nights played by ``play``, one a week up to ``today``: the best
    nights but one count, a player is ranked from two nights, guests apart."""
    today = today or timezone.localdate()
    first = today - datetime.timedelta(weeks=nights - 1)
    season = season_create(
        name=_("Demo season %(year)s") % {"year": first.year},
        best_of=max(nights - 1, 1),
        minimum=min(2, nights),
        guests="apart",
        tie_break="best_results",
    )
    for number in range(nights):
        season_night_add(season, play(number, first + datetime.timedelta(weeks=number)))
    return season
