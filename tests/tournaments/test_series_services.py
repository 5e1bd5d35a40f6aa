"""Drawing a night's later series (tournaments/draw/series_services.py): by lot, seeded by the
standings, avoiding earlier tablemates; refused while the series under way has open tables;
drawn again before its first deal; who stops and who arrives late."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tournaments import services
from tournaments.desk.services import registration_add, registration_check_in
from tournaments.draw.series_draw import Method, pairs_met_again
from tournaments.draw.series_selectors import standings_places
from tournaments.draw.series_services import series_draw_next, series_redraw
from tournaments.draw.services import tournament_draw
from tournaments.ledger.totals import TableTotal
from tournaments.models import Seat, SeriesDraw, Table, TournamentEvent
from tournaments.players.services import player_create

from .night_helpers import night

pytestmark = pytest.mark.django_db


def started(present: int, series: int = 2, **options: object):
    tournament = night(
        present=present, series_count=series, deals_at_four=4, deals_at_three=3, **options
    )
    tournament_draw(tournament=tournament, seed=11)
    services.tournament_start(tournament=tournament)
    return tournament


def play_out(tournament, series: int) -> None:
    """Every table of ``series`` has played its deals (as the running totals say)."""
    for table in Table.objects.filter(tournament=tournament, series=series):
        TableTotal.objects.update_or_create(
            table=table, defaults={"played": table.deals, "entries": table.deals}
        )


def tables_of(tournament, series: int) -> list[set[int]]:
    seats = Seat.objects.filter(table__tournament=tournament, series=series)
    found: dict[int, set[int]] = {}
    for table_id, registration_id in seats.values_list("table_id", "registration_id"):
        found.setdefault(table_id, set()).add(registration_id)
    return list(found.values())


def test_refused_while_the_series_has_open_tables() -> None:
    tournament = started(16)
    with pytest.raises(ValidationError) as refused:
        series_draw_next(tournament=tournament, method=Method.LOT)
    assert refused.value.code == "series_open"
    assert "1, 2, 3, 4" in refused.value.messages[0]
    assert not Table.objects.filter(series=2).exists()


def test_a_table_ended_early_is_not_open() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    Table.objects.filter(tournament=tournament, number=2).update(ended_early_at=timezone.now())
    TableTotal.objects.filter(table__number=2).update(played=1)
    drawn = series_draw_next(tournament=tournament, method=Method.LOT, seed=3)
    assert drawn.number == 2


def test_avoiding_seats_everyone_with_new_tablemates() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    drawn = series_draw_next(tournament=tournament, method=Method.AVOIDING, seed=5)
    assert drawn.met_again == 0
    second = tables_of(tournament, 2)
    assert sorted(map(len, second)) == [4, 4, 4, 4]
    assert pairs_met_again(second, [tables_of(tournament, 1)]) == 0
    assert Table.objects.filter(tournament=tournament, series=2).count() == 4
    event = TournamentEvent.objects.get(kind=TournamentEvent.Kind.SERIES_DRAWN)
    assert "2" in event.reason


def test_seeded_puts_the_best_at_table_one() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    places = standings_places(tournament=tournament)
    drawn = series_draw_next(tournament=tournament, method=Method.SEEDED, seed=5)
    by_table: dict[int, list[int]] = {}
    for number, registration in Seat.objects.filter(series=2).values_list(
        "table__number", "registration_id"
    ):
        by_table.setdefault(number, []).append(places[registration])
    for number in range(1, 4):
        assert max(by_table[number]) <= min(by_table[number + 1])
    assert drawn.places == {str(r): p for r, p in places.items()}


def test_every_series_drawn_then_refused() -> None:
    tournament = started(12, series=2)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    play_out(tournament, 2)
    with pytest.raises(ValidationError) as refused:
        series_draw_next(tournament=tournament, method=Method.LOT)
    assert refused.value.code == "series_all_drawn"


def test_redraw_before_the_first_deal_only() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    old_tokens = set(Table.objects.filter(series=2).values_list("token", flat=True))
    again = series_redraw(tournament=tournament, method=Method.AVOIDING, seed=2)
    assert again.number == 2
    assert again.method == Method.AVOIDING
    assert SeriesDraw.objects.count() == 1
    assert not old_tokens & set(Table.objects.filter(series=2).values_list("token", flat=True))
    assert Seat.objects.filter(series=2).count() == 16
    play_out(tournament, 2)
    with pytest.raises(ValidationError) as refused:
        series_redraw(tournament=tournament, method=Method.LOT)
    assert refused.value.code == "series_started"


def test_who_stops_is_not_seated_again_and_who_left_neither() -> None:
    tournament = started(17, series=3)
    play_out(tournament, 1)
    seats = list(Seat.objects.filter(series=1).order_by("pk"))
    Seat.objects.filter(pk=seats[0].pk).update(left_after_deal=1)
    stopping = {seats[1].registration_id, seats[2].registration_id}
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1, stopping=stopping)
    second = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert len(second) == 14
    assert not second & {seats[0].registration_id, *stopping}
    play_out(tournament, 2)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=2)
    third = set(Seat.objects.filter(series=3).values_list("registration_id", flat=True))
    assert third == second


def test_unseatable_count_refused_and_nothing_saved() -> None:
    tournament = started(8)
    play_out(tournament, 1)
    stopping = set(Seat.objects.filter(series=1).values_list("registration_id", flat=True)[:3])
    with pytest.raises(ValidationError) as refused:
        series_draw_next(tournament=tournament, method=Method.LOT, stopping=stopping)
    assert refused.value.code == "unseatable"
    assert not Table.objects.filter(series=2).exists()
    assert not SeriesDraw.objects.exists()


def test_a_late_arrival_joins_the_next_series() -> None:
    tournament = started(16, series=3)
    player = player_create(name="Spät Kommer", club="")
    late = registration_add(tournament=tournament, player=player, check_in=True)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.AVOIDING, seed=4)
    second = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert late.pk in second
    assert len(second) == 17
    with pytest.raises(ValidationError) as refused:
        registration_check_in(registration=late, present=False)
    assert refused.value.code == "seated"


def test_no_late_arrival_once_every_series_is_drawn() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=4)
    tournament.refresh_from_db()
    player = player_create(name="Zu Spät", club="")
    with pytest.raises(ValidationError) as refused:
        registration_add(tournament=tournament, player=player, check_in=True)
    assert refused.value.code == "wrong_state"


def test_a_night_of_one_series_takes_no_late_arrival() -> None:
    tournament = started(8, series=1)
    player = player_create(name="Zu Spät", club="")
    with pytest.raises(ValidationError):
        registration_add(tournament=tournament, player=player, check_in=True)


def test_who_stops_at_a_redraw_is_not_seated_again() -> None:
    tournament = started(17)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    stopping = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True)[:2])
    series_redraw(tournament=tournament, method=Method.LOT, seed=2, stopping=stopping)
    again = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert len(again) == 15
    assert not again & stopping


def test_a_late_arrival_ticked_at_a_redraw_is_seated_all_the_same() -> None:
    # At the draw a late arrival cannot stop before playing; the redraw keeps them too,
    # or they would sit in no series and come back at the next draw as new.
    tournament = started(16, series=3)
    player = player_create(name="Spät Kommer", club="")
    late = registration_add(tournament=tournament, player=player, check_in=True)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=4)
    stops = Seat.objects.filter(series=1).order_by("pk")[0].registration_id
    series_redraw(tournament=tournament, method=Method.LOT, seed=5, stopping={late.pk, stops})
    again = set(Seat.objects.filter(series=2).values_list("registration_id", flat=True))
    assert late.pk in again
    assert stops not in again
    assert len(again) == 16
