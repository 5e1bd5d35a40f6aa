"""Reading for pages and commands (see DESIGN.md): nothing here changes state.

The night's own subjects (the tournament, accounts, files); every public name is here too,
so ``selectors.organiser_exists()`` reads as one. Each idea of the night
keeps its own in its package (players/, desk/, draw/, ledger/), imported from there.
"""

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
    "SeatingRow",
    "organiser_exists",
    "seating_list",
    "series_drawn",
    "table_cards_printed",
    "tournament_history",
    "tournament_list",
    "tournaments_current_first",
    "tournaments_on_board_today",
    "user_must_change_password",
]
