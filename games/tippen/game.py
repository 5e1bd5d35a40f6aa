"""Tippen as the web plays it (:data:`GAMES`): its choice on the new-tournament form, its own
captain page, standings and table deals, and what the shared pages say of a Tippen night (no
count of deals to play: a table plays until the night ends; a pot keeps what is left in it)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from fipsen_rules.signs import signed_total
from games.tippen.demo import pot_demo_play
from games.tippen.printing_kinds import POT_LEDGERS
from games.tippen.rules import TIPPEN_RULES, TIPPEN_TEXTS
from games.tippen.selectors import pot_entries, pot_history, pot_players
from games.tippen.statistics import pot_statistics
from games.tippen.views import pot_page
from tournaments import rule_pages
from tournaments.games import Game
from tournaments.rule_choice import Choice

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

TIPPEN = Choice(
    TIPPEN_RULES,
    _("Tippen"),
    _(
        "Dreiblatt for chips, as a pot ledger: 3 cards, the dealer's stake, who taps plays, "
        "each trick takes a third of the pot. Tables of four (three to five)."
    ),
    TIPPEN_TEXTS,
    # The source says nothing of a player who leaves; the chips pass a seat at a time.
    no_leaving=_(
        "At Tippen no player can leave a table: the sources do not say how the deal and the "
        "pot go on with one player fewer. If a player has to stop, the whole table ends early; "
        "its chips up to then stand."
    ),
)

#: The game as the web plays it, found by :func:`tournaments.games.discover`.
GAMES = (Game(TIPPEN, TIPPEN_PAGES),)
