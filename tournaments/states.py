"""The night's states, what each allows, and the guards every write goes through.

A tournament moves registration → drawn → playing → finished (reopening takes it back to
playing); a table in play may be ended early and resumed. Pages ask the properties
(``tournament.is_playing``, ``table.is_open_for_entry``); every service that writes calls a
guard below first, which raises :class:`NotAllowedNow`: a ``ValidationError`` with a German
message and a code, shown by the views as any other. Nothing else compares state strings.
"""

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from tournaments.models import Table, Tournament


class TournamentState(models.TextChoices):
    REGISTRATION = "registration", _("registration")
    DRAWN = "drawn", _("tables drawn")
    PLAYING = "playing", _("playing")
    FINISHED = "finished", _("finished")


#: Before play: players register, check in and withdraw, and the tables are drawn (again).
BEFORE_PLAY = (TournamentState.REGISTRATION, TournamentState.DRAWN)
#: A tournament in these states has (or had) deals: its seats are the history of who scored.
PLAYED = (TournamentState.PLAYING, TournamentState.FINISHED)


#: Where a tournament keeps :attr:`TournamentStates.takes_late_arrivals`.
LATE_ARRIVALS = "_takes_late_arrivals"


def forget_late_arrivals(tournament: "Tournament") -> None:
    """A series was drawn: whether the desk takes late arrivals is asked again."""
    tournament.__dict__.pop(LATE_ARRIVALS, None)


class TournamentStates:
    """The tournament's state as the questions pages ask (a base of ``Tournament``)."""

    state: str
    series_count: int

    @property
    def takes_late_arrivals(self) -> bool:
        """In play, a later series still to be drawn: a late arrival registers and checks in
        at the desk, and joins it. One query, for a night of several series in play, kept on
        the instance for its state and count of series (a page asks it for every row; a
        series drawn forgets it: :func:`forget_late_arrivals`)."""
        if not (self.state == TournamentState.PLAYING and self.series_count > 1):
            return False
        key = (self.state, self.series_count)
        kept = self.__dict__.get(LATE_ARRIVALS)
        if kept is None or kept[0] != key:
            tables = self.tables  # type: ignore[attr-defined]
            drawn = tables.aggregate(latest=models.Max("series"))["latest"] or 0
            kept = (key, bool(drawn < self.series_count))
            self.__dict__[LATE_ARRIVALS] = kept
        return bool(kept[1])

    @property
    def is_desk_open(self) -> bool:
        """Players register and check in: before play, and for a later series still to be
        drawn (:attr:`takes_late_arrivals`)."""
        return self.is_registration_open or self.takes_late_arrivals

    @property
    def is_registration_open(self) -> bool:
        """Players may register, check in and withdraw, and the tables be drawn (again)."""
        return self.state in BEFORE_PLAY

    @property
    def is_drawn(self) -> bool:
        """Drawn, not started: players may swap seats, and play may start."""
        return self.state == TournamentState.DRAWN

    @property
    def has_started(self) -> bool:
        """Play has started (and may be over): the seats and the deals are history."""
        return self.state in PLAYED

    @property
    def is_playing(self) -> bool:
        """The tables enter deals; the organiser may end a table early, or finish."""
        return self.state == TournamentState.PLAYING

    @property
    def is_finished(self) -> bool:
        """Over: nothing changes until the organiser reopens it."""
        return self.state == TournamentState.FINISHED


class NotAllowedNow(ValidationError):
    """The state of the tournament or the table does not allow this step now."""


def require_state(tournament: "Tournament", *states: str, action: "StrOrPromise") -> None:
    """An organiser's step (``action``: "Registering") allowed only in ``states``.

    :raises NotAllowedNow: the tournament is in another state.
    """
    if tournament.state not in states:
        raise NotAllowedNow(
            _("%(action)s is not possible now: the tournament is %(state)s."),
            code="wrong_state",
            params={"action": action, "state": tournament.get_state_display()},
        )


def require_desk_open(tournament: "Tournament", *, action: "StrOrPromise") -> None:
    """Registering and checking in: before play, or for a later series still to be drawn.

    :raises NotAllowedNow: the tournament is in another state.
    """
    if not tournament.takes_late_arrivals:
        require_state(tournament, *BEFORE_PLAY, action=action)


def require_not_finished(tournament: "Tournament") -> None:
    """:raises NotAllowedNow: the tournament is finished."""
    if tournament.is_finished:
        raise NotAllowedNow(_("The tournament is finished."), code="locked")


def require_playing(tournament: "Tournament") -> None:
    """:raises NotAllowedNow: the tournament is finished, or play has not started."""
    require_not_finished(tournament)
    if not tournament.is_playing:
        raise NotAllowedNow(_("Play has not started yet."), code="not_playing")


def require_open_for_entry(table: "Table") -> None:
    """The table's own steps: a deal entered, corrected, confirmed or typed from paper, and
    the table ended early. Whether it has played all its deals is the next deal's to say.

    :raises NotAllowedNow: not in play (see :func:`require_playing`), or the table was ended
        early.
    """
    require_playing(table.tournament)
    if table.ended_early:
        raise NotAllowedNow(
            _("%(table)s was ended early by the organiser: it takes no more deals."),
            code="table_ended",
            params={"table": str(table)},
        )
