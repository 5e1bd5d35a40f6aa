"""What the pages of every game whose deals scoring scores share (:func:`scored_pages`): the
closing words, the table card's facts, the tables page's line, the ranking by points and the
tournament's tie-break. Each such game's package (``games/*/game.py``) adds its own."""

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.standings.ranking import Figures, rank, tie_break_of
from tournaments import rule_pages
from tournaments.models import Tournament
from tournaments.players.figures import Placed, PlayerFigures

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


def ranked_by_tie_break(tournament: Tournament, figures: Sequence[PlayerFigures]) -> list[Placed]:
    """Points, then the tournament's tie-break, as the standings rank."""
    ranked = rank(
        [Figures(f, f.points, won=f.won, lost=f.lost, best=f.best) for f in figures],
        tie_break_of(tournament),
    )
    return [Placed(entry.place, entry.shared, entry.figures.key) for entry in ranked]


#: The table card's facts and the tables page's line of a game that plays a count of deals.
CARD_FACTS = "scoring/rules/card_facts.html"
TABLES_LINE = "scoring/rules/tables_line.html"


def scored_pages(
    *, demo: Callable[[Tournament, Any], tuple[int, int]], **own: Any
) -> rule_pages.RulePages:
    """The pages of a game whose deals scoring scores: its ``demo`` and what it says of its
    own (any other field of :class:`~tournaments.rule_pages.RulePages`) beside what they share."""
    shared: dict[str, Any] = {
        "rank": ranked_by_tie_break,
        "closing": CLOSING,
        "card_facts": CARD_FACTS,
        "tables_line": TABLES_LINE,
    }
    return rule_pages.RulePages(own=None, demo=demo, **(shared | own))
