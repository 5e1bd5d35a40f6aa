"""The Thedinghausen race as the web plays it (:data:`GAMES`): its choice on the
new-tournament form, its own captain page, standings and table deals, and what the shared
pages say of a race (a table races to ten tricks: no count of deals to play,
RACE_TABLE_DEALS)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.thedinghausen.demo import race_demo_options, race_demo_play
from games.thedinghausen.printing_kinds import RACE_SCORESHEETS
from games.thedinghausen.rules import RACE_RULES
from games.thedinghausen.selectors import race_entries, race_history, race_players
from games.thedinghausen.statistics import race_statistics
from games.thedinghausen.templatetags.race_money import cents_as_euros
from games.thedinghausen.views import race_page
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.option_text import OptionText
from tournaments.players.figures import by_games_then_money
from tournaments.rule_choice import Choice

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

THEDINGHAUSEN = Choice(
    RACE_RULES,
    _("Thedinghausen race"),
    _(
        "The Bauernkör's race to ten tricks: five players, no auction, trumps turned up; "
        "each game's winner takes the buns, a sweep wins 5 Hedewigs."
    ),
    {
        "filler": OptionText(
            _("tables that fill up"),
            _("Where the players do not divide by five: tables of four or of six."),
            choices=((4, "4"), (6, "6")),
        ),
        "must_trump": OptionText(
            _("must trump (KZ)"),
            _("Who cannot follow suit must trump: on the table card only, it changes no count."),
        ),
        "announced_fipsen": OptionText(
            _("announced Fipsen (KZ)"),
            _(
                "A player may announce that he wins all five tricks of the deal; if he loses "
                "one, he pays 1 € to each of the others."
            ),
        ),
    },
    # The sources are silent on a player who leaves; the app does not invent a race short.
    no_leaving=_(
        "In the Thedinghausen race no player can leave a table: the sources do not say how a "
        "race goes on with one player fewer. If a player has to stop, the whole table ends "
        "early; its games, tricks and money up to then stand, and a game begun has no winner."
    ),
)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(THEDINGHAUSEN, RACE_PAGES),)
