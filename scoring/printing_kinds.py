"""What scoring prints, told to the printing app: the scoresheets (filled and blank), the final
ranking and the whole night in one file. Registered from ``ScoringConfig.ready()``; the
renderers (scoring/renderers.py) are named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind
from tournaments.printing_kinds import BEFORE_PLAY, ChosenTablesForm

SCORESHEETS = "scoresheets"
BLANK_SCORESHEETS = "blank_scoresheets"
RANKING = "ranking"
NIGHT = "night"

__all__ = ["BLANK_SCORESHEETS", "NIGHT", "RANKING", "SCORESHEETS", "register"]


def register() -> None:
    kinds.register(
        Kind(SCORESHEETS, render="scoring.renderers.render_scoresheets", label=_("Scoresheets"))
    )
    kinds.register(
        Kind(
            BLANK_SCORESHEETS,
            render="scoring.renderers.render_blank_scoresheets",
            label=_("Blank scoresheets"),
            form=ChosenTablesForm,
            # Before play, with a box per table: for the tables that keep paper.
            offered_in=frozenset({BEFORE_PLAY}),
            button=_("Print blank scoresheets"),
            button_template="scoring/_blank_scoresheets_form.html",
        )
    )
    kinds.register(
        Kind(RANKING, render="scoring.renderers.render_ranking", label=_("Final ranking"))
    )
    kinds.register(Kind(NIGHT, render="scoring.renderers.render_night", label=_("The whole night")))
