"""A table's phone reporting in (its ping): who, when, how many deals wait on it, and how long
its previous ping took."""

from django.utils import timezone

from scoring.models import TablePhone

#: What a ping may report, at most: a phone's queue holds a night's deals at most, and a round
#: trip beyond a minute is no answer at all. Larger figures are cut to these.
MAX_WAITING = 999
MAX_ROUND_TRIP_MS = 60_000


def phone_seen(*, table_id: int, phone: str, waiting: int, round_trip_ms: int | None) -> None:
    """Record that ``phone`` reached the laptop from table ``table_id`` now: one upsert (an
    INSERT … ON CONFLICT DO UPDATE on SQLite and PostgreSQL alike), so that thirty phones
    pinging every 20 seconds cost the database next to nothing. ``first_seen`` stays as the
    first ping wrote it."""
    now = timezone.now()
    if round_trip_ms is not None:
        round_trip_ms = min(max(round_trip_ms, 0), MAX_ROUND_TRIP_MS)
    seen = TablePhone(
        table_id=table_id,
        phone=phone,
        first_seen=now,
        last_seen=now,
        waiting=min(max(waiting, 0), MAX_WAITING),
        round_trip_ms=None
        if round_trip_ms is None
        else min(max(round_trip_ms, 0), MAX_ROUND_TRIP_MS),
    )
    # A ping without a round trip (a page's first) leaves the last one measured standing.
    fields = ["last_seen", "waiting"] + ([] if round_trip_ms is None else ["round_trip_ms"])
    TablePhone.objects.bulk_create(
        [seen], update_conflicts=True, unique_fields=["table", "phone"], update_fields=fields
    )
