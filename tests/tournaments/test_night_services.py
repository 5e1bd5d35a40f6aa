"""The night's services and selectors, called directly: each refusal changes nothing."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.scoring.helpers import deals_played
from tests.tournaments.night_helpers import night, registration
from tournaments import services
from tournaments.desk.selectors import players_to_register, previous_night
from tournaments.desk.services import (
    registration_add,
    registration_check_in,
    registration_withdraw,
    registrations_add_players,
    walk_in_register,
)
from tournaments.draw.seats import seat_leave, table_token_reissue
from tournaments.draw.selectors import (
    checked_in_registration_ids,
    draw_check,
    draw_is_stale,
    split_summary,
)
from tournaments.draw.services import tournament_draw, tournament_swap
from tournaments.draw.tables import table_for_token, tables_with_seats
from tournaments.models import Player, Registration, Seat, SeatSwap, Table, Tournament
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db


def _codes(error: pytest.ExceptionInfo[ValidationError]) -> set[str | None]:
    return {e.code for e in error.value.error_list}


def test_a_tournament_starts_open_for_registration_with_the_default_rules() -> None:
    tournament = services.tournament_create(name="Herbst", date=datetime.date(2026, 11, 21))
    assert tournament.state == Tournament.State.REGISTRATION
    assert (tournament.rule_set, tournament.deals_at_four, tournament.deals_at_three) == (
        "prisdorf",
        100,
        120,
    )
    assert tournament.rule_options["min_bid"] == 2
    assert tournament.prize_tournament


@pytest.mark.parametrize(
    ("field", "value", "shown_on"),
    [
        ("name", "", "name"),
        ("rule_options", {"min_bid": 4}, "rule_set"),
        ("rule_options", {"kloppen": True}, "rule_set"),
        ("rule_options", {"min_bid": "3"}, "rule_set"),
        ("rule_set", "skat", "rule_set"),
        ("rule_set", "Prisdorf", "rule_set"),  # not a name the app stores (lower case)
        ("deals_at_four", 0, "deals_at_four"),
        ("entry_fee", -1, "entry_fee"),
    ],
)
def test_an_invalid_tournament_is_not_saved(field: str, value: object, shown_on: str) -> None:
    fields: dict[str, object] = {"name": "Herbst", "date": datetime.date(2026, 11, 21)}
    fields[field] = value
    with pytest.raises(ValidationError) as error:
        services.tournament_create(**fields)  # type: ignore[arg-type]
    assert shown_on in error.value.message_dict
    assert not Tournament.objects.exists()


def test_a_player_registers_once() -> None:
    tournament = night(present=0)
    player = player_create(name="Anna Möller")
    registration_add(tournament=tournament, player=player)
    with pytest.raises(ValidationError) as error:
        registration_add(tournament=tournament, player=player)
    assert _codes(error) == {"already_registered"}
    assert Registration.objects.filter(tournament=tournament).count() == 1


def test_a_withdrawn_player_can_register_again() -> None:
    tournament = night(present=1)
    entry = registration(tournament, "Spieler 00")
    registration_withdraw(registration=entry)
    entry.refresh_from_db()
    assert not entry.is_checked_in
    registration_add(tournament=tournament, player=entry.player, check_in=True)
    entry.refresh_from_db()
    assert entry.is_checked_in
    assert entry.withdrawn_at is None


def test_a_withdrawn_player_cannot_be_checked_in() -> None:
    tournament = night(present=1)
    entry = registration_withdraw(registration=registration(tournament, "Spieler 00"))
    with pytest.raises(ValidationError) as error:
        registration_check_in(registration=entry)
    assert _codes(error) == {"withdrawn"}


def test_a_walk_in_is_added_to_the_directory_registered_and_present() -> None:
    tournament = night(present=0)
    entry = walk_in_register(tournament=tournament, name="  Jens   Ötzel ", club="Pinneberg")
    assert entry.walk_in
    assert entry.is_checked_in
    assert entry.player.name == "Jens Ötzel"
    assert entry.player.name_key == "jens oetzel"


def test_a_walk_in_without_a_name_saves_nothing() -> None:
    tournament = night(present=0)
    with pytest.raises(ValidationError):
        walk_in_register(tournament=tournament, name="   ")
    assert not Player.objects.exists()


def test_the_draw_seats_every_present_player_once() -> None:
    tournament = night(present=13, absent=2)
    tournament_draw(tournament=tournament, seed=2026)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.DRAWN
    assert tournament.draw_seed == 2026
    tables = list(tables_with_seats(tournament=tournament))
    assert [(t.number, t.seats.count(), t.deals) for t in tables] == [
        (1, 4, 100),
        (2, 3, 120),
        (3, 3, 120),
        (4, 3, 120),
    ]
    seated = sorted(Seat.objects.values_list("registration_id", flat=True))
    assert seated == checked_in_registration_ids(tournament=tournament)
    assert draw_check(tournament=tournament).matches  # type: ignore[union-attr]


def test_a_redraw_replaces_the_tables_and_takes_in_a_late_arrival() -> None:
    tournament = night(present=12, absent=1)
    tournament_draw(tournament=tournament, seed=1)
    old_tokens = set(Table.objects.values_list("token", flat=True))
    late = registration(tournament, "Spieler 12")
    registration_check_in(registration=late)
    assert draw_is_stale(tournament=tournament)
    tournament_draw(tournament=tournament, seed=2)
    assert not draw_is_stale(tournament=tournament)
    assert Seat.objects.filter(registration=late).exists()
    assert Table.objects.count() == 4
    assert not old_tokens & set(Table.objects.values_list("token", flat=True))


@pytest.mark.parametrize(("present", "fewer", "more"), [(5, 4, 6), (2, None, 3), (1, None, 3)])
def test_a_count_that_cannot_be_seated_is_refused_with_the_choices(
    present: int, fewer: int | None, more: int
) -> None:
    tournament = night(present=present)
    with pytest.raises(ValidationError) as error:
        tournament_draw(tournament=tournament)
    assert _codes(error) == {"unseatable"}
    assert error.value.error_list[0].params == {"players": present, "fewer": fewer, "more": more}
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.REGISTRATION
    assert not Table.objects.exists()


def test_a_swap_is_recorded_and_the_draw_still_checks_out() -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=3)
    first = Seat.objects.get(table__number=1, position=0)
    second = Seat.objects.get(table__number=2, position=3)
    a, b = first.registration_id, second.registration_id
    tournament_swap(tournament=tournament, first=first, second=second)
    assert Seat.objects.get(table__number=1, position=0).registration_id == b
    assert Seat.objects.get(table__number=2, position=3).registration_id == a
    assert SeatSwap.objects.count() == 1
    check = draw_check(tournament=tournament)
    assert check is not None
    assert check.matches
    assert check.swaps == 1


def test_the_draw_check_sees_seats_changed_behind_its_back() -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=3)
    Table.objects.filter(number=1).update(
        first_dealer=(Table.objects.get(number=1).first_dealer + 1) % 4
    )
    assert not draw_check(tournament=tournament).matches  # type: ignore[union-attr]


def _playing(present: int = 8) -> Tournament:
    tournament = night(present=present)
    tournament_draw(tournament=tournament, seed=5)
    return services.tournament_start(tournament=tournament)


def test_after_play_starts_no_draw_no_swap_no_registration() -> None:
    tournament = _playing()
    seats = list(Seat.objects.all()[:2])
    before = list(Seat.objects.order_by("pk").values_list("registration_id", flat=True))
    newcomer = player_create(name="Zu Spät")
    actions = [
        lambda: tournament_draw(tournament=tournament),
        lambda: tournament_swap(tournament=tournament, first=seats[0], second=seats[1]),
        lambda: registration_add(tournament=tournament, player=newcomer),
    ]
    for action in actions:
        with pytest.raises(ValidationError) as error:
            action()
        assert _codes(error) == {"wrong_state"}
    assert list(Seat.objects.order_by("pk").values_list("registration_id", flat=True)) == before
    assert not Registration.objects.filter(player=newcomer).exists()


def test_play_does_not_start_on_a_stale_draw() -> None:
    tournament = night(present=8, absent=1)
    tournament_draw(tournament=tournament, seed=5)
    registration_check_in(registration=registration(tournament, "Spieler 08"))
    with pytest.raises(ValidationError) as error:
        services.tournament_start(tournament=tournament)
    assert _codes(error) == {"draw_stale"}
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.DRAWN


def test_changed_deal_counts_reach_the_drawn_tables_but_not_after_the_start() -> None:
    tournament = night(present=7)
    tournament_draw(tournament=tournament, seed=5)
    services.tournament_update(tournament=tournament, deals_at_four=80, deals_at_three=96)
    assert sorted(Table.objects.values_list("deals", flat=True)) == [80, 96]
    services.tournament_start(tournament=tournament)
    with pytest.raises(ValidationError) as error:
        services.tournament_update(tournament=tournament, deals_at_four=50)
    assert _codes(error) == {"rules_fixed"}
    tournament.refresh_from_db()
    assert tournament.deals_at_four == 80


def test_a_finished_tournament_is_locked() -> None:
    tournament = services.tournament_finish(tournament=_playing())
    assert tournament.is_finished
    with pytest.raises(ValidationError):
        services.tournament_update(tournament=tournament, name="Anders")
    with pytest.raises(ValidationError):
        table_token_reissue(table=Table.objects.first())  # type: ignore[arg-type]


def test_a_new_link_stops_the_old_one_at_once() -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=5)
    table = Table.objects.get()
    old = table.token
    table_token_reissue(table=table)
    assert table_for_token(token=old) is None
    opened = table_for_token(token=table.token)
    assert opened is not None
    assert opened[0] == table
    assert [seat.position for seat in opened[1]] == [0, 1, 2, 3]
    assert len(table.token) >= 24


def test_a_player_leaves_a_table_of_four_which_plays_on_with_three() -> None:
    _playing(present=7)
    seat = Seat.objects.filter(table__number=1).first()
    assert seat is not None
    deals_played(seat.table, 57)  # he leaves after a deal the table has played
    seat_leave(seat=seat, after_deal=57)
    seat.refresh_from_db()
    assert seat.left_after_deal == 57
    assert Seat.objects.filter(table__number=1, left_after_deal__isnull=True).count() == 3
    other = Seat.objects.filter(table__number=1, left_after_deal__isnull=True).first()
    with pytest.raises(ValidationError) as error:
        seat_leave(seat=other, after_deal=60)  # type: ignore[arg-type]
    assert _codes(error) == {"too_few_players"}
    with pytest.raises(ValidationError) as error:
        seat_leave(seat=seat, after_deal=60)
    assert _codes(error) == {"already_left"}


@pytest.mark.parametrize("after_deal", [-1, 101])
def test_leaving_after_a_deal_the_table_does_not_have_is_refused(after_deal: int) -> None:
    _playing(present=4)
    seat = Seat.objects.first()
    with pytest.raises(ValidationError) as error:
        seat_leave(seat=seat, after_deal=after_deal)  # type: ignore[arg-type]
    assert _codes(error) == {"deal_range"}


@pytest.mark.parametrize(
    ("players", "fours", "threes"), [(13, 1, 3), (14, 2, 2), (40, 10, 0), (9, 0, 3)]
)
def test_the_split_summary(players: int, fours: int, threes: int) -> None:
    summary = split_summary(players=players)
    assert (summary.seatable, summary.fours, summary.threes) == (True, fours, threes)


def test_searching_the_directory_to_register_folds_umlauts_and_skips_the_registered() -> None:
    tournament = night(present=0)
    mueller = player_create(name="Hans Müller", club="Pinneberg")
    other = player_create(name="Heinz Mueller")
    registration_add(tournament=tournament, player=other)
    assert players_to_register(tournament=tournament, query="mueller") == [mueller]
    assert players_to_register(tournament=tournament, query="pinne") == [mueller]
    # Without a search: everyone not registered, to tap through.
    assert players_to_register(tournament=tournament, query=" ") == [mueller]


def test_the_list_to_tap_through_is_limited_and_by_name() -> None:
    tournament = night(present=0)
    for name in ["Carla", "Anna", "Bernd"]:
        player_create(name=name)
    found = players_to_register(tournament=tournament, limit=2)
    assert [player.name for player in found] == ["Anna", "Bernd"]


def test_a_withdrawn_player_is_in_the_list_to_register_again() -> None:
    tournament = night(present=1)
    entry = registration_withdraw(registration=registration(tournament, "Spieler 00"))
    assert players_to_register(tournament=tournament) == [entry.player]


def test_withdrawing_twice_is_refused() -> None:
    tournament = night(present=1)
    entry = registration_withdraw(registration=registration(tournament, "Spieler 00"))
    withdrawn_at = entry.withdrawn_at
    with pytest.raises(ValidationError) as error:
        registration_withdraw(registration=entry)
    assert _codes(error) == {"withdrawn"}
    entry.refresh_from_db()
    assert entry.withdrawn_at == withdrawn_at


def _last_time(*, present: int, absent: int = 0) -> tuple[Tournament, Tournament]:
    """A tournament a week ago with players checked in (and some not), and tonight's."""
    earlier = night(present=present, absent=absent)
    earlier.date -= datetime.timedelta(days=7)
    earlier.save(update_fields=["date"])
    tonight = services.tournament_create(name="Heute", date=datetime.date(2026, 11, 21))
    return earlier, tonight


