"""Every step of the organiser goes through the guards of tournaments/states.py: in a state
that does not allow it, it is refused with the guard's error and changes nothing. (The writes at
a table: tests/scoring/test_state_guard.py.)"""

from collections.abc import Callable

import pytest
from django.forms.models import model_to_dict

from tests.tournaments.night_helpers import night, registration
from tournaments import services
from tournaments.desk.services import (
    registration_add,
    registration_arrive,
    registration_check_in,
    registration_withdraw,
    registrations_add_players,
    walk_in_register,
)
from tournaments.draw.seats import seat_leave, table_token_reissue
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next, series_redraw
from tournaments.draw.services import tournament_draw, tournament_swap
from tournaments.models import (
    Player,
    Registration,
    Seat,
    SeatSwap,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.players.services import player_create
from tournaments.states import BEFORE_PLAY, NotAllowedNow, TournamentState

pytestmark = pytest.mark.django_db

State = TournamentState
Step = Callable[[Tournament], object]


def _seat(tournament: Tournament, position: int) -> Seat:
    return Seat.objects.select_related("table__tournament").get(
        table__tournament=tournament, table__number=1, position=position
    )


def _table(tournament: Tournament) -> Table:
    return Table.objects.select_related("tournament").get(tournament=tournament, number=1)


#: Each step: the states that allow it, whether it needs the drawn tables, and the step.
STEPS: dict[str, tuple[tuple[str, ...], bool, Step]] = {
    "register": (
        BEFORE_PLAY,
        False,
        lambda t: registration_add(tournament=t, player=Player.objects.get(name="Neu")),
    ),
    "register several": (
        BEFORE_PLAY,
        False,
        lambda t: registrations_add_players(tournament=t, players=[Player.objects.get(name="Neu")]),
    ),
    "register a walk-in": (
        BEFORE_PLAY,
        False,
        lambda t: walk_in_register(tournament=t, name="Zugang"),
    ),
    "check in": (
        BEFORE_PLAY,
        False,
        lambda t: registration_check_in(registration=registration(t, "Spieler 04")),
    ),
    "arrive (checked in and paid)": (
        BEFORE_PLAY,
        False,
        lambda t: registration_arrive(registration=registration(t, "Spieler 04")),
    ),
    "withdraw": (
        BEFORE_PLAY,
        False,
        lambda t: registration_withdraw(registration=registration(t, "Spieler 00")),
    ),
    "draw": (BEFORE_PLAY, False, lambda t: tournament_draw(tournament=t, seed=5)),
    "swap": (
        (State.DRAWN,),
        True,
        lambda t: tournament_swap(tournament=t, first=_seat(t, 0), second=_seat(t, 1)),
    ),
    "start": ((State.DRAWN,), True, lambda t: services.tournament_start(tournament=t)),
    "finish": ((State.PLAYING,), False, lambda t: services.tournament_finish(tournament=t)),
    "reopen": ((State.FINISHED,), False, lambda t: services.tournament_reopen(tournament=t)),
    "change the tournament": (
        (State.REGISTRATION, State.DRAWN, State.PLAYING),
        False,
        lambda t: services.tournament_update(tournament=t, name="Anders"),
    ),
    "renew a table's link": (
        (State.DRAWN, State.PLAYING),
        True,
        lambda t: table_token_reissue(table=_table(t)),
    ),
    "a player leaves": (
        (State.PLAYING,),
        True,
        lambda t: seat_leave(seat=_seat(t, 0), after_deal=0),
    ),
    "draw the next series": (
        (State.PLAYING,),
        True,
        lambda t: series_draw_next(tournament=t, method=Method.LOT),
    ),
    "draw a series again": (
        (State.PLAYING,),
        True,
        lambda t: series_redraw(tournament=t, method=Method.LOT),
    ),
}

REFUSED = [
    pytest.param(step, state, id=f"{step} when {state}")
    for step, (allowed, needs_tables, _step) in STEPS.items()
    for state in State.values
    if state not in allowed and not (needs_tables and state == State.REGISTRATION)
]


def _night_in(state: str) -> Tournament:
    """Five registered, four present (one table), one more player in the directory."""
    tournament = night(present=4, absent=1)
    player_create(name="Neu")
    if state != State.REGISTRATION:
        tournament_draw(tournament=tournament, seed=11)
    if state in (State.PLAYING, State.FINISHED):
        services.tournament_start(tournament=tournament)
    if state == State.FINISHED:
        services.tournament_finish(tournament=tournament)
    return Tournament.objects.get(pk=tournament.pk)


def _night_so_far(tournament: Tournament) -> list[object]:
    """Everything an organiser's step could change."""
    return [
        model_to_dict(Tournament.objects.get(pk=tournament.pk)),
        list(Registration.objects.filter(tournament=tournament).values()),
        list(Table.objects.filter(tournament=tournament).values()),
        list(Seat.objects.filter(table__tournament=tournament).values()),
        SeatSwap.objects.count(),
        TournamentEvent.objects.count(),
    ]


@pytest.mark.parametrize(("step", "state"), REFUSED)
def test_a_step_the_state_does_not_allow_changes_nothing(step: str, state: str) -> None:
    tournament = _night_in(state)
    before = _night_so_far(tournament)

    with pytest.raises(NotAllowedNow) as refused:
        STEPS[step][2](tournament)

    expected = "locked" if step == "renew a table's link" else "wrong_state"
    assert refused.value.code == expected
    assert _night_so_far(tournament) == before


def test_every_state_refuses_some_step() -> None:
    """The table above covers every state, so a step added to it is tried in each."""
    assert {state for _step, state in (p.values for p in REFUSED)} == set(State.values)
