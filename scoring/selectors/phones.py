"""How each table's phones reach the laptop, as their pings told (``scoring.models.TablePhone``):
for the progress page, the home and the Generalprobe. Two queries at most, whatever the
number of tables and phones."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import QuerySet, Subquery, Sum
from django.utils import timezone

from scoring.models import TablePhone
from tournaments.models import Table, Tournament

#: A phone not heard from for longer than this is shown "without connection since …". It
#: pings every 20 seconds while its page is open (static/js/table-link.js), so this is three
#: pings missed: one lost ping or a slow answer on a busy Wi-Fi raises no alarm, and a table
#: cut off shows within a minute.
SILENT_AFTER = timedelta(seconds=60)
#: A round trip slower than this is named on the Generalprobe: a deal's save would take
#: noticeably long there (the Wi-Fi is weak at that table).
SLOW_ROUND_TRIP_MS = 1000


@dataclass(frozen=True)
class TableLink:
    """What a table's phones last told: ``last_seen`` the latest of them (None: never),
    ``waiting`` the deals all its phones keep, ``round_trip_ms`` the latest phone's."""

    table: Table
    phones: int = 0
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    waiting: int = 0
    round_trip_ms: int | None = None
    #: Seen once, but not within SILENT_AFTER.
    silent: bool = False

    @property
    def reached(self) -> bool:
        """Has a phone of this table reached the laptop at all?"""
        return self.last_seen is not None

    @property
    def slow(self) -> bool:
        """Did the latest ping take so long that a save would keep the captain waiting?"""
        return self.round_trip_ms is not None and self.round_trip_ms > SLOW_ROUND_TRIP_MS


def table_links(tables: Iterable[Table], *, now: datetime | None = None) -> list[TableLink]:
    """Each of ``tables`` with what its phones told, in the given order (one query)."""
    tables = list(tables)
    now = now or timezone.now()
    seen: dict[int, list[TablePhone]] = {}
    for phone in TablePhone.objects.filter(table__in=tables).order_by("last_seen"):
        seen.setdefault(phone.table_id, []).append(phone)
    return [_link(table, seen.get(table.pk, []), now) for table in tables]


def _link(table: Table, phones: list[TablePhone], now: datetime) -> TableLink:
    if not phones:
        return TableLink(table)
    latest = phones[-1]  # ordered by last_seen
    return TableLink(
        table,
        phones=len(phones),
        first_seen=min(phone.first_seen for phone in phones),
        last_seen=latest.last_seen,
        waiting=sum(phone.waiting for phone in phones),
        round_trip_ms=latest.round_trip_ms,
        silent=now - latest.last_seen > SILENT_AFTER,
    )


def deals_waiting(tables: QuerySet[Table]) -> list[tuple[Table, int]]:
    """The tables of ``tables`` whose phones last said they keep deals, with how many (one
    query)."""
    found = tables.filter(phones__waiting__gt=0).annotate(kept=Sum("phones__waiting"))
    return [(table, table.kept) for table in found.order_by("series", "number")]


def with_links(tables: Iterable[Table]) -> list[Table]:
    """``tables`` as a list, each with ``link``, its :class:`TableLink` (one query)."""
    links = table_links(tables)
    for link in links:
        setattr(link.table, "link", link)  # noqa: B010 (as an annotation would be)
    return [link.table for link in links]


def tournament_links(*, tournament: Tournament) -> list[TableLink]:
    """Every table of the series drawn last (an earlier series' tables have played), in
    order, with what its phones told (two queries)."""
    tables = Table.objects.filter(tournament=tournament)
    latest = tables.order_by("-series").values("series")[:1]
    return table_links(tables.filter(series=Subquery(latest)).order_by("number"))


@dataclass(frozen=True)
class Rehearsal:
    """The Generalprobe: the tables whose phone reached the laptop, and those not yet."""

    reached: list[TableLink]
    missing: list[TableLink]

    @property
    def tables(self) -> int:
        return len(self.reached) + len(self.missing)


def rehearsal(*, tournament: Tournament) -> Rehearsal:
    """Which tables' links were opened at their table and reached the laptop (two queries)."""
    links = tournament_links(tournament=tournament)
    return Rehearsal(
        reached=[link for link in links if link.reached],
        missing=[link for link in links if not link.reached],
    )
