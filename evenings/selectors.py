"""What a card night's pages read (issue 28 item 5): its tournaments, the desk's rows (each
player once, with whether he plays each tournament) and the cash of the whole evening (each
tournament's cash report, and their sums)."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from evenings.models import CardNight
from scoring.standings.cash import CashReport, cash_report
from tournaments.models import Player, Registration, Tournament


def tournaments_of(card_night: CardNight) -> list[Tournament]:
    """The card night's tournaments, in the order they were made (one query)."""
    return list(Tournament.objects.filter(card_night_part__card_night=card_night).order_by("pk"))


def tournaments_to_take_in(card_night: CardNight) -> QuerySet[Tournament]:
    """The tournaments of the card night's day that no card night holds yet."""
    return Tournament.objects.filter(date=card_night.date, card_night_part__isnull=True).order_by(
        "pk"
    )


@dataclass(frozen=True)
class DeskCell:
    """Whether a player plays a tournament (checked in, not withdrawn) and paid its fee."""

    tournament: Tournament
    plays: bool
    paid: bool


@dataclass(frozen=True)
class DeskRow:
    """A player at the card night's desk, with a cell a tournament, in their order."""

    player: Player
    cells: tuple[DeskCell, ...]


def desk_rows(tournaments: list[Tournament]) -> list[DeskRow]:
    """Every player registered for one of ``tournaments`` (not withdrawn), by name; one
    query."""
    registrations = Registration.objects.filter(
        tournament__in=tournaments, withdrawn_at__isnull=True
    ).select_related("player")
    by_player: dict[int, dict[int, Registration]] = {}
    players: dict[int, Player] = {}
    for registration in registrations:
        players[registration.player_id] = registration.player
        by_player.setdefault(registration.player_id, {})[registration.tournament_id] = registration
    rows = []
    for key, player in sorted(players.items(), key=lambda item: item[1].name.casefold()):
        found = [(t, by_player[key].get(t.pk)) for t in tournaments]
        cells = tuple(
            DeskCell(t, r is not None and r.is_checked_in, r is not None and r.is_fee_paid)
            for t, r in found
        )
        rows.append(DeskRow(player, cells))
    return rows


@dataclass(frozen=True)
class EveningCash:
    """The evening's cash box: each tournament's cash report, and what they add up to."""

    reports: tuple[CashReport, ...]

    @property
    def fees_in(self) -> Decimal:
        return sum((report.fees_in for report in self.reports), Decimal(0))

    @property
    def tables_paid(self) -> Decimal:
        """What the tables paid beyond the fees (the Verlustspielgeld)."""
        return sum(
            (money.total for report in self.reports for money in report.game_money), Decimal(0)
        )

    @property
    def prizes(self) -> Decimal:
        return sum((report.prizes.money for report in self.reports), Decimal(0))

    @property
    def fees_open(self) -> Decimal:
        return sum((report.fees_open for report in self.reports), Decimal(0))

    @property
    def stays(self) -> Decimal:
        return sum((report.stays for report in self.reports), Decimal(0))

    @property
    def final(self) -> bool:
        """Every tournament is finished: the prizes no longer follow the standings."""
        return all(report.final for report in self.reports)


def evening_cash(tournaments: list[Tournament]) -> EveningCash:
    """Each tournament's cash report (its own fixed queries each)."""
    return EveningCash(tuple(cash_report(tournament=tournament) for tournament in tournaments))
