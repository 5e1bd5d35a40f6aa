"""The race's pages, registered in :mod:`tournaments.rule_pages` when the app starts: its own
captain page, standings and table deals, and what the shared pages say of a race (a table
races to ten tricks: no count of deals to play, RACE_TABLE_DEALS)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from races.demo import race_demo_options, race_demo_play
from races.printing_kinds import RACE_SCORESHEETS
from races.selectors import race_entries, race_history, race_players
from races.statistics import race_statistics
from races.templatetags.race_money import cents_as_euros
from races.views import race_page
from tournaments import rule_pages
from tournaments.player_figures import by_games_then_money
from tournaments.race_rules import RACE_RULES

#: Its deals corrected, then (asked for everything) every one entered.
race_history_lines = rule_pages.ledger_history(
    "race-deal",
    lambda tournament: race_history(tournament=tournament),
    lambda tournament: race_entries(tournament=tournament),
    lambda deal: " ".join(str(count) for count in deal.counts),
)


RACE_PAGES = rule_pages.RulePages(
    statistics=race_statistics,
    rank=by_games_then_money,
    own=rule_pages.OwnPages(
        captain=race_page,
        standings="races:standings",
        table_deals="races:table_deals",
        board=lambda tournament: race_players(tournament=tournament),
        points_label=_("Games won"),
        no_sheets=_("A Thedinghausen race prints its scoresheets from its standings page."),
        deals_name="race_deals",
        ranking=rule_pages.Ranking(
            order=_("Ranked by games won, then by the money of the Hedewig ledger."),
            columns=(
                rule_pages.RankingColumn(_("Table"), lambda p: str(p.table)),
                rule_pages.RankingColumn(_("Games won"), lambda p: str(p.games_won), ranks=True),
                rule_pages.RankingColumn(_("Sweeps"), lambda p: str(p.sweeps)),
                rule_pages.RankingColumn(_("Money"), lambda p: cents_as_euros(p.cents), ranks=True),
            ),
        ),
    ),
    demo=rule_pages.every_entry_played(race_demo_play),
    closing=rule_pages.ClosingWords(
        still_playing=_(
            "These tables are still racing: finishing stops them where they are. A game "
            "begun and not won has no winner; its stakes stay paid in the cash box:"
        ),
        table_count=ngettext_lazy(
            "Table %(number)s: %(played)s deal entered",
            "Table %(number)s: %(played)s deals entered",
            "played",
        ),
        nothing_played=_(
            "Table %(number)s has not entered a single deal yet: its players would end the "
            "night without a game from it."
        ),
        table_ends=_(
            "Table %(number)s ends after %(played)s deals; a game begun and not won has no "
            "winner, its stakes stay paid."
        ),
        resume_from=_("Table %(number)s races on from deal %(next)s."),
    ),
    counts_deals=False,
    card_facts="races/rules/card_facts.html",
    tables_line="races/rules/tables_line.html",
    ended_early="races/rules/ended_early.html",
    lists_deals=False,
    demo_options=race_demo_options,
    # Money ranks players with the same games won: the board shows it beside them.
    second_figure=rule_pages.RankingColumn(_("Money"), lambda p: cents_as_euros(p.cents)),
    history=race_history_lines,
    files=(RACE_SCORESHEETS,),
)


def register() -> None:
    """Register the race's pages."""
    rule_pages.register(RACE_RULES, RACE_PAGES)
