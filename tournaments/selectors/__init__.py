"""Reading for pages and commands (see DESIGN.md): nothing here changes state.

One module per subject; every public name is here too, so ``selectors.seats_of(...)`` reads
as before the split.
"""

from tournaments.desk.fees import FeeLine, Fees, fees
from tournaments.desk.selectors import (
    DESK_LIST_SIZE,
    CheckInCount,
    PreviousNight,
    check_in_count,
    players_offered,
    players_to_register,
    previous_night,
    registrations,
    registrations_of_players,
)
from tournaments.draw.selectors import (
    DrawCheck,
    SplitSummary,
    checked_in_registration_ids,
    draw_check,
    draw_is_stale,
    present_summary,
    seat_swaps,
    split_summary,
    unseatable_message,
)
from tournaments.draw.series_selectors import (
    SeriesSeating,
    current_series,
    last_series_drawn,
    series_draw_matches,
    series_draws,
    series_has_entries,
    series_open_tables,
    series_seating,
    standings_places,
)
from tournaments.draw.tables import (
    seated_later,
    seats_of,
    seats_with_players,
    table_for_token,
    table_ids_of_size,
    table_with_seats_locked,
    tables_with_seats,
)
from tournaments.players.duplicates import DuplicatePair, player_duplicate_pairs
from tournaments.players.night_figures import night_figures, ranked_nights
from tournaments.players.page import PlayerNight, PlayerPage, player_page
from tournaments.players.selectors import (
    DUPLICATE_RATIO,
    by_family_name,
    player_directory,
    player_likely_duplicates,
    player_merges,
    player_nights_count,
    players_named,
)
from tournaments.selectors.accounts import organiser_exists, user_must_change_password
from tournaments.selectors.files import (
    SeatingRow,
    seating_list,
    series_drawn,
    table_cards_printed,
)
from tournaments.selectors.tournament import (
    tournament_history,
    tournament_list,
    tournaments_current_first,
    tournaments_on_board_today,
)

__all__ = [
    "DESK_LIST_SIZE",
    "DUPLICATE_RATIO",
    "CheckInCount",
    "DrawCheck",
    "DuplicatePair",
    "FeeLine",
    "Fees",
    "PlayerNight",
    "PlayerPage",
    "PreviousNight",
    "SeatingRow",
    "SeriesSeating",
    "SplitSummary",
    "by_family_name",
    "check_in_count",
    "checked_in_registration_ids",
    "current_series",
    "draw_check",
    "draw_is_stale",
    "fees",
    "last_series_drawn",
    "night_figures",
    "organiser_exists",
    "player_directory",
    "player_duplicate_pairs",
    "player_likely_duplicates",
    "player_merges",
    "player_nights_count",
    "player_page",
    "players_named",
    "players_offered",
    "players_to_register",
    "present_summary",
    "previous_night",
    "ranked_nights",
    "registrations",
    "registrations_of_players",
    "seat_swaps",
    "seated_later",
    "seating_list",
    "seats_of",
    "seats_with_players",
    "series_draw_matches",
    "series_drawn",
    "series_draws",
    "series_has_entries",
    "series_open_tables",
    "series_seating",
    "split_summary",
    "standings_places",
    "table_cards_printed",
    "table_for_token",
    "table_ids_of_size",
    "table_with_seats_locked",
    "tables_with_seats",
    "tournament_history",
    "tournament_list",
    "tournaments_current_first",
    "tournaments_on_board_today",
    "unseatable_message",
    "user_must_change_password",
]