def test_the_players_of_last_time_are_those_who_played_and_are_not_registered_yet() -> None:
    earlier, tonight = _last_time(present=4, absent=1)
    registration_withdraw(registration=registration(earlier, "Spieler 03"))
    registration_add(tournament=tonight, player=registration(earlier, "Spieler 00").player)

    previous = previous_night(tournament=tonight)

    assert previous is not None
    assert previous.tournament == earlier
    assert [player.name for player in previous.players] == ["Spieler 01", "Spieler 02"]


def test_no_players_of_last_time_for_the_first_tournament() -> None:
    assert previous_night(tournament=night(present=4)) is None


def test_a_later_tournament_is_not_last_time() -> None:
    earlier, _tonight = _last_time(present=4)
    assert previous_night(tournament=earlier) is None


def test_registering_the_players_of_last_time_at_once() -> None:
    earlier, tonight = _last_time(present=3)
    first = registration(earlier, "Spieler 00").player
    registration_add(tournament=tonight, player=first, check_in=True)
    players = list(Player.objects.filter(registrations__tournament=earlier))

    added = registrations_add_players(tournament=tonight, players=players)

    assert added == 2
    entries = {entry.player.name: entry for entry in tonight.registrations.all()}
    assert sorted(entries) == ["Spieler 00", "Spieler 01", "Spieler 02"]
    assert entries["Spieler 00"].is_checked_in  # left as it was
    assert not entries["Spieler 01"].is_checked_in  # checked in on arrival


def test_registering_several_after_play_started_changes_nothing() -> None:
    earlier, _tonight = _last_time(present=4)
    tournament_draw(tournament=earlier, seed=1)
    services.tournament_start(tournament=earlier)
    with pytest.raises(ValidationError) as error:
        registrations_add_players(tournament=earlier, players=[player_create(name="Neu")])
    assert _codes(error) == {"wrong_state"}
    assert earlier.registrations.count() == 4
