"""What became of an entry a phone posted, said in the answer's header for the phone's queue
(static/js/offline-queue.js): it goes on after ``saved`` or ``duplicate``, and stops at the
entry, with its taps and the reason, after ``refused``, ``conflict`` or ``closed``. Every rule
set's captain page answers with it."""

from django.core.exceptions import ValidationError

from tournaments.states import NotAllowedNow

ENTRY_HEADER = "X-Preisfipsen-Entry"

SAVED = "saved"
#: The same submission again, or the same deal again: there is nothing to do.
DUPLICATE = "duplicate"
#: The rules or the form refuse it.
REFUSED = "refused"
#: Another phone entered a different entry at that place (or the table moved on).
CONFLICT = "conflict"
#: The table takes no entry: finished, ended early, all its deals played, not yet playing.
CLOSED = "closed"

#: The refusals that say the table takes no more entries, not that this entry is wrong.
_CLOSED_CODES = frozenset({"table_complete"})


def refusal(error: Exception) -> str:
    """The outcome of an entry refused with ``error``: ``closed`` when the table takes none."""
    if isinstance(error, NotAllowedNow):
        return CLOSED
    if isinstance(error, ValidationError) and getattr(error, "code", None) in _CLOSED_CODES:
        return CLOSED
    return REFUSED


def out_of_date(*, same: bool) -> str:
    """The outcome of an entry whose place is taken: ``same``, the entry there is this one."""
    return DUPLICATE if same else CONFLICT
