"""Everything that changes state in this app (see DESIGN.md): functions, keyword arguments.

The night's own subjects (the tournament, accounts, files); every public name is here too,
so ``services.tournament_start(...)`` reads as one. Each idea of the night
keeps its own in its package (players/, desk/, draw/, ledger/), imported from there.
"""

from tournaments.services.accounts import (
    ORGANISER_USERNAME,
    OrganiserCreated,
    one_time_password_generate,
    organiser_create,
    organiser_password_change,
)
from tournaments.services.tournament import (
    RULE_FIELDS,
    event_record,
    tournament_create,
    tournament_finish,
    tournament_finish_check,
    tournament_points_set,
    tournament_reopen,
    tournament_reopen_check,
    tournament_start,
    tournament_start_check,
    tournament_update,
)

__all__ = [
    "ORGANISER_USERNAME",
    "RULE_FIELDS",
    "OrganiserCreated",
    "event_record",
    "one_time_password_generate",
    "organiser_create",
    "organiser_password_change",
    "tournament_create",
    "tournament_finish",
    "tournament_finish_check",
    "tournament_points_set",
    "tournament_reopen",
    "tournament_reopen_check",
    "tournament_start",
    "tournament_start_check",
    "tournament_update",
]
