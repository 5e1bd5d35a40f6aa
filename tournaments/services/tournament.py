"""A tournament's life: created, changed, started, finished, reopened; its history."""

from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from fipsen_rules.ruleset import OptionValue
from tournaments.club_points import POINTS, require_club_points
from tournaments.draw.rule_seating import table_deals
from tournaments.draw.selectors import draw_is_stale
from tournaments.draw.series_selectors import current_series
from tournaments.draw.tables import table_ids_of_size
from tournaments.models import Table, TieBreak, Tournament, TournamentEvent
from tournaments.rule_choice import FIRST_RULES, options_of
from tournaments.rule_pages import pages_of
from tournaments.services.common import one_line
from tournaments.states import TournamentState, require_state


def tournament_create(
    *,
    name: str,
    date: date,
    place: str = "",
    rule_set: str = FIRST_RULES,
    rule_options: Mapping[str, OptionValue] | None = None,
    prize_tournament: bool = True,
    deals_at_four: int | None = 100,
    deals_at_three: int | None = 120,
    tie_break: str = TieBreak.FEWER_LOST_THEN_BEST,
    entry_fee: Decimal = Decimal(0),
    confirmation_required: bool = False,
    board_enabled: bool = True,
    board_after_finish: bool = True,
    series_count: int = 1,
) -> Tournament:
    """A new tournament, open for registration.

    :raises ValidationError: on any invalid field.
    """
    tournament = Tournament(
        name=one_line(name),
        date=date,
        place=one_line(place),
        rule_set=rule_set,
        rule_options=dict(rule_options or {}),
        prize_tournament=prize_tournament,
        deals_at_four=deals_at_four,
        deals_at_three=deals_at_three,
        tie_break=tie_break,
        entry_fee=entry_fee,
        confirmation_required=confirmation_required,
        board_enabled=board_enabled,
        board_after_finish=board_after_finish,
        series_count=series_count,
    )
    tournament.full_clean()
    tournament.save()
    return tournament


#: Fields that decide how the tables play and how the ranking is ordered: fixed once play has
#: started (a tie-break changed during play would reorder places already announced).
RULE_FIELDS = (
    "rule_set",
    "rule_options",
    "prize_tournament",
    "deals_at_four",
    "deals_at_three",
    "tie_break",
)


def tournament_update(*, tournament: Tournament, **fields: object) -> Tournament:
    """Change a tournament's details; the rules only until play starts, nothing once finished.

    :raises ValidationError: a field is invalid, or may not change in this state.
    """
    require_state(
        tournament,
        Tournament.State.REGISTRATION,
        Tournament.State.DRAWN,
        Tournament.State.PLAYING,
        action=_("Changing the tournament"),
    )
    changed_rules = [f for f in RULE_FIELDS if f in fields and _changes(tournament, f, fields)]
    if changed_rules and tournament.has_started:
        raise ValidationError(
            _("The rules cannot change once play has started."), code="rules_fixed"
        )
    _require_series_drawn_fit(tournament, fields)
    for field, value in fields.items():
        setattr(tournament, field, value)
    tournament.full_clean()
    with transaction.atomic():
        tournament.save()
        if changed_rules:  # drawn tables take the new deal counts
            for size, deals in table_deals(tournament).items():
                ids = table_ids_of_size(tournament=tournament, size=size)
                Table.objects.filter(pk__in=ids).update(deals=deals)
    return tournament


def _require_series_drawn_fit(tournament: Tournament, fields: Mapping[str, object]) -> None:
    """The series count may change during play, not below the series already drawn.

    :raises ValidationError: fewer series than are drawn.
    """
    count = fields.get("series_count")
    if isinstance(count, int) and tournament.has_started:
        drawn = current_series(tournament=tournament)
        if count < drawn:
            too_few = _("%(drawn)s series are drawn already: at least %(drawn)s.")
            raise ValidationError(
                {"series_count": ValidationError(too_few, "series_drawn", {"drawn": drawn})}
            )


def tournament_points_set(*, tournament: Tournament, points: Mapping[str, object]) -> Tournament:
    """Save the club's points table of a Mecklenburg tournament (``{"3": [3, -3], …}``),
    checked by the rules library; only until play starts, like the other rules.

    :raises ValidationError: a number or contract the rules refuse, or play has started.
    """
    options = {**tournament.rule_options, POINTS: dict(points)}
    return tournament_update(tournament=tournament, rule_options=options)


