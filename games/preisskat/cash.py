"""What a Preisskat evening's tables pay the club beyond the entry fees (PREISSKAT.md, "Money
a Skat evening handles"), for the cash report: each declarer's Verlustspielgeld for his lost
games of a list (a table of a series), and each table's fee for its deals all passed where the
club asks one. Three queries, however many tables."""

from collections import Counter
from typing import cast

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from fipsen_rules.preisskat import Preisskat
from scoring.models import Deal
from scoring.standings.cash import GameMoney, TableMoney
from tournaments.draw.tables import tables_with_seats
from tournaments.models import Tournament
from tournaments.rule_choice import rules_of


def skat_money(tournament: Tournament) -> tuple[GameMoney, ...]:
    """The Verlustspielgeld, and the passed deals' fees where the club has one."""
    rules = cast("Preisskat", rules_of(tournament))  # the pages of Preisskat's nights only
    deals = Deal.objects.filter(table__tournament=tournament).order_by()
    lost = Counter(
        {
            (row["table_id"], row["declarer"]): row["count"]
            for row in deals.filter(declarer__isnull=False, score__lt=0)
            .values("table_id", "declarer")
            .annotate(count=Count("pk"))
        }
    )
    passed = Counter(
        {
            row["table_id"]: row["count"]
            for row in deals.filter(declarer__isnull=True, number__isnull=False)
            .values("table_id")
            .annotate(count=Count("pk"))
        }
    )
    tables = list(tables_with_seats(tournament=tournament))
    losses = tuple(
        TableMoney(
            str(table),
            tuple(
                (_lost_line(seat.registration.player.name, count), rules.loss_money(count))
                for seat in table.seats.all()
                if (count := lost[(table.pk, seat.position)])
            ),
        )
        for table in tables
    )
    money = [GameMoney(_("Verlustspielgeld"), tuple(t for t in losses if t.lines))]
    if rules.passed_fee:
        fees = tuple(
            TableMoney(str(table), ((_passed_line(count), rules.passed_money(count)),))
            for table in tables
            if (count := passed[table.pk])
        )
        money.append(GameMoney(_("Deals all passed"), fees))
    return tuple(item for item in money if item.tables)  # nothing to say before a lost game


def _lost_line(name: str, count: int) -> str:
    return ngettext("%(name)s: %(count)s lost game", "%(name)s: %(count)s lost games", count) % {
        "name": name,
        "count": count,
    }


def _passed_line(count: int) -> str:
    return ngettext("%(count)s deal all passed", "%(count)s deals all passed", count) % {
        "count": count
    }
