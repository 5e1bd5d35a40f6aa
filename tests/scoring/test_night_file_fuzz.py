"""The promise "A file from outside is checked as strictly as a form" (docs/promises.md):
exported nights of every rule set (``night_files/``), mutated field by field (another type,
empty, huge, NUL, ``<script>``, dates far away, negative numbers, a key deleted, a row
doubled), are either refused with a German message and nothing saved, or imported, and then
every page of the night answers without a server error, the night exports again and
``manage.py backup`` still works. Runs on SQLite and PostgreSQL (make test).

Each example runs in a transaction of its own that is rolled back, so that the next one
starts from an empty night; the examples are bounded, no time is (``deadline=None``).
"""

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scoring.models import Deal, DealChange
from scoring.night_file.transfer import NightFileError, night_import_bytes
from tests.factories import UserFactory
from tournaments.models import Player, Registration, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

FILES = Path(__file__).parent / "night_files"
NIGHTS = {path.stem: json.loads(path.read_bytes()) for path in sorted(FILES.glob("*.json"))}
#: What a field may be turned into.
VALUES = [
    None,
    True,
    0,
    -1,
    -(10**6),
    10**20,
    3.5,
    "",
    " ",
    "x" * 5000,
    "a\x00b",
    "\x07",
    "<script>alert(1)</script>",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59Z",
    "2026-11-27T20:00:00",
    "1970-01-01",
    "3 gewonnen",
    [],
    {},
    [None],
    {"a": "\x00"},
]
DELETE, DOUBLE, TWEAK = "delete", "double", "tweak"


def tweaked(value: Any) -> Any:
    """A value of the same kind, a little off: most of them import, and the pages must bear
    them (a name with markup, a number one higher)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return f"{value} <script>alert(1)</script>"[:60] if len(value) < 30 else value[::-1]
    return value


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place of the night: each key of each object, each row of each list."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index)
            yield from places(item, (*path, index))


PLACES = {name: list(places(data)) for name, data in NIGHTS.items()}


def mutated(data: Any, path: tuple[Any, ...], change: Any) -> Any:
    """``data`` with the place ``path`` changed (a copy)."""
    data = json.loads(json.dumps(data))
    *parents, last = path
    holder = data
    for step in parents:
        holder = holder[step]
    if change == DELETE:
        del holder[last]
    elif change == TWEAK:
        holder[last] = tweaked(holder[last])
    elif change == DOUBLE and isinstance(holder, list):
        holder.insert(last, json.loads(json.dumps(holder[last])))
    else:
        holder[last] = change
    return data


@st.composite
def spoilt_nights(draw: st.DrawFn) -> tuple[str, Any]:
    name = draw(st.sampled_from(sorted(NIGHTS)))
    data = NIGHTS[name]
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(PLACES[name]))
        change = draw(st.one_of(st.just(TWEAK), st.sampled_from([DELETE, DOUBLE, *VALUES])))
        with contextlib.suppress(KeyError, IndexError, TypeError):
            data = mutated(data, path, change)  # unless the first change took the place away
    return name, data


def nothing_saved() -> bool:
    models = (Tournament, Player, Registration, Table, Deal, DealChange)
    return not any(model.objects.exists() for model in models)


def pages(tournament: Tournament) -> list[str]:
    """Every page of the night: the organiser's, each table's, the board."""
    night = f"/tournaments/{tournament.pk}"
    urls = ["/", *(f"{night}/{page}" for page in ("home/", "", "tables/", "history/"))]
    urls += [f"{night}/{page}" for page in ("dashboard/", "standings/", "print/", "export/")]
    for table in Table.objects.filter(tournament=tournament):
        urls += [f"{night}/tables/{table.pk}/sheet/", f"/t/{table.token}/"]
        urls += [f"/t/{table.token}/sheet/", f"/s/{table.sheet_token}/"]
    return [*urls, f"/board/{tournament.board_token}/"]


def check(organiser: Client, tmp_path: Path, data: Any) -> None:
    try:
        tournament = night_import_bytes(json.dumps(data).encode())
    except NightFileError as refused:
        message = str(refused)
        clear = "nichts" in message or "kein von Preisfipsen exportiertes Turnier" in message
        assert clear, message
        assert "Error" not in message, message
        assert nothing_saved()
        event("refused")
        return
    event("imported")
    for url in pages(tournament):
        response = organiser.get(url)
        assert response.status_code < 500, url
        if response.streaming:  # the night's file: written as it is sent
            assert b"".join(response.streaming_content), url
    call_command("backup", output=tmp_path / "sicherung.json", format="json", verbosity=0)


@settings(
    max_examples=int(os.environ.get("NIGHT_FILE_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(night=spoilt_nights())
def test_a_mutated_night_is_refused_or_every_page_answers(
    organiser: Client, tmp_path: Path, night: tuple[str, Any]
) -> None:
    _name, data = night
    with transaction.atomic():
        check(organiser, tmp_path, data)
        transaction.set_rollback(True)


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_every_night_unchanged_imports_and_every_page_answers(
    organiser: Client, tmp_path: Path, name: str
) -> None:
    """The mutations' starting points are good nights: else the test would try only refusals."""
    UserFactory(username="leitung")
    tournament = night_import_bytes(json.dumps(NIGHTS[name]).encode())
    for url in pages(tournament):
        assert organiser.get(url).status_code in (200, 302, 404), url  # a race has no sheet