def _changes(tournament: Tournament, field: str, fields: Mapping[str, object]) -> bool:
    """Whether ``fields`` change ``field`` of the tournament; options by their values, as
    an option not stored has its default."""
    if field != "rule_options":
        return bool(fields[field] != getattr(tournament, field))
    name = str(fields.get("rule_set", tournament.rule_set))
    given = fields[field]
    new = options_of(name, given) if isinstance(given, Mapping) else None
    return new != options_of(tournament.rule_set, tournament.rule_options)


def tournament_start_check(*, tournament: Tournament) -> None:
    """Why play cannot start now, raised; nothing when it can (the confirmation page asks).

    :raises ValidationError: not drawn yet, the registrations changed since the draw, or
        the club's points table is missing (Mecklenburg).
    """
    require_state(tournament, Tournament.State.DRAWN, action=_("Starting play"))
    require_club_points(tournament)
    if draw_is_stale(tournament=tournament):
        raise ValidationError(
            _("Check-ins changed since the draw: draw the tables again first."),
            code="draw_stale",
        )


def tournament_start(*, tournament: Tournament) -> Tournament:
    """Play begins: the draw and the rules are fixed from now on.

    :raises ValidationError: not drawn yet, or the registrations changed since the draw.
    """
    tournament_start_check(tournament=tournament)
    tournament.state = Tournament.State.PLAYING
    tournament.save(update_fields=["state"])
    return tournament


def tournament_finish_check(*, tournament: Tournament) -> None:
    """:raises ValidationError: the tournament is not in play."""
    require_state(tournament, Tournament.State.PLAYING, action=_("Finishing"))


def tournament_finish(*, tournament: Tournament, user: User | None = None) -> Tournament:
    """The night is over: the tournament is locked (the organiser can reopen it), and the
    history records who finished it and when. The tables keep their links: the printed cards,
    and any card printed now, show the final totals, read only (scoring's table_link), and
    enter deals again once the tournament is reopened.

    :raises ValidationError: the tournament is not in play.
    """
    # No link changes: the finished state alone stops the phones' entries (states.py,
    # require_open_for_entry, checked under the tournament's lock), so the one printed link
    # per table stays valid for the whole night and for the archive's PDFs.
    return _state_change(
        tournament,
        tournament_finish_check,
        Tournament.State.FINISHED,
        TournamentEvent.Kind.FINISHED,
        user,
    )


def tournament_reopen_check(*, tournament: Tournament) -> None:
    """:raises ValidationError: the tournament is not finished."""
    require_state(tournament, Tournament.State.FINISHED, action=_("Reopening"))


def tournament_reopen(*, tournament: Tournament, user: User | None = None) -> Tournament:
    """Undo the finish (a deal forgotten, finished by mistake): play goes on, and the history
    keeps both the finish and the reopening. The tables' links are the ones printed: they
    enter deals again.

    :raises ValidationError: the tournament is not finished.
    """
    return _state_change(
        tournament,
        tournament_reopen_check,
        Tournament.State.PLAYING,
        TournamentEvent.Kind.REOPENED,
        user,
    )


def _state_change(
    tournament: Tournament,
    check: Callable[..., None],
    state: TournamentState,
    kind: TournamentEvent.Kind,
    user: User | None,
) -> Tournament:
    """Check and change the state under the tournament's lock, the lock an entry takes too
    (no deal is saved after the tournament was finished), and record it in the history."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        check(tournament=locked)
        tournament.state = state
        tournament.save(update_fields=["state"])
        event_record(tournament=tournament, kind=kind, user=user)
    return tournament


def event_record(
    *,
    tournament: Tournament,
    kind: str,
    user: User | None = None,
    table: Table | None = None,
    reason: str = "",
    deals_played: int | None = None,
) -> TournamentEvent:
    """Add a line to the tournament's history."""
    return TournamentEvent.objects.create(
        tournament=tournament,
        kind=kind,
        user=user if user is not None and user.is_authenticated else None,
        table_number=table.number if table is not None else None,
        # A race or Tippen table has no count of deals to play: none is recorded.
        deals=table.deals if table is not None and pages_of(tournament).counts_deals else None,
        deals_played=deals_played,
        reason=reason,
    )
