"""A stored Tippen deal in words, as the captain, the organiser and the ledger PDF read it."""

from collections.abc import Sequence

from django.utils.translation import gettext as _

from fipsen_rules import TippenState
from games.tippen.replay import Ledger


def deal_words(names: Sequence[str], ledger: Ledger, index: int) -> str:
    """ "Deal 3 (Anna deals, pot 9): Anna 2, Bernd 1, Carl 0 – Carl pays a bête of 3",
    "… all passed", "… Bernd tapped alone and takes the pot"."""
    before, after = ledger.before(index), ledger.states[index]
    head = _("Deal %(number)s (%(dealer)s deals, pot %(pot)s)") % {
        "number": index + 1,
        "dealer": names[before.dealer],
        "pot": ledger.stakes(index),
    }
    taps = ledger.deals[index]
    tappers = [seat for seat, tricks in enumerate(taps) if tricks is not None]
    if not tappers:
        return head + ": " + _("all passed, the pot stays for the next deal")
    if len(tappers) == 1:
        return (
            head + ": " + _("%(name)s tapped alone and takes the pot") % {"name": names[tappers[0]]}
        )
    tricks = ", ".join(f"{names[seat]} {taps[seat]}" for seat in tappers)
    bete = ledger.start.rules.bete_for(ledger.stakes(index))
    betes = [
        _("%(name)s pays a bête of %(chips)s") % {"name": names[seat], "chips": bete}
        for seat in tappers
        if taps[seat] == 0
    ]
    return head + ": " + " – ".join([tricks, *betes, *_set_aside(before, after)])


def _set_aside(before: TippenState, after: TippenState) -> list[str]:
    """The chips the maximum bête set aside in this deal, in words (none: nothing)."""
    added = after.reserve - before.reserve
    if added <= 0:
        return []
    return [_("%(chips)s above the maximum bête set aside for later deals") % {"chips": added}]
