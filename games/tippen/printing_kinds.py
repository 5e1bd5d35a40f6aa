"""What Tippen prints, told to the printing app: each table's ledger, offered on Tippen's
print page (a night of another rule set is refused them). Registered from
``PotsConfig.ready()``; the renderer is named by path, loaded when a PDF is made."""

from django.utils.translation import gettext_lazy as _

from printing import kinds
from printing.kinds import Kind, Offer
from tournaments.printing_kinds import DURING_PLAY
from tournaments.rule_pages import printed_by

POT_LEDGERS = "pot_ledgers"


def register() -> None:
    kinds.register(
        Kind(
            POT_LEDGERS,
            "games.tippen.renderers.render_pot_ledgers",
            _("Tippen ledgers"),
            offer=Offer(DURING_PLAY, _("Print the Tippen ledgers")),
            refusal=printed_by(POT_LEDGERS, _("Only a Tippen night has Tippen ledgers.")),
        )
    )
