"""What scoring prints, told to the printing app: the scoresheets (filled and blank), the final
ranking and the whole night in one file. Registered from ``ScoringConfig.ready()``; the
renderers (scoring/renderers.py) are named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind, Offer
from tournaments.printing_kinds import BEFORE_PLAY, ChosenTablesForm

SCORESHEETS = "scoresheets"
BLANK_SCORESHEETS = "blank_scoresheets"
RANKING = "ranking"
NIGHT = "night"

__all__ = ["BLANK_SCORESHEETS", "NIGHT", "RANKING", "SCORESHEETS", "register"]


def register() -> None:
    # Blank sheets are offered before play too, with a box per table: for those that keep paper.
    blank = Offer(
        BEFORE_PLAY, _("Print blank scoresheets"), template="scoring/_blank_scoresheets_form.html"
    )
    for kind in (
        Kind(SCORESHEETS, "scoring.renderers.render_scoresheets", _("Scoresheets")),
        Kind(BLANK_SCORESHEETS, "scoring.renderers.render_blank_scoresheets",
             _("Blank scoresheets"), form=ChosenTablesForm, offer=blank),
        Kind(RANKING, "scoring.renderers.render_ranking", _("Final ranking")),
        Kind(NIGHT, "scoring.renderers.render_night", _("The whole night")),
    ):  # fmt: skip
        kinds.register(kind)
