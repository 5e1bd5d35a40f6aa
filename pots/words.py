"""A stored Tippen deal in words, as the captain, the organiser and the ledger PDF read it."""

from collections.abc import Sequence

from django.utils.translation import gettext as _

from pots.replay import Ledger


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
    betes = [
        _("%(name)s pays a bête of %(chips)s")
        % {"name": names[seat], "chips": before.chips[seat] - after.chips[seat]}
        for seat in tappers
        if taps[seat] == 0
    ]
    return head + ": " + " – ".join([tricks, *betes])
