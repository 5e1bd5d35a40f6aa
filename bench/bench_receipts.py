"""What a table's receipts cost when they are computed on the fly from its stored deals.

Run: ``make bench`` or ``.venv/bin/python bench/bench_receipts.py``. In a throwaway SQLite
database: a table of four with 120 deals (more than any table plays: MAX_DEALS), bulk-created
as tests/scoring/helpers.py does. Measured, each the median of many turns:

- the chain of its 120 deals without the database (hashing only);
- the table's chain as a page reads it (``tournaments.ledger.receipts.table_chain``: one query of
  the needed columns as tuples; a request reads it once, ``request_chain``);
- the yardstick: the least a page asks of the database, one trivial query (the table by its
  pk), in turns with the chain;
- the captain's page of that table as a whole (Django's test client, every middleware), of
  which the chain is a part.

The receipts are computed, not stored, as long as the chain costs a few trivial queries.
"""

import sys

import throwaway

_VAR = throwaway.django_setup("receipts")

import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from tests.scoring.helpers import playing_table  # noqa: E402
from tournaments.ledger.entries import receipt_fields  # noqa: E402
from tournaments.ledger.receipts import chain, table_chain  # noqa: E402
from tournaments.models import Table  # noqa: E402

DEALS = 120
TURNS = 100


def median_ms(work: Callable[[], object]) -> float:
    times = []
    for _ in range(TURNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    setup_test_environment()  # the test client's host is allowed; DEBUG stays off
    try:
        call_command("migrate", verbosity=0)
        table = playing_table(players=4, deals=DEALS, played=DEALS)
        from scoring.models import Deal

        fields, number = receipt_fields(Deal)
        rows = list(Deal.objects.filter(table=table).values("corrected_at", *fields))
        pure = median_ms(lambda: chain(table.number, rows, number))
        read = median_ms(lambda: table_chain(table))
        trivial = median_ms(lambda: Table.objects.filter(pk=table.pk).exists())
        client, url = Client(), reverse("scoring:table_entry", args=[table.token])
        # Plain static files: no collectstatic manifest needed (the lookup costs the same).
        storages = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        with override_settings(STORAGES=storages):
            page = median_ms(lambda: client.get(url))
        print(f"A table's receipts, {DEALS} deals, median of {TURNS} turns:")
        print(f"  the chain without the database: {pure:.3f} ms")
        print(f"  the chain read from the table:  {read:.3f} ms")
        print(f"  the yardstick (one trivial query): {trivial:.3f} ms")
        print(f"  the chain read is {read / trivial:.1f}x the yardstick")
        print(f"  the captain's page with it: {page:.3f} ms (the chain {read / page:.0%} of it)")
    finally:
        connection.close()
        _VAR.cleanup()


if __name__ == "__main__":
    main()
    sys.exit(0)
