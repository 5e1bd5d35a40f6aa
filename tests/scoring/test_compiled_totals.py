"""The table's deals summed for its running totals by a statement the ORM compiled once, and
the totals written by a statement written once (sitewide.compiled, issue 31): the rows are
those of the query run afresh, for any table, and the totals those bulk_create wrote; a deal
inserted so is the row that save() writes."""

from datetime import datetime
from typing import Any

import pytest
from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.models import Deal
from scoring.standings.selectors import _deal_groups, table_totals
from sitewide.compiled import insert, upsert, values_of
from tests.scoring.helpers import enter, playing_table
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def played_table(played: int) -> Table:
    table = playing_table(players=4, deals=30, played=played)
    for declarer, game in [(1, "3 Hand verloren"), (None, "alle gepasst"), (2, "Kieker gewonnen")]:
        enter(table, declarer, game)
    return table


def by_group(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows, key=lambda row: (row["declarer"] is None, row["declarer"] or 0))


def test_the_compiled_sums_are_those_of_the_query(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = [played_table(0), played_table(7)]
    values_of(_deal_groups, tables[0].pk)
    compiled: list[object] = []
    as_sql = SQLCompiler.as_sql
    monkeypatch.setattr(
        SQLCompiler, "as_sql", lambda *a, **k: compiled.append(a) or as_sql(*a, **k)
    )
    with CaptureQueriesContext(connection) as queries:
        found = [values_of(_deal_groups, table.pk) for table in tables]
    assert len(queries) == 2
    assert compiled == []  # the ORM built and compiled it once, before
    monkeypatch.undo()
    for table, rows in zip(tables, found, strict=True):
        assert by_group(rows) == by_group(list(_deal_groups(table.pk)))
        assert all(isinstance(row["last"], datetime) for row in rows)  # converted, as the ORM does
    seats = list(tables[1].seats.order_by("position"))
    assert table_totals(tables[1], seats)[0].entries == 10


def _by_two_keys(key: int) -> "QuerySet[Deal, dict[str, Any]]":
    return Deal.objects.filter(Q(table_id=key) | Q(sequence=key)).values("sequence")


def _models(key: int) -> "QuerySet[Deal, Deal]":
    return Deal.objects.filter(table_id=key)


def test_a_query_it_cannot_compile_so_is_run_as_it_is() -> None:
    table = played_table(2)
    expected = list(_by_two_keys(table.pk))
    assert values_of(_by_two_keys, table.pk) == expected
    assert values_of(_models, table.pk) == list(_models(table.pk))  # type: ignore[arg-type]


def test_upsert_writes_new_rows_and_rewrites_the_figures_of_old_ones() -> None:
    table = playing_table(players=4, deals=30)
    seats = list(table.seats.order_by("position"))
    SeatTotal.objects.filter(seat__in=seats).delete()
    TableTotal.objects.filter(table=table).delete()
    figures = ["points", "won"]
    upsert(SeatTotal, [SeatTotal(seat=seats[0], points=3, won=1)], unique_fields=["seat"],
           update_fields=figures)  # fmt: skip
    rows = [SeatTotal(seat=seat, points=seat.position * 10, won=2) for seat in seats]
    upsert(SeatTotal, rows, unique_fields=["seat"], update_fields=figures)
    found = SeatTotal.objects.filter(seat__in=seats).order_by("seat__position")
    assert [(total.points, total.won) for total in found] == [(0, 2), (10, 2), (20, 2), (30, 2)]
    last = timezone.now()
    total = TableTotal(table=table, played=7, last_entry=last)
    upsert(TableTotal, [total], unique_fields=["table"], update_fields=["played", "last_entry"])
    assert TableTotal.objects.values_list("played", "last_entry").get(table=table) == (7, last)


def test_insert_writes_the_row_that_save_writes_and_gives_it_its_id() -> None:
    table = played_table(0)
    last = Deal.objects.filter(table=table).order_by("sequence").last()
    assert last is not None
    values = {
        name: getattr(last, name)
        for name in ("table_id", "number", "dealer", "declarer", "game", "score", "change_0")
    }
    number = (last.number or 0) + 1
    by_orm = Deal.objects.create(sequence=last.sequence + 1, **{**values, "number": number})
    inserted = Deal(sequence=last.sequence + 2, **{**values, "number": number + 1})
    with CaptureQueriesContext(connection) as queries:
        insert(inserted)
    assert len(queries) == 1
    assert inserted.pk == by_orm.pk + 1
    assert not inserted._state.adding
    own = ("id", "sequence", "number", "submission")  # a new form id each
    columns = [f.attname for f in Deal._meta.concrete_fields if f.attname not in own]
    stored = Deal.objects.filter(pk__in=[by_orm.pk, inserted.pk]).order_by("pk")
    orm_row, inserted_row = stored.values(*columns)
    assert orm_row.keys() == inserted_row.keys()
    for name in columns:  # the times set on saving (auto_now, auto_now_add) differ a little
        if isinstance(orm_row[name], datetime):
            assert abs(orm_row[name] - inserted_row[name]).total_seconds() < 60
        else:
            assert orm_row[name] == inserted_row[name], name
    assert inserted_row["created_at"] is not None
    assert inserted_row["updated_at"] is not None
