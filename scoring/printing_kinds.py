"""What scoring prints, told to the printing app: the scoresheets (filled and blank), the final
ranking and the whole night in one file. Registered from ``ScoringConfig.ready()``; the
renderers (scoring/renderers.py) are named by path, loaded when a PDF is made.

A rule set played on its own pages (the race, Tippen) has no scored deal: its night is not
offered the sheets nor the whole night, and a request is refused (its app prints its own
sheets); its final ranking is the one the renderer makes of its own places (games won, then
money; chips: scoring/standings/own_prizes.py)."""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind, Offer
from tournaments.printing_kinds import BEFORE_PLAY, DURING_PLAY, ChosenTablesForm, SeriesForm
from tournaments.rule_choice import TournamentRules
from tournaments.rule_pages import pages_of

SCORESHEETS = "scoresheets"
BLANK_SCORESHEETS = "blank_scoresheets"
RANKING = "ranking"
NIGHT = "night"
CASH_REPORT = "cash_report"

__all__ = ["BLANK_SCORESHEETS", "CASH_REPORT", "NIGHT", "RANKING", "SCORESHEETS", "register"]


def not_deal_scored(tournament: TournamentRules) -> str | Promise | None:
    """Why the race's or Tippen's night has no scored sheets (None: it has)."""
    return pages_of(tournament).no_sheets


def register() -> None:
    # Blank sheets are offered before play too, with a box per table: for those that keep paper.
    blank = Offer(
        BEFORE_PLAY, _("Print blank scoresheets"), template="scoring/_blank_scoresheets_form.html"
    )
    for kind in (
        Kind(SCORESHEETS, "scoring.renderers.render_scoresheets", _("Scoresheets"),
             form=SeriesForm, offer=Offer(DURING_PLAY, _("Print filled scoresheets")),
             refusal=not_deal_scored),
        Kind(BLANK_SCORESHEETS, "scoring.renderers.render_blank_scoresheets",
             _("Blank scoresheets"), form=ChosenTablesForm, offer=blank, refusal=not_deal_scored),
        Kind(RANKING, "scoring.renderers.render_ranking", _("Final ranking"),
             offer=Offer(DURING_PLAY, _("Print the final ranking"))),
        Kind(NIGHT, "scoring.renderers.render_night", _("The whole night"),
             offer=Offer(DURING_PLAY, _("Everything of the night in one PDF")),
             refusal=not_deal_scored),
        Kind(CASH_REPORT, "scoring.renderers.render_cash_report", _("Cash report"),
             offer=Offer(DURING_PLAY, _("Print the cash report"))),
    ):  # fmt: skip
        kinds.register(kind)
