"""Tippen's pages, registered in :mod:`tournaments.rule_pages` when the app starts: its own
captain page, standings and table deals, and what the shared pages say of a Tippen night (no
count of deals to play: a table plays until the night ends; a pot keeps what is left in it)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from fipsen_rules.signs import signed_total
from pots.demo import pot_demo_play
from pots.printing_kinds import POT_LEDGERS
from pots.selectors import pot_entries, pot_history, pot_players
from pots.statistics import pot_statistics
from pots.views import pot_page
from tournaments import rule_pages
from tournaments.tippen_rules import TIPPEN_RULES

#: Its deals corrected, then (asked for everything) every one entered.
pot_history_lines = rule_pages.ledger_history(
    "pot-deal",
    lambda tournament: pot_history(tournament=tournament),
    lambda tournament: pot_entries(tournament=tournament),
    lambda deal: deal.text,
)


TIPPEN_PAGES = rule_pages.RulePages(
    statistics=pot_statistics,
    own=rule_pages.OwnPages(
        captain=pot_page,
        standings="pots:standings",
        table_deals="pots:table_deals",
        board=lambda tournament: pot_players(tournament=tournament),
        points_label=_("Chips"),
        no_sheets=_("Tippen prints its ledgers from its standings page."),
        deals_name="pot_deals",
        ranking=rule_pages.Ranking(
            order=_("Tippen: ranked by chips won (+) or paid (−); equal chips share a place."),
            columns=(
                rule_pages.RankingColumn(_("Table"), lambda p: str(p.table)),
                rule_pages.RankingColumn(_("Chips"), lambda p: signed_total(p.chips), ranks=True),
            ),
        ),
    ),
    demo=rule_pages.every_entry_played(pot_demo_play),
    closing=rule_pages.ClosingWords(
        still_playing=_(
            "These tables are still playing Tippen: finishing stops them where they are; "
            "what is left in a pot stays there:"
        ),
        table_count=ngettext_lazy(
            "Table %(number)s: %(played)s deal entered",
            "Table %(number)s: %(played)s deals entered",
            "played",
        ),
        nothing_played=_(
            "Table %(number)s has not played a single deal yet: its players would end the "
            "night without a point from it."
        ),
        table_ends=_(
            "Table %(number)s ends after %(played)s deals; what is left in its pot stays there."
        ),
        resume_from=_("Table %(number)s plays on from deal %(next)s."),
    ),
    counts_deals=False,
    card_facts="pots/rules/card_facts.html",
    card_note="pots/rules/card_note.html",
    history=pot_history_lines,
    files=(POT_LEDGERS,),
)


def register() -> None:
    """Register Tippen's pages."""
    rule_pages.register(TIPPEN_RULES, TIPPEN_PAGES)
