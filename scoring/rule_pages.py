"""The pages of the rule sets whose deals scoring scores (Prisdorf, Großenaspe, Ansegger Fips,
Duttfips), registered in :mod:`tournaments.rule_pages` when the app starts: what the shared
pages say of them (the closing words, the table card, the sheet's legend)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from scoring.demo import GameDraw, prisdorf_night, prisdorf_players_check, scored_night
from scoring.paper_help import ansegger_example, aspe_example, duttfips_example, prisdorf_example
from scoring.ranking import Figures, rank, tie_break_of
from scoring.statistics import ASPE_STATISTICS, MECKLENBURG_STATISTICS, PRISDORF_STATISTICS
from tournaments import rule_pages
from tournaments.models import Tournament
from tournaments.player_figures import Placed, PlayerFigures
from tournaments.rule_choice import ANSEGGER, DUTTFIPS, GROSSENASPE, PRISDORF, rules_of

#: A table that plays a number of deals.
CLOSING = rule_pages.ClosingWords(
    still_playing=_(
        "These tables have not played all their deals yet. “Yes, finish the tournament” "
        "stops them where they are: their deals played count, the standings say that they "
        "played short. To let them play on, go back instead:"
    ),
    table_count=_("Table %(number)s: %(played)s of %(deals)s deals"),
    nothing_played=_(
        "Table %(number)s has not played a single deal yet: its players would end the "
        "night without a point from it."
    ),
    table_ends=_("Table %(number)s ends after %(played)s of %(deals)s deals."),
    resume_from=_("Table %(number)s plays on from deal %(next)s of %(deals)s."),
)

_FIVE_SITS_OUT = _(
    "At this table of five the dealer sits out each deal: he neither plays nor scores in it."
)


@dataclass(frozen=True)
class AspeCardNote:
    """What a Großenaspe table card says of its rules: their name, Kloppen or not, and the
    dealer sitting out at a table of five (scoring/rules/aspe_card_*.html)."""

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


def ranked_by_tie_break(tournament: Tournament, figures: Sequence[PlayerFigures]) -> list[Placed]:
    """Points, then the tournament's tie-break, as the standings rank."""
    ranked = rank(
        [Figures(f, f.points, won=f.won, lost=f.lost, best=f.best) for f in figures],
        tie_break_of(tournament),
    )
    return [Placed(entry.place, entry.shared, entry.figures.key) for entry in ranked]


SCORED = rule_pages.RulePages(
    rank=ranked_by_tie_break,
    statistics=PRISDORF_STATISTICS,
    own=None,
    closing=CLOSING,
    demo=prisdorf_night,
    demo_check=prisdorf_players_check,
    paper_help=rule_pages.PaperHelp("scoring/rules/paper_help.html", prisdorf_example),
    card_facts="scoring/rules/card_facts.html",
    tables_line="scoring/rules/tables_line.html",
)

#: Ansegger Fips and Duttfips: Mecklenburg's games, scored from the club's own table.
ANSEGGER_PAGES = replace(
    SCORED,
    demo_check=None,
    demo=scored_night(GameDraw.ansegger),
    statistics=MECKLENBURG_STATISTICS,
    paper_help=rule_pages.PaperHelp("scoring/rules/ansegger_paper_help.html", ansegger_example),
)
DUTTFIPS_PAGES = replace(
    SCORED,
    demo_check=None,
    demo=scored_night(GameDraw.duttfips),
    statistics=MECKLENBURG_STATISTICS,
    paper_help=rule_pages.PaperHelp("scoring/rules/duttfips_paper_help.html", duttfips_example),
)

ASPE = rule_pages.RulePages(
    rank=ranked_by_tie_break,
    statistics=ASPE_STATISTICS,
    own=None,
    closing=CLOSING,
    demo=scored_night(GameDraw.aspe),
    card_facts="scoring/rules/aspe_card_facts.html",
    card_note="scoring/rules/aspe_card_note.html",
    card_context=_aspe_card,
    paper_help=rule_pages.PaperHelp("scoring/rules/aspe_paper_help.html", aspe_example),
    sheet_legend="scoring/rules/aspe_sheet_legend.html",
    pdf_legend="scoring/rules/aspe_pdf_legend.html",
    tables_line="scoring/rules/tables_line.html",
)


def register() -> None:
    """Register the pages of the rule sets whose deals are scored here."""
    rule_pages.register(PRISDORF.name, SCORED)
    rule_pages.register(GROSSENASPE.name, ASPE)
    rule_pages.register(ANSEGGER.name, ANSEGGER_PAGES)
    rule_pages.register(DUTTFIPS.name, DUTTFIPS_PAGES)
