"""Großenaspe Fipsen as the web plays it (:data:`GAMES`): its choice on the new-tournament
form, and what scoring's pages show of it besides what every scored game shares: its table
card's note (Kloppen, the dealer sitting out at five), the sheet's and the PDF's legend of
the column of each opponent's gain."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.grossenaspe.demo import aspe_draw
from games.grossenaspe.paper_help import aspe_example
from games.grossenaspe.statistics import STATISTICS
from scoring.demo import scored_night
from scoring.scored_pages import scored_pages
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.models import Tournament
from tournaments.option_text import OptionText
from tournaments.rule_choice import Choice, rules_of

GROSSENASPE = Choice(
    "grossenaspe",
    _("Großenaspe Fipsen"),
    _(
        "32 cards, bids 1 to 5 with Gute, Kieker and Fips; a failed game scores for each "
        "opponent. Tables of four, and of five with the dealer sitting out."
    ),
    {
        "kloppen": OptionText(
            _("Kloppen"),
            _("An opponent may knock before the first trick: the deal counts double."),
        ),
    },
    no_leaving=_(
        "Großenaspe Fipsen cannot go on without a player: if one has to stop, the whole table "
        "ends early, and its deals stand. At four the rest would play Karo Fipsen, whose "
        "scoring is unknown; at five the player who left would still count as an opponent."
    ),
)

_FIVE_SITS_OUT = _(
    "At this table of five the dealer sits out each deal: he neither plays nor scores in it."
)


@dataclass(frozen=True)
class AspeCardNote:
    """What a Großenaspe table card says of its rules: their name, Kloppen or not, and the
    dealer sitting out at a table of five (grossenaspe/card_*.html)."""

    name: StrOrPromise
    kloppen: StrOrPromise
    five: StrOrPromise


def aspe_card_note(tournament: Tournament) -> AspeCardNote:
    """The Großenaspe note of the table cards."""
    if rules_of(tournament).options.get("kloppen"):
        kloppen = _(
            "With Kloppen: an opponent may knock before the first trick; the deal counts double."
        )
    else:
        kloppen = _("Without Kloppen: nobody knocks.")
    return AspeCardNote(GROSSENASPE.label, kloppen, _FIVE_SITS_OUT)


def _aspe_card(tournament: Tournament) -> Mapping[str, Any]:
    return {"aspe": aspe_card_note(tournament)}


PAGES = scored_pages(
    statistics=STATISTICS,
    demo=scored_night(aspe_draw),
    card_facts="grossenaspe/card_facts.html",
    card_note="grossenaspe/card_note.html",
    card_context=_aspe_card,
    paper_help=rule_pages.PaperHelp("grossenaspe/paper_help.html", aspe_example),
    sheet_legend="grossenaspe/sheet_legend.html",
    pdf_legend="grossenaspe/pdf_legend.html",
)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(GROSSENASPE, PAGES),)
