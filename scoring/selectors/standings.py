"""The ranking with its prizes, and the prize list and the entry fees it may split."""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum

from fipsen_rules.seats import deals_played_by
from scoring import prize_allocation, ranking
from scoring.models import FIVE_PLAYERS, Deal, Prize
from scoring.ranking import Figures, rank
from scoring.selectors.awards import seat_awards
from tournaments.models import Seat, Tournament


@dataclass(frozen=True)
class Standing:
    """One line of the ranking."""

    place: int
    shared: bool
    seat: Seat
    deals: int
    points: int
    declared: int
    won: int
    lost: int
    best: int | None
    #: The prize: money (shared places share the money of the places they cover) and names.
    money: Decimal = Decimal(0)
    prize_names: tuple[str, ...] = ()
    prize_shared: bool = False
    #: What he takes of each queue of the prize list (scoring/prize_allocation.py).
    prize_gains: tuple[prize_allocation.Gain, ...] = ()

    @property
    def name(self) -> str:
        return self.seat.registration.player.name

    @property
    def club(self) -> str:
        return self.seat.registration.player.club

    @property
    def table(self) -> int:
        return self.seat.table.number

    @property
    def prize_reasons(self) -> tuple[str, ...]:
        """The lines beyond the places he takes ("Beste Dame", "Höchstes Spiel")."""
        return tuple(gain.label for gain in self.prize_gains if gain.label)

    @property
    def best_rank(self) -> int:
        """The best game for sorting: a player who never declared sorts last."""
        return self.best if self.best is not None else -(10**6)


def standings(*, tournament: Tournament) -> list[Standing]:
    """Every seated player, ranked by points and the tournament's tie-break order.

    Four queries, however many deals: the seats, each declarer's figures summed by the
    database, each table's count of played deals, and the prizes.
    """
    seats = _seats_in_order(tournament)
    played_deals = Deal.objects.filter(
        table__tournament=tournament, number__isnull=False
    ).order_by()
    by_declarer = _figures_by_declarer(played_deals)
    per_table = {
        row["table_id"]: row
        for row in played_deals.values("table_id").annotate(
            n=Count("pk"), opponents=Sum("opponents_score")
        )
    }
    played = {table_id: row["n"] for table_id, row in per_table.items()}
    declared = {seat: by_declarer.get((seat.table_id, seat.position), {}) for seat in seats}
    sat_out = _sat_out(seats, played_deals)
    figures = [
        _figures(seat, declared[seat], _as_opponent(seat, per_table, declared[seat], sat_out))
        for seat in seats
    ]
    ranked = rank(figures, [name for name in tournament.tie_break.split(",") if name])
    awards = _awards(tournament, ranked)
    return [
        Standing(
            place=entry.place,
            shared=entry.shared,
            seat=entry.figures.key,
            deals=deals_played_by(
                entry.figures.key.left_after_deal, played.get(entry.figures.key.table_id, 0)
            ),
            points=entry.figures.points,
            declared=declared[entry.figures.key].get("declared", 0),
            won=entry.figures.won,
            lost=entry.figures.lost,
            best=entry.figures.best,
            money=awards[entry.figures.key].money,
            prize_names=awards[entry.figures.key].names,
            prize_shared=awards[entry.figures.key].shared,
            prize_gains=awards[entry.figures.key].gains,
        )
        for entry in ranked
    ]


def _seats_in_order(tournament: Tournament) -> list[Seat]:
    """The tournament's seats with their tables and players.

    Ordered by seat, so that players who tie stay in the same order from page to page (and
    the board's pages neither repeat nor drop one); not by the models' default orderings,
    which would join the tournament.
    """
    return list(
        Seat.objects.filter(table__tournament=tournament)
        .select_related("table", "registration__player")
        .order_by("table__number", "position")
    )


#: A declarer's figures as the database sums them (points, declared, won, lost, best).
_DeclarerRow = dict[str, Any]


def _figures_by_declarer(played_deals: QuerySet[Deal]) -> dict[tuple[int, int], _DeclarerRow]:
    """Each declarer's figures, by table and seat, summed by the database (one query)."""
    return {
        (row["table_id"], row["declarer"]): row
        for row in played_deals.values("table_id", "declarer").annotate(
            points=Sum("score"),
            declared=Count("pk"),
            won=Count("pk", filter=Q(score__gt=0)),
            lost=Count("pk", filter=Q(score__lt=0) | Q(opponents_score__gt=0)),
            opponents=Sum("opponents_score"),
            best=Max("score"),
        )
    }


def _sat_out(seats: list[Seat], played_deals: QuerySet[Deal]) -> dict[tuple[int, int], int]:
    """What the opponents gained in the deals each dealer of a table of five sat out, by
    table and seat (Großenaspe): one query, and none without such a table."""
    sizes = Counter(seat.table_id for seat in seats)
    fives = [table for table, size in sizes.items() if size == FIVE_PLAYERS]
    if not fives:
        return {}
    rows = (
        played_deals.filter(table_id__in=fives)
        .values("table_id", "dealer")
        .annotate(opponents=Sum("opponents_score"))
    )
    return {(row["table_id"], row["dealer"]): row["opponents"] or 0 for row in rows}


def _as_opponent(
    seat: Seat,
    per_table: dict[int, dict[str, Any]],
    declared: _DeclarerRow,
    sat_out: dict[tuple[int, int], int],
) -> int:
    """What a seat gained as an opponent: its table's opponents' gains but for the deals it
    declared or sat out (nothing in Prisdorf, where only the declarer scores)."""
    table_total = per_table.get(seat.table_id, {}).get("opponents") or 0
    own = declared.get("opponents") or 0
    return int(table_total - own - sat_out.get((seat.table_id, seat.position), 0))


def _figures(seat: Seat, row: _DeclarerRow, as_opponent: int = 0) -> Figures[Seat]:
    """What the ranking compares of a seat (a seat that never declared has nothing)."""
    return Figures(
        key=seat,
        points=(row.get("points") or 0) + as_opponent,
        won=row.get("won", 0),
        lost=row.get("lost", 0),
        best=row.get("best"),
    )


def _awards(
    tournament: Tournament, ranked: list[ranking.Ranked[Seat]]
) -> dict[Seat, prize_allocation.Award[Seat]]:
    """Each seat's prize by the tournament's prize list (one query): places, categories, the
    highest game (scoring/selectors/awards.py)."""
    return seat_awards(tournament, ranked)


def prize_list(*, tournament: Tournament) -> list[Prize]:
    return list(Prize.objects.filter(tournament=tournament).order_by("place"))


@dataclass(frozen=True)
class FeePot:
    """The entry fees to split: the fee times the players seated at the draw."""

    players: int
    fee: Decimal

    @property
    def total(self) -> Decimal:
        return self.fee * self.players


def fee_pot(*, tournament: Tournament) -> FeePot:
    players = Seat.objects.filter(table__tournament=tournament).count()
    return FeePot(players, tournament.entry_fee or Decimal(0))


def fee_split_prizes(*, tournament: Tournament, percentages: list[Decimal]) -> list[ranking.Prize]:
    """The prize list a split of the entry fees gives: the money prizes as shares of the pot,
    the named prizes as they are."""
    money = ranking.percentage_prizes(fee_pot(tournament=tournament).total, percentages)
    named = [
        ranking.Prize(place, name=name)
        for place, name in Prize.objects.filter(tournament=tournament)
        .exclude(name="")
        .values_list("place", "name")
    ]
    return sorted(money + named, key=lambda prize: prize.place)
