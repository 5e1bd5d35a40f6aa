"""Prisdorf Fipsen as the web plays it (:data:`GAMES`): its choice on the new-tournament form,
and what scoring's pages show of it besides what every scored game shares."""

from django.utils.translation import gettext_lazy as _

from games.prisdorf.demo import prisdorf_draw, prisdorf_players_check
from games.prisdorf.paper_help import prisdorf_example
from games.prisdorf.statistics import STATISTICS
from scoring.demo import scored_night
from scoring.scored_pages import scored_pages
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.option_text import OptionText
from tournaments.rule_choice import KONTRA, Choice

PRISDORF = Choice(
    "prisdorf",
    _("Prisdorf Fipsen"),
    _("The Preisfipsen as Senst wrote it down: 25 cards, tables of four and of three."),
    {
        "min_bid": OptionText(
            _("minimum bid"),
            _("2 at a Preisfipsen; 3 as in many home games."),
            choices=((2, "2"), (3, "3")),
        ),
        KONTRA: OptionText(
            _("Kontra and Rekontra"),
            _(
                "Each call doubles the score (not of a Siebener Fips or a Kieker given up). "
                "Only at a private evening: a Preisfipsen is played without them."
            ),
        ),
        "durch_biddable": OptionText(
            _("Durch can be bid"),
            _(
                "As Denexa and gamerules read the game, not Prisdorf's rule: a bid Durch "
                "counts as a double and must be played for all five tricks."
            ),
        ),
    },
)

PAGES = scored_pages(
    statistics=STATISTICS,
    demo=scored_night(prisdorf_draw),
    demo_check=prisdorf_players_check,
    paper_help=rule_pages.PaperHelp("scoring/rules/paper_help.html", prisdorf_example),
)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(PRISDORF, PAGES),)
