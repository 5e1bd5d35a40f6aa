"""What the race prints, told to the printing app: its scoresheets, offered on the race's
print page (a night of another rule set is refused them). Registered from
``RacesConfig.ready()``; the renderer is named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind, Offer
from tournaments.printing_kinds import DURING_PLAY, only_for
from tournaments.race_rules import RACE_RULES

RACE_SCORESHEETS = "race_scoresheets"


def register() -> None:
    kinds.register(
        Kind(
            RACE_SCORESHEETS,
            "races.renderers.render_race_scoresheets",
            _("Race scoresheets"),
            offer=Offer(DURING_PLAY, _("Print the race scoresheets")),
            refusal=only_for(RACE_RULES, _("Only a Thedinghausen race has race scoresheets.")),
        )
    )
