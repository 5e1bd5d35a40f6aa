"""Mecklenburg's games as the web plays them (:data:`GAMES`): Ansegger Fips and Duttfips, each
scored by the club's own points table (:mod:`tournaments.club_points`), their choices on the
new-tournament form and what scoring's pages show of them besides what every scored game
shares."""

from django.utils.translation import gettext_lazy as _

from games.mecklenburg.demo import ansegger_draw, duttfips_draw
from games.mecklenburg.paper_help import ansegger_example, duttfips_example
from games.mecklenburg.statistics import STATISTICS
from scoring.demo import scored_night
from scoring.scored_pages import scored_pages
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.rule_choice import Choice

ANSEGGER = Choice(
    "ansegger",
    _("Ansegger Fips (Mecklenburg)"),
    _(
        "Bids 1 to 5, each overcalled by the same with Ruten; Fips, Rutenfips on top. Tables "
        "of four; scored by your club's own points table (the source gives none)."
    ),
)

DUTTFIPS = Choice(
    "duttfips",
    _("Duttfips (Mecklenburg)"),
    _(
        "Forehand takes the Dutt for most tricks, “Ruten oewer!”, Fips and Rutenfips. Tables "
        "of four; scored by your club's own points table (the source gives none)."
    ),
)

ANSEGGER_PAGES = scored_pages(
    statistics=STATISTICS,
    demo=scored_night(ansegger_draw),
    paper_help=rule_pages.PaperHelp("mecklenburg/ansegger_paper_help.html", ansegger_example),
)
DUTTFIPS_PAGES = scored_pages(
    statistics=STATISTICS,
    demo=scored_night(duttfips_draw),
    paper_help=rule_pages.PaperHelp("mecklenburg/duttfips_paper_help.html", duttfips_example),
)

#: The games as the web plays them, found by :func:`tournaments.games.discover`.
GAMES = (Game(ANSEGGER, ANSEGGER_PAGES), Game(DUTTFIPS, DUTTFIPS_PAGES))
