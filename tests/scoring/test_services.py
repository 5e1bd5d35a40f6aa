"""Entering, correcting and confirming deals through the services."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from fipsen_rules import Code, Game, GameKind, InvalidEntryError
from scoring import selectors, services
from scoring.models import Deal, DealChange
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave
from tournaments.draw.tables import seats_of
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


def _codes(error: pytest.ExceptionInfo[ValidationError]) -> set[str | None]:
    return {e.code for e in error.value.error_list}


def test_the_first_deal_is_dealt_by_the_drawn_first_dealer_and_scored_by_the_rules() -> None:
    table = playing_table()
    deal = enter(table, 2, "3 h -")
    assert (deal.sequence, deal.number, deal.dealer) == (1, 1, table.first_dealer)
    assert (deal.declarer, deal.game, deal.score) == (2, "3 Hand verloren", -12)
    change = DealChange.objects.get()
    assert change.action == DealChange.Action.ENTERED
    assert change.after.endswith("3 Hand verloren −12")


def test_the_deal_passes_left_and_stays_after_all_passed() -> None:
    table = playing_table()
    first = table.first_dealer
    enter(table, 0, "2 +")
    passed = enter(table, None, "alle gepasst")
    assert passed.number is None
    assert passed.dealer == (first + 1) % 4
    after = enter(table, 1, "2 +")
    assert (after.number, after.dealer) == (2, (first + 1) % 4)
    upcoming = selectors.next_deal(table=table)
    assert (upcoming.number, upcoming.dealer, upcoming.vorhand) == (
        3,
        (first + 2) % 4,
        (first + 3) % 4,
    )


@pytest.mark.parametrize("passes", [0, 1, 2, 3, 4])
def test_the_next_number_after_a_run_of_all_passed(passes: int) -> None:
    """More passes in a row than next_deal reads as the latest entries: it looks further back."""
    table = playing_table()
    for declarer in (0, 1):
        enter(table, declarer, "2 +")
    for _ in range(passes):
        enter(table, None, "alle gepasst")
    upcoming = selectors.next_deal(table=table)
    assert (upcoming.sequence, upcoming.number) == (3 + passes, 3)
    assert upcoming.dealer == (table.first_dealer + 2) % 4  # passes keep the dealer
    assert enter(table, 2, "3 +").number == 3


def test_the_latest_rows_carry_the_running_totals_of_the_whole_sheet() -> None:
    table = playing_table()
    games = [(0, "3 +"), (1, "3 Hand -"), (None, "alle gepasst"), (3, "Siebener Fips"), (2, "2 +")]
    for declarer, game in games:
        enter(table, declarer, game)
    sheet = selectors.table_sheet(table=table)
    seats = seats_of(table=table)
    upcoming = selectors.next_deal(table=table, seats=seats)
    totals = selectors.seat_totals(table=table, seats=seats)
    assert totals == sheet.totals
    latest = selectors.recent_rows(upcoming=upcoming, totals=totals)
    assert latest == sheet.rows[-selectors.RECENT_ENTRIES :][::-1]


def test_the_running_totals() -> None:
    table = playing_table()
    for declarer, game in [
        (0, "3 +"),
        (1, "3 Hand -"),
        (0, "Kieker Ruten +"),
        (3, "Siebener Fips"),
    ]:
        enter(table, declarer, game)
    sheet = selectors.table_sheet(table=table)
    assert sheet.totals == (23, -12, 0, 30)
    assert [row.totals for row in sheet.rows][1] == (3, -12, 0, 0)
    assert sheet.played == 4


def test_a_rule_breaking_game_is_refused_and_nothing_is_saved() -> None:
    table = playing_table()
    with pytest.raises(InvalidEntryError) as error:
        enter(table, 1, "Kieker Hand gewonnen")
    assert error.value.code is Code.KIEKER_HAND
    assert not Deal.objects.exists()
    assert not DealChange.objects.exists()


def test_a_written_value_that_differs_is_refused() -> None:
    table = playing_table()
    with pytest.raises(InvalidEntryError) as error:
        enter(table, 1, "3 Hand verloren", written=-6)
    assert error.value.code is Code.VALUE_MISMATCH
    assert enter(table, 1, "3 Hand verloren", written=-12).written_value == -12


def test_the_minimum_bid_of_the_tournament_applies() -> None:
    table = playing_table(rule_options={"min_bid": 3})
    with pytest.raises(InvalidEntryError) as error:
        enter(table, 1, "2 gewonnen")
    assert error.value.code is Code.BID_TRICKS


def test_a_deal_entered_by_another_phone_meanwhile_is_already_entered() -> None:
    table = playing_table()
    first = enter(table, 1, "3 +")
    with pytest.raises(services.DealAlreadyEntered) as error:
        services.deal_record(
            table=table, sequence=1, submission=uuid.uuid4(), declarer=2, game=Game.parse("2 +")
        )
    assert error.value.deal == first
    assert "3 gewonnen +3" in error.value.messages[0]
    assert Deal.objects.count() == 1


def test_the_same_form_sent_twice_is_saved_once() -> None:
    table = playing_table()
    submission = uuid.uuid4()
    kwargs = {"table": table, "sequence": 1, "submission": submission, "declarer": 1}
    first = services.deal_record(game=Game.parse("3 +"), **kwargs)  # type: ignore[arg-type]
    again = services.deal_record(game=Game.parse("3 +"), **kwargs)  # type: ignore[arg-type]
    assert again == first
    assert Deal.objects.count() == 1
    assert DealChange.objects.count() == 1


def test_a_form_from_the_future_is_out_of_date() -> None:
    table = playing_table()
    with pytest.raises(ValidationError) as error:
        services.deal_record(
            table=table, sequence=5, submission=uuid.uuid4(), declarer=1, game=Game.parse("3 +")
        )
    assert _codes(error) == {"stale"}


def test_no_entry_before_play_starts_or_after_the_end() -> None:
    table = playing_table()
    tournament_services.tournament_finish(tournament=table.tournament)
    with pytest.raises(ValidationError) as error:
        enter(table, 1, "3 +")
    assert _codes(error) == {"locked"}


def test_a_table_that_played_all_its_deals_takes_no_more() -> None:
    table = playing_table(deals=2)
    enter(table, 0, "2 +")
    enter(table, None, "alle gepasst")
    enter(table, 1, "2 +")
    assert selectors.next_deal(table=table).number is None
    with pytest.raises(ValidationError) as error:
        enter(table, 2, "2 +")
    assert _codes(error) == {"table_complete"}


def test_a_three_player_table() -> None:
    table = playing_table(players=3, deals=120)
    deal = enter(table, 2, "4 Hand +")
    assert deal.score == 8
    assert selectors.next_deal(table=table).dealer == (table.first_dealer + 1) % 3
    with pytest.raises(ValidationError):
        enter(table, 3, "2 +")


def test_after_a_player_leaves_the_table_plays_on_with_three() -> None:
    table = playing_table()
    for declarer in range(4):
        enter(table, declarer, "2 +")
    leaver = Seat.objects.get(table=table, position=(table.first_dealer + 1) % 4)
    seat_leave(seat=leaver, after_deal=4)
    upcoming = selectors.next_deal(table=table)
    assert leaver.position not in upcoming.seats
    assert len(upcoming.seats) == 3
    with pytest.raises(ValidationError) as error:
        enter(table, leaver.position, "2 +")
    assert "declarer" in error.value.message_dict
    dealers = [enter(table, upcoming.seats[0], "2 +").dealer for _ in range(6)]
    assert leaver.position not in dealers
    assert len(set(dealers)) == 3
    assert selectors.table_sheet(table=table).totals[leaver.position] == 2  # he keeps his points


def test_the_captain_corrects_the_last_deal_only() -> None:
    table = playing_table()
    older = enter(table, 0, "3 +")
    last = enter(table, 1, "3 Hand -")
    corrected = services.deal_correct(deal=last, declarer=1, game=Game.parse("3 Ruten -"))
    assert corrected.score == -12
    with pytest.raises(ValidationError) as error:
        services.deal_correct(deal=older, declarer=0, game=Game.parse("4 +"))
    assert _codes(error) == {"only_last"}
    change = DealChange.objects.filter(action=DealChange.Action.CORRECTED).get()
    assert "3 Hand verloren" in change.before
    assert "3 Ruten verloren" in change.after
    assert change.user is None


def test_the_organiser_corrects_an_older_deal_with_a_reason() -> None:
    table = playing_table()
    older = enter(table, 0, "3 +")
    enter(table, 1, "3 Hand -")
    organiser = UserFactory(is_staff=True)
    with pytest.raises(ValidationError) as error:
        services.deal_correct(deal=older, declarer=0, game=Game.parse("4 +"), user=organiser)
    assert "reason" in error.value.message_dict
    services.deal_correct(
        deal=older, declarer=2, game=Game.parse("4 +"), user=organiser, reason="Zettel verlesen"
    )
    assert selectors.table_sheet(table=table).totals == (0, -12, 4, 0)
    change = DealChange.objects.get(action=DealChange.Action.CORRECTED)
    assert (change.reason, change.user) == ("Zettel verlesen", organiser)


def test_an_older_deal_cannot_change_between_game_and_all_passed() -> None:
    table = playing_table()
    older = enter(table, 0, "3 +")
    enter(table, 1, "3 +")
    with pytest.raises(ValidationError) as error:
        services.deal_correct(
            deal=older,
            declarer=None,
            game=Game.parse("alle gepasst"),
            user=UserFactory(is_staff=True),
            reason="falsch",
        )
    assert _codes(error) == {"kind_change"}


def test_the_last_entry_all_passed_becomes_a_game() -> None:
    table = playing_table()
    enter(table, 0, "3 +")
    passed = enter(table, None, "alle gepasst")
    deal = services.deal_correct(deal=passed, declarer=2, game=Game.parse("2 +"))
    assert (deal.number, deal.declarer, deal.score) == (2, 2, 2)
    assert selectors.next_deal(table=table).number == 3


def test_a_rule_breaking_correction_changes_nothing() -> None:
    table = playing_table()
    last = enter(table, 1, "3 +")
    with pytest.raises(InvalidEntryError):
        services.deal_correct(deal=last, declarer=1, game=Game.parse("Kieker Hand +"))
    last.refresh_from_db()
    assert last.game == "3 gewonnen"
    assert not DealChange.objects.filter(action=DealChange.Action.CORRECTED).exists()


def test_with_confirmation_the_next_deal_waits_for_a_second_player() -> None:
    table = playing_table(confirmation_required=True)
    first = enter(table, 1, "3 +")
    with pytest.raises(ValidationError) as error:
        enter(table, 2, "2 +")
    assert _codes(error) == {"confirm_first"}
    services.deal_confirm(deal=first, seat=3)
    first.refresh_from_db()
    assert first.confirmed_by == 3
    assert DealChange.objects.filter(action=DealChange.Action.CONFIRMED).count() == 1
    enter(table, 2, "2 +")
    assert Deal.objects.count() == 2


def test_a_correction_needs_a_new_confirmation() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    services.deal_confirm(deal=deal, seat=0)
    services.deal_correct(deal=deal, declarer=1, game=Game.parse("3 -"))
    deal.refresh_from_db()
    assert deal.confirmed_by is None


def test_confirming_with_a_seat_of_another_table_is_refused() -> None:
    table = playing_table()
    deal = enter(table, 1, "3 +")
    with pytest.raises(ValidationError):
        services.deal_confirm(deal=deal, seat=7)


def test_the_progress_of_the_tables() -> None:
    table = playing_table()
    enter(table, 1, "3 +")
    enter(table, None, "alle gepasst")
    enter(table, 2, "3 +")
    progress = selectors.tables_progress(tournament=table.tournament).get()
    assert (progress.played, progress.deals) == (2, 100)


def test_a_value_alone_is_kept_when_the_game_is_not_known() -> None:
    table = playing_table()
    deal = services.deal_record(
        table=table, sequence=1, submission=uuid.uuid4(), declarer=2, game=None, written_value=-12
    )
    assert (deal.game, deal.score, deal.number) == ("", -12, 1)
    assert DealChange.objects.get().after.endswith(": −12")
    assert selectors.table_sheet(table=table).totals == (0, 0, -12, 0)


@pytest.mark.parametrize(
    ("declarer", "value", "code"),
    [
        (2, -13, Code.VALUE_IMPOSSIBLE),
        (2, None, Code.VALUE_IMPOSSIBLE),
        (None, -12, Code.DECLARER_MISSING),
    ],
)
def test_a_value_alone_must_be_possible_and_have_a_declarer(
    declarer: int | None, value: int | None, code: Code
) -> None:
    table = playing_table()
    with pytest.raises(InvalidEntryError) as error:
        services.deal_record(
            table=table,
            sequence=1,
            submission=uuid.uuid4(),
            declarer=declarer,
            game=None,
            written_value=value,
        )
    assert error.value.code is code
    assert not Deal.objects.exists()


@pytest.mark.parametrize("players", [3, 4])
def test_the_next_entry_worked_out_after_a_save_is_the_one_read(players: int) -> None:
    """deal_record's ``after`` (no query) agrees with next_deal (read), deal by deal, through
    passes and the table's last deal."""
    table = playing_table(players=players, deals=8)
    games = ["3 +", "alle gepasst", "alle gepasst", "Kieker -", "alle gepasst", "2 +", "4 Hand -",
             "alle gepasst", "Siebener Fips", "3 +", "5 +"]  # fmt: skip
    for index, text in enumerate(games):
        upcoming = selectors.next_deal(table=table)
        if upcoming.number is None:
            break
        game = Game.parse(text)
        after: list[selectors.NextDeal] = []
        services.deal_record(
            table=table,
            sequence=upcoming.sequence,
            submission=uuid.uuid4(),
            declarer=None if game.kind is GameKind.PASSED else upcoming.seats[index % 3],
            game=game,
            after=after,
        )
        assert after == [selectors.next_deal(table=table)], text
