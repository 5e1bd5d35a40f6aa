"""What the race prints, told to the printing app: its scoresheets, offered on the race's
print page (a night of another rule set is refused them). Registered from
``RacesConfig.ready()``; the renderer is named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind, Offer
from tournaments.printing_kinds import DURING_PLAY
from tournaments.rule_pages import printed_by

RACE_SCORESHEETS = "race_scoresheets"


def register() -> None:
    kinds.register(
        Kind(
            RACE_SCORESHEETS,
            "games.thedinghausen.renderers.render_race_scoresheets",
            _("Race scoresheets"),
            offer=Offer(DURING_PLAY, _("Print the race scoresheets")),
            refusal=printed_by(
                RACE_SCORESHEETS, _("Only a Thedinghausen race has race scoresheets.")
            ),
        )
    )
