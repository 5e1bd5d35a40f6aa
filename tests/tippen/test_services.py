"""A Tippen table's deals: entered, checked by the rules library over the whole ledger,
corrected; the standings by chips (SPEC C6, seed 004: "Each won trick is worth a third of the
pot. Any active player who fails to win a single trick must pay a bête")."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from fipsen_rules import Tippen, TippenDeal
from games.tippen import selectors, services
from games.tippen.models import PotDeal
from tests.tippen.helpers import deals_entered, tippen_night, tippen_table
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def pot_of(table: Table) -> selectors.TablePot:
    return selectors.table_pot(table=table, seats=list(table.seats.order_by("position")))


def test_tricks_take_thirds_of_the_pot_and_a_trickless_tapper_pays_the_stake() -> None:
    table = tippen_table(4)
    deals_entered(table, "2 1 - 0")
    ledger = pot_of(table).ledger
    # the dealer (seat 0) paid 3; 2 tricks of 3 won 2, 1 trick won 1; seat 3 paid a bête of 3
    assert ledger.current.chips == (-1, 1, 0, -3)
    assert ledger.current.pot == 3
    assert ledger.current.dealer == 1


def test_all_passed_keeps_the_pot_and_the_next_dealer_antes() -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "- - -")
    ledger = pot_of(table).ledger
    assert ledger.current.pot == 6
    assert ledger.current.chips == (-3, -3, 0)
    assert ledger.current.dealer == 2


def test_one_tapper_takes_the_pot() -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "- t -")
    assert pot_of(table).ledger.current.chips == (-3, 3, 0)
    assert pot_of(table).ledger.current.pot == 0


def test_katira_s_bete_is_the_whole_pot() -> None:
    table = tippen_table(3, katira=True)
    deals_entered(table, "- - -", "2 0 1")
    ledger = pot_of(table).ledger
    assert ledger.current.chips == (1, -9, 2)  # the pot was 6: seat 1 pays 6 more
    assert ledger.current.pot == 6


def test_a_maximum_bete_sets_the_excess_aside_for_later_deals() -> None:
    table = tippen_table(4, katira=True, max_bete=6)
    deals_entered(table, "- - - -", "0 0 0 3")
    ledger = pot_of(table).ledger
    assert ledger.current.chips == (-9, -9, -6, 6)
    assert (ledger.current.pot, ledger.current.reserve) == (6, 12)
    assert sum(ledger.current.chips) + ledger.current.pot + ledger.current.reserve == 0


def test_the_ledger_is_the_library_s() -> None:
    deals = ["- - - -", "1 1 1 -", "0 3 - 0", "- t - -", "2 - 1 0"]
    table = tippen_table(4, max_bete=9)
    deals_entered(table, *deals)
    library = Tippen(players=4, max_bete=9).play_all([TippenDeal.parse(d) for d in deals])
    assert pot_of(table).ledger.current == library


@pytest.mark.parametrize(
    ("taps", "code"),
    [
        ([2, 2, None, 0], "tippen_tricks_sum"),
        ([None, 3, None, None], "tippen_lone_tapper"),
        ([1, 1, 1], "tippen_entries"),
    ],
)
def test_a_deal_the_rules_refuse_is_not_saved(taps: list[int | None], code: str) -> None:
    table = tippen_table(4)
    with pytest.raises(ValidationError) as refused:
        services.pot_deal_record(table=table, sequence=1, taps=taps)
    assert refused.value.code == code
    assert not PotDeal.objects.exists()


def test_the_same_form_posted_twice_is_saved_once() -> None:
    table = tippen_table(4)
    submission = uuid.uuid4()
    first = services.pot_deal_record(
        table=table, sequence=1, taps=[1, 1, 1, None], submission=submission
    )
    again = services.pot_deal_record(
        table=table, sequence=1, taps=[1, 1, 1, None], submission=submission
    )
    assert again.pk == first.pk
    assert PotDeal.objects.count() == 1


def test_another_phone_s_deal_is_not_overwritten() -> None:
    table = tippen_table(4)
    deals_entered(table, "1 1 1 -")
    with pytest.raises(ValidationError) as refused:
        services.pot_deal_record(table=table, sequence=1, taps=[None] * 4)
    assert refused.value.code == "out_of_date"


def test_a_correction_moves_every_later_deal() -> None:
    table = tippen_table(3)
    first, _second = deals_entered(table, "- - -", "1 1 1")
    assert pot_of(table).ledger.current.chips == (-1, -1, 2)
    services.pot_deal_correct(deal=first, taps=[None, 0, None])  # seat 1 tapped alone
    first.refresh_from_db()
    assert first.corrected_at is not None
    assert pot_of(table).ledger.current.chips == (-2, 1, 1)


def test_a_refused_correction_keeps_the_deal() -> None:
    table = tippen_table(3)
    (deal,) = deals_entered(table, "1 1 1")
    with pytest.raises(ValidationError):
        services.pot_deal_correct(deal=deal, taps=[3, 3, None])
    deal.refresh_from_db()
    assert deal.taps == [1, 1, 1]


def test_a_finished_tournament_takes_no_deal() -> None:
    table = tippen_table(3)
    tournament_services.tournament_finish(tournament=table.tournament)
    with pytest.raises(ValidationError):
        services.pot_deal_record(table=table, sequence=1, taps=[None] * 3)


def test_the_standings_rank_by_chips_across_tables() -> None:
    tournament = tippen_night(3, 4)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - -", "- t -")  # seat 1 of table 1: +3
    deals_entered(second, "3 0 - -")  # seat 0 of table 2 dealt: -3 + 3 = 0, seat 1 -3
    players = selectors.pot_players(tournament=tournament)
    assert [(p.table, p.seat, p.chips, p.place) for p in players[:1]] == [(1, 1, 3, 1)]
    assert players[-1].chips == -3
    zeros = [p for p in players if p.chips == 0]
    assert all(p.shared for p in zeros)
    assert len({p.place for p in zeros}) == 1


def test_the_standings_read_one_query_however_many_deals(
    django_assert_num_queries: object,
) -> None:
    tournament = tippen_night(4, 4)
    for table in Table.objects.filter(tournament=tournament):
        deals_entered(table, *["1 1 1 -", "- - - -", "0 3 - -"] * 5)
    with django_assert_num_queries(1):  # type: ignore[operator]  # the seats, their totals
        players = selectors.pot_players(tournament=tournament)
    assert len(players) == 8
