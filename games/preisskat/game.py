"""Preisskat as the web plays it (:data:`GAMES`): tournament Skat scored by the extended
Seeger-Fabian list, its choice on the new-tournament form and what scoring's pages show of it
besides what every scored game shares."""

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.preisskat.cash import skat_money
from games.preisskat.demo import preisskat_draw
from games.preisskat.paper_help import skat_example
from games.preisskat.sheets import LAYOUT
from games.preisskat.statistics import STATISTICS
from scoring.demo import scored_night
from scoring.scored_pages import scored_pages
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.option_text import OptionText
from tournaments.rule_choice import KONTRA, Choice


def _euros(*cents: int) -> tuple[tuple[int, "StrOrPromise"], ...]:
    """Amounts in cents as the organiser reads them: "0,50 €"; 0 as "none"."""
    return tuple((c, f"{c // 100},{c % 100:02d} €" if c else _("none")) for c in cents)


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
        "loss_fee": OptionText(
            _("Verlustspielgeld up to the third lost game"),
            _("What a declarer pays the club for each of his first three lost games of a list."),
            choices=_euros(0, 20, 25, 50, 100),
        ),
        "later_loss_fee": OptionText(
            _("Verlustspielgeld from the fourth lost game"),
            _("What he pays for each lost game of the list from the fourth on."),
            choices=_euros(0, 50, 100, 150, 200),
        ),
        "passed_fee": OptionText(
            _("Fee for a deal all passed"),
            _("What the table pays for each deal all passed (eingepasst), if the club asks."),
            choices=_euros(0, 10, 20, 50),
        ),
    },
    no_leaving=_(
        "A Skat list is played to its end by the players who began it; where one has to "
        "stop, the table is ended early."
    ),
    # PREISSKAT.md: on equal Leistung, more games won, then fewer lost, then the lot.
    tie_break="more_won,fewer_lost",
    tournament_name=_("Preisskat"),
)

PAGES = scored_pages(
    statistics=STATISTICS,
    demo=scored_night(preisskat_draw),
    sheet_layout=LAYOUT,
    money=skat_money,
    paper_help=rule_pages.PaperHelp("preisskat/paper_help.html", skat_example),
)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(PREISSKAT, PAGES),)
