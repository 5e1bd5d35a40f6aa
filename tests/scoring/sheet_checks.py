"""What a table's saved sheet must be, whatever was posted: the oracle of the hard tests.

Independent of the code under test where it can be: the deals are scored again from their
stored notation with fipsen_rules, the dealers follow from the table's first dealer, the totals
are summed here.
"""

from collections import Counter

from fipsen_rules import DealEntry, Game, next_dealer
from scoring import selectors
from scoring.models import Deal, DealChange
from tournaments.draw.tables import seats_of
from tournaments.models import Table
from tournaments.rule_choice import rules_of


def assert_sheet_is_sound(table: Table) -> list[Deal]:
    """Every saved deal of the table is one the rules accept, in an unbroken order.

    - entries are numbered 1..n, deals (not all passed) 1..k in that order, k ≤ the table's deals;
    - each deal scores again to its stored score and game, a passed one has no declarer and 0;
    - the dealer moves on after a deal and stays after all passed (tables where nobody left);
    - each deal has exactly one "entered" in its history;
    - the sheet's running totals are the sums of the scores.

    Returns the deals, in order.
    """
    table = Table.objects.select_related("tournament").get(pk=table.pk)
    seats = seats_of(table=table)
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    assert [d.sequence for d in deals] == list(range(1, len(deals) + 1))
    numbers = [d.number for d in deals if d.number is not None]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) <= table.deals

    rules = rules_of(table.tournament)
    nobody_left = all(s.left_after_deal is None for s in seats)
    dealer = table.first_dealer
    last_number = 0
    totals = [0] * len(seats)
    for deal in deals:
        # A passed deal is played by the seats of the deal that follows it.
        playing = selectors.playing_seats(table, seats, deal.number or last_number + 1)
        last_number = deal.number or last_number
        game = Game.parse(deal.game)
        if deal.declarer is not None:
            assert deal.declarer in playing, deal
        entry = DealEntry(
            game,
            declarer=None if deal.declarer is None else playing.index(deal.declarer),
            captain_value=deal.written_value,
        )
        outcome = rules.evaluate(entry, players=len(playing))
        assert (str(outcome.game), outcome.declarer_score) == (deal.game, deal.score), deal
        assert outcome.counts_as_deal == (deal.number is not None), deal
        if deal.number is None:
            assert (deal.declarer, deal.score) == (None, 0), deal
        if nobody_left:
            assert deal.dealer == dealer, deal
            dealer = next_dealer(dealer, len(seats), completed=deal.number is not None)
        if deal.declarer is not None:
            totals[deal.declarer] += deal.score

    entered = Counter(
        DealChange.objects.filter(deal__table=table, action=DealChange.Action.ENTERED).values_list(
            "deal_id", flat=True
        )
    )
    assert entered == Counter(d.pk for d in deals)
    assert selectors.table_sheet(table=table).totals == tuple(totals)
    return deals
