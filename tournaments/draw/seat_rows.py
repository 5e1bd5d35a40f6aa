"""The seats of a table card on the organiser's tables page (``tournaments/night/tables.html``),
written here rather than by the template's loop: at 200 tables the 800 seats' rows took
about 40 % of the page's CPU (bench/bench_organiser_pages.py). A seat: the player and his
club, "gibt zuerst" for the first dealer, the deal he left after, and while play goes on the
button that leads to the confirmation of his leaving (or, where no player may leave, of the
table's end)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from sitewide.url_helpers import reverse_each
from tournaments.models import Seat, Table, Tournament
from tournaments.night_links import night_link
from tournaments.states import TournamentState


@dataclass(frozen=True)
class SeatLinks:
    """What the tables page's seats share: reversed and translated once for the page."""

    playing: bool
    may_leave: bool
    leave: Callable[[object], str]
    deals_first: str

    @classmethod
    def of(cls, tournament: Tournament) -> "SeatLinks":
        return cls(
            playing=tournament.state == TournamentState.PLAYING,
            may_leave=bool(tournament.players_may_leave),
            leave=reverse_each("tournaments:leave", tournament.pk),
            deals_first=escape(gettext("deals first")),
        )


def seat_rows(table: Table, seats: Sequence[Seat], links: SeatLinks, *, done: bool) -> SafeString:
    """The ``<li>`` of each of ``seats`` (the table's, prefetched with their players)."""
    still = sum(1 for seat in seats if seat.left_after_deal is None)
    end = None
    rows = []
    for seat in seats:
        player = seat.registration.player
        name = escape(player.name)
        club = f' <small class="seat-club">{escape(player.club)}</small>' if player.club else ""
        left = seat.left_after_deal
        parts = [f'<span class="seat-name">{name}</span>{club}']
        if seat.position == table.first_dealer:
            parts.append(f'<span class="badge">{links.deals_first}</span>')
        if left is not None:
            text = gettext("left after deal %(deal)s") % {"deal": left}
            parts.append(f'<span class="badge">{escape(text)}</span>')
        elif links.playing and not done:
            if links.may_leave and still > 3:
                url = links.leave(seat.pk)
                text = gettext("%(player)s has to stop…") % {"player": player.name}
            else:
                end = end or night_link("table_end", table.tournament_id, table.pk)
                url = f"{end}?player={seat.pk}"
                text = gettext("%(player)s has to stop: end the table…") % {"player": player.name}
            parts.append(
                f'<a class="button button-secondary button-small leave" href="{url}">'
                f"{escape(text)}</a>"
            )
        has_left = " has-left" if left is not None else ""
        rows.append(f'<li class="seat{has_left}">{" ".join(parts)}</li>')
    return mark_safe("\n".join(rows))  # noqa: S308 (every text escaped)
