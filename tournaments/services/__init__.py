"""Everything that changes state in this app (see DESIGN.md): functions, keyword arguments.

One module per subject; every public name is here too, so ``services.tournament_draw(...)``
reads as before the split.
"""

from tournaments.desk.services import (
    registration_add,
    registration_arrive,
    registration_check_in,
    registration_mark_paid,
    registration_withdraw,
    registration_withdraw_check,
    registrations_add_players,
    walk_in_register,
)
from tournaments.draw.seats import (
    seat_leave,
    seat_leave_check,
    table_token_reissue,
    table_token_reissue_check,
)
from tournaments.draw.series_services import (
    series_draw_check,
    series_draw_next,
    series_redraw,
    series_redraw_check,
)
from tournaments.draw.services import tournament_draw, tournament_draw_check, tournament_swap
from tournaments.players.directory import (
    player_merge,
    player_merge_check,
    player_reinstate,
    player_retire,
)
from tournaments.players.services import (
    PlayersImported,
    player_create,
    player_update,
    players_import_csv,
)
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
    "PlayersImported",
    "event_record",
    "one_time_password_generate",
    "organiser_create",
    "organiser_password_change",
    "player_create",
    "player_merge",
    "player_merge_check",
    "player_reinstate",
    "player_retire",
    "player_update",
    "players_import_csv",
    "registration_add",
    "registration_arrive",
    "registration_check_in",
    "registration_mark_paid",
    "registration_withdraw",
    "registration_withdraw_check",
    "registrations_add_players",
    "seat_leave",
    "seat_leave_check",
    "series_draw_check",
    "series_draw_next",
    "series_redraw",
    "series_redraw_check",
    "table_token_reissue",
    "table_token_reissue_check",
    "tournament_create",
    "tournament_draw",
    "tournament_draw_check",
    "tournament_finish",
    "tournament_finish_check",
    "tournament_points_set",
    "tournament_reopen",
    "tournament_reopen_check",
    "tournament_start",
    "tournament_start_check",
    "tournament_swap",
    "tournament_update",
    "walk_in_register",
]
