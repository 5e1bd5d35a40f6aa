"""What Tippen prints, told to the printing app: each table's ledger. Registered from
``PotsConfig.ready()``; the renderer is named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind

POT_LEDGERS = "pot_ledgers"


def register() -> None:
    kinds.register(Kind(POT_LEDGERS, "pots.renderers.render_pot_ledgers", _("Tippen ledgers")))
