"""What the race prints, told to the printing app: its scoresheets. Registered from
``RacesConfig.ready()``; the renderer is named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind

RACE_SCORESHEETS = "race_scoresheets"


def register() -> None:
    kinds.register(
        Kind(RACE_SCORESHEETS, "races.renderers.render_race_scoresheets", _("Race scoresheets"))
    )
