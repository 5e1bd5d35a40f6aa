"""The night's later series: drawing series 2, 3, … once the one before is played, and drawing
the latest again before its first deal."""

import secrets
from collections.abc import Collection

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import SeatingError
from tournaments.draw.rule_seating import tournament_split
from tournaments.draw.selectors import unseatable_message
from tournaments.draw.series_draw import Method, SeriesDrawn, series_tables
from tournaments.draw.series_selectors import (
    SeriesSeating,
    current_series,
    series_has_entries,
    series_open_tables,
    series_seating,
    standings_places,
)
from tournaments.models import Seat, SeriesDraw, Table, Tournament, TournamentEvent
from tournaments.services.common import new_token
from tournaments.services.tournament import event_record
from tournaments.states import (
    TournamentState,
    forget_late_arrivals,
    require_state,
)


def series_draw_check(*, tournament: Tournament, number: int | None = None) -> int:
    """The number of the series to draw next; raised why it cannot be drawn now. With
    ``number``, the series the organiser asked to draw: drawn already, it is said so.

    :raises ValidationError: play is not under way, every series is drawn, series ``number``
        was drawn meanwhile (code ``series_drawn_now``: another tap or desk was first), or the
        series under way still has open tables (the organiser waits for them or ends them
        early).
    """
    require_state(tournament, TournamentState.PLAYING, action=_("Drawing the next series"))
    current = current_series(tournament=tournament)
    if number is not None and number <= current:
        raise ValidationError(
            _("Series %(series)s was drawn just now."),
            code="series_drawn_now",
            params={"series": number},
        )
    if current >= tournament.series_count:
        raise ValidationError(
            _("All %(count)s series of this night are drawn."),
            code="series_all_drawn",
            params={"count": tournament.series_count},
        )
    still_open = series_open_tables(tournament=tournament, series=current)
    if still_open:
        raise ValidationError(
            ngettext(
                "Series %(series)s still has an open table: %(tables)s. Wait until it has "
                "played its deals, or end it early.",
                "Series %(series)s still has open tables: %(tables)s. Wait until they have "
                "played their deals, or end them early.",
                len(still_open),
            ),
            code="series_open",
            params={"series": current, "tables": ", ".join(map(str, still_open))},
        )
    return current + 1


def series_redraw_check(*, tournament: Tournament) -> int:
    """The number of the series that may be drawn again (the latest, from 2 on, before its
    first deal); raised why none can.

    :raises ValidationError: play is not under way, no later series is drawn, or the latest
        has an entry.
    """
    require_state(tournament, TournamentState.PLAYING, action=_("Drawing a series again"))
    current = current_series(tournament=tournament)
    if current < 2:
        raise ValidationError(_("No later series is drawn yet."), code="series_none")
    if series_has_entries(tournament=tournament, series=current):
        raise ValidationError(
            _("Series %(series)s has its first deals: it cannot be drawn again."),
            code="series_started",
            params={"series": current},
        )
    return current


def series_draw_next(
    *,
    tournament: Tournament,
    method: Method,
    user: User | None = None,
    seed: int | None = None,
    stopping: Collection[int] = (),
    number: int | None = None,
) -> SeriesDraw:
    """Draw the next series for who played the one before (less ``stopping``, the
    registrations that stop now, and those who left a table) and who arrived since; with
    ``number``, only if that is the next series (the one the organiser confirmed).

    :raises ValidationError: see :func:`series_draw_check`; the players cannot be seated.
    """
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = series_draw_check(tournament=locked, number=number)
        seating = series_seating(tournament=locked)
        players = seating.players_of(number, set(stopping))
        drawn = _record(locked, number, method, user, seed, players, seating)
        _history(locked, drawn, TournamentEvent.Kind.SERIES_DRAWN, user)
    forget_late_arrivals(tournament)
    return drawn


