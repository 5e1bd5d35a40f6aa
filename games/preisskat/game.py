"""Preisskat as the web plays it (:data:`GAMES`): tournament Skat scored by the extended
Seeger-Fabian list, its choice on the new-tournament form and what scoring's pages show of it
besides what every scored game shares."""

from django.utils.translation import gettext_lazy as _

from games.preisskat.demo import preisskat_draw
from games.preisskat.sheets import LAYOUT
from games.preisskat.statistics import STATISTICS
from scoring.demo import scored_night
from scoring.scored_pages import scored_pages
from tournaments.games import Game
from tournaments.option_text import OptionText
from tournaments.rule_choice import KONTRA, Choice

PREISSKAT = Choice(
    "preisskat",
    _("Preisskat (tournament Skat)"),
    _(
        "The federation's tournament Skat: lists of 48 deals at four (the dealer sits out), "
        "36 at three; won games score their value and 50, lost ones twice it and 50, and the "
        "others 30 or 40."
    ),
    {
        KONTRA: OptionText(
            _("Kontra and Re"),
            _(
                "Kontra doubles a game's value, Re doubles it again. Not in tournament play: "
                "only for clubs that play them."
            ),
        ),
    },
    no_leaving=_(
        "A Skat list is played to its end by the players who began it; where one has to "
        "stop, the table is ended early."
    ),
    # PREISSKAT.md: on equal Leistung, more games won, then fewer lost, then the lot.
    tie_break="more_won,fewer_lost",
)

PAGES = scored_pages(statistics=STATISTICS, demo=scored_night(preisskat_draw), sheet_layout=LAYOUT)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(PREISSKAT, PAGES),)