def series_redraw(
    *,
    tournament: Tournament,
    method: Method,
    user: User | None = None,
    seed: int | None = None,
    stopping: Collection[int] = (),
) -> SeriesDraw:
    """Draw the latest series again (before its first deal), for its players and whoever
    arrived since, less ``stopping`` (as in :func:`series_draw_next`: only who played an
    earlier series stops), from a new seed;
    its tables get new links.

    :raises ValidationError: see :func:`series_redraw_check`; the players cannot be seated.
    """
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = series_redraw_check(tournament=locked)
        seating = series_seating(tournament=locked)
        arrived = seating.present - set().union(*(seating.seated_in(n) for n in seating.tables))
        # Only who played an earlier series can stop, as at the draw: a late arrival left
        # out here would be seated in no series, and come back at the next draw as new.
        played = set().union(*(seating.seated_in(n) for n in range(1, number)))
        players = (seating.seated_in(number) | arrived) - (set(stopping) & played)
        del seating.tables[number]
        # Its tables have no deal: their seats and totals go (no QuerySet.delete of the
        # seats, which guards the seats of a night in play: these were never played).
        Seat._base_manager.filter(table__tournament=locked, series=number).delete()
        Table.objects.filter(tournament=locked, series=number).delete()
        SeriesDraw.objects.filter(tournament=locked, number=number).delete()
        drawn = _record(locked, number, method, user, seed, players, seating)
        _history(locked, drawn, TournamentEvent.Kind.SERIES_REDRAWN, user)
    return drawn


def _record(
    tournament: Tournament,
    number: int,
    method: Method,
    user: User | None,
    seed: int | None,
    players: set[int],
    seating: SeriesSeating,
) -> SeriesDraw:
    """Draw series ``number`` for ``players`` and save its tables, seats and record."""
    seed = secrets.randbits(63) if seed is None else seed
    places = standings_places(tournament=tournament) if method == Method.SEEDED else {}
    drawn = _drawn(tournament, seed, method, players, seating.earlier(number), places)
    for table in drawn.tables:
        row = Table.objects.create(
            tournament=tournament,
            series=number,
            number=table.number,
            deals=table.deals,
            first_dealer=table.first_dealer,
            token=new_token(),
        )
        Seat.objects.bulk_create(
            Seat(table=row, series=number, position=position, registration_id=registration)
            for position, registration in enumerate(table.seats)
        )
    return SeriesDraw.objects.create(
        tournament=tournament,
        number=number,
        method=method,
        seed=seed,
        order=sorted(players),
        places={str(registration): place for registration, place in places.items()},
        met_again=drawn.met_again,
        user=user if user is not None and user.is_authenticated else None,
    )


def _drawn(
    tournament: Tournament,
    seed: int,
    method: Method,
    players: set[int],
    earlier: list[list[set[int]]],
    places: dict[int, int],
) -> SeriesDrawn:
    """The series' tables, or why these players cannot be seated.

    :raises ValidationError: the rule set cannot seat this count.
    """
    try:
        split = tournament_split(tournament, len(players))
    except SeatingError as error:
        raise ValidationError(
            unseatable_message(error.params.get("fewer"), error.violations[0].code),
            code="unseatable",
            params={"players": len(players), **error.params},
        ) from None
    return series_tables(
        seed=seed, method=method, registration_ids=players, split=split, earlier=earlier,
        places=places,
    )  # fmt: skip


def _history(tournament: Tournament, drawn: SeriesDraw, kind: str, user: User | None) -> None:
    """The history's line: which series, how, and how many pairs met again."""
    met = ngettext("%(pairs)s pair met again", "%(pairs)s pairs met again", drawn.met_again) % {
        "pairs": drawn.met_again
    }
    reason = gettext("Series %(series)s, %(method)s; %(met)s") % {
        "series": drawn.number,
        "method": drawn.get_method_display(),
        "met": met,
    }
    event_record(tournament=tournament, kind=kind, user=user, reason=reason)
