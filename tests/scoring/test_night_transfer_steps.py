"""Issue 30.1: a large night's import no longer holds the database for minutes.

It was one transaction: on SQLite that held the one write lock until the end, and every
captain's save waited 20 s and gave up (503). Now it commits in short steps into a staged,
hidden tournament (scoring/night_file/stage.py), reports after each step (the players too), and
a file refused half-way is undone. Checked by structure, never by the clock: the import is in
no transaction where it reports, a save from another thread goes through while the import
waits mid-way (coordinated by the import's own progress report), and what is left afterwards
is counted.
"""

import io
import json
import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections

from fipsen_rules import Game
from scoring import selectors, services
from scoring.demo import demo_night_play
from scoring.models import Deal, DealChange
from scoring.night_file import frame as transfer_frame
from scoring.night_file import transfer as night_transfer
from tests.night_file_helpers import night_scaled
from tests.scoring.helpers import playing_table
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.selectors.tournament import tournament_list

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]


@pytest.fixture
def night() -> dict[str, Any]:
    """A played night of 6 tables (the demo's 2, three times) and 24 players, as plain values."""
    played = demo_night_play(players=8, seed=3, deals=12, name="Vorlage")
    data = night_scaled(night_transfer.night_export(tournament=played.tournament), 3)
    data["tournament"]["name"] = "Großer Abend"
    return json.loads(json.dumps(data))  # each table's rows its own (the copies share them)


def file_of(data: dict[str, Any]) -> io.BytesIO:
    return io.BytesIO(json.dumps(data, ensure_ascii=False, indent=1).encode())


def saved_elsewhere(table: Table) -> BaseException | None:
    """A captain's save at ``table`` from a thread of its own (its own connection), as a
    request of the web server is; what it raised, or None."""
    failed: list[BaseException] = []

    def save() -> None:
        try:
            services.deal_record(
                table=table,
                sequence=selectors.next_deal(table=table).sequence,
                submission=uuid.uuid4(),
                declarer=0,
                game=Game.parse("3 gewonnen"),
            )
        except BaseException as error:  # reported to the test
            failed.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=save)
    thread.start()
    thread.join()
    return failed[0] if failed else None


def test_a_save_at_another_table_goes_through_while_the_import_is_half_way(
    night: dict[str, Any],
) -> None:
    """Before: the import held the write lock (SQLite) in one open transaction, and the save
    gave up after 20 s with "database is locked"."""
    table = playing_table()
    seen: dict[str, Any] = {}

    def progress(tables: int, done: int, total: int) -> None:
        if tables == 3 and not seen:  # half-way, between two steps
            seen["in a transaction"] = connection.in_atomic_block
            seen["save"] = saved_elsewhere(table)
            seen["listed"] = [t.name for t in tournament_list()]
            seen["staged"] = Tournament.objects.filter(name="Großer Abend", importing=True).count()

    imported = night_transfer.night_import_file(file_of(night), progress=progress)

    assert seen["in a transaction"] is False, "the import commits as it goes"
    assert seen["save"] is None, f"the save at another table failed: {seen['save']!r}"
    assert Deal.objects.filter(table=table).count() == 1
    assert seen["staged"] == 1, "the tables so far are saved, in the staged tournament"
    assert "Großer Abend" not in seen["listed"], "no list shows a night half imported"
    assert imported.importing is False
    assert "Großer Abend" in [t.name for t in tournament_list()]
    assert imported.tables.count() == 6


def test_progress_moves_while_the_players_are_saved(
    night: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the first report came with the first table, after every player and
    registration was saved (minutes for 180,000), and the page called the import stalled."""
    monkeypatch.setattr(transfer_frame, "PLAYER_BATCH", 5)
    monkeypatch.setattr(transfer_frame, "REGISTRATION_BATCH", 5)
    reports: list[tuple[int, int, int]] = []

    night_transfer.night_import_file(
        file_of(night), progress=lambda *report: reports.append(report)
    )

    assert len(night["players"]) == len(night["registrations"]) == 24
    head = [done for tables, done, _total in reports if tables == 0]
    # 5 steps of players and 5 of registrations, each reported, each further on.
    assert len(head) >= 10, reports
    assert head == sorted(head), head
    assert len(set(head)) >= 10, head
    total = reports[-1][2]
    tables_done = [done for tables, done, _total in reports if tables > 0]
    assert head[-1] <= min(tables_done) <= max(tables_done) <= total


def _counts() -> dict[str, int]:
    models = (Tournament, Player, Registration, Table, Seat, Deal, DealChange)
    return {model.__name__: model.objects.count() for model in models}


def test_a_file_refused_at_its_last_table_leaves_nothing_half_done(
    night: dict[str, Any],
) -> None:
    """Five tables and every player were committed when the sixth is refused: all of it is
    undone, the players it added to the directory with it; the directory's own stay."""
    known = Player.objects.filter(name=night["players"][0]["name"]).get()
    deal = next(d for d in night["tables"][5]["deals_played"] if d["number"] == 5)
    deal["score"] += 1
    before = _counts()
    committed: list[bool] = []

    def progress(tables: int, done: int, total: int) -> None:
        if tables == 5:
            committed.append(not connection.in_atomic_block and Table.objects.count() > 0)

    with pytest.raises(night_transfer.NightFileError, match="Spiel 5"):
        night_transfer.night_import_file(file_of(night), progress=progress)

    assert committed == [True], "five tables were saved before the sixth was refused"
    assert _counts() == before
    assert Player.objects.filter(pk=known.pk).exists(), "a player matched, not added, stays"


def test_the_directory_keeps_a_player_added_by_the_import_and_registered_elsewhere_meanwhile(
    night: dict[str, Any],
) -> None:
    """The desk registered one of the import's new players for another night while the
    import ran: undoing the import keeps him."""
    night["players"].append({"key": 999, "name": "Neu Ankömmling", "club": "", "contact": ""})
    night["registrations"].append(
        {**night["registrations"][0], "key": 999, "player": 999, "checked_in_at": None}
    )
    night["tables"][5]["deals_played"][0]["score"] += 1
    other = playing_table().tournament

    def progress(tables: int, done: int, total: int) -> None:
        if tables == 1:
            added = Player.objects.get(name="Neu Ankömmling")
            Registration.objects.create(tournament=other, player=added)

    with pytest.raises(night_transfer.NightFileError):
        night_transfer.night_import_file(file_of(night), progress=progress)

    assert Player.objects.filter(name="Neu Ankömmling").exists()
    assert not Tournament.objects.filter(name="Großer Abend").exists()


def test_an_import_in_a_callers_transaction_is_one_with_it(night: dict[str, Any]) -> None:
    """A test's (or a shell's) open transaction: every step is a savepoint of it."""
    from django.db import transaction

    reported: list[bool] = []
    with transaction.atomic():
        night_transfer.night_import_file(
            file_of(night), progress=lambda *report: reported.append(connection.in_atomic_block)
        )
        transaction.set_rollback(True)
    assert all(reported)
    assert not Tournament.objects.filter(name="Großer Abend").exists()


def _step_count(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """How many transactions the import commits (its steps), counted as they start."""
    from scoring.night_file import stage as transfer_stage

    steps = [0]
    original = transfer_stage.step

    def counted() -> Any:
        steps[0] += 1
        return original()

    monkeypatch.setattr(transfer_stage, "step", counted)
    monkeypatch.setattr(transfer_frame, "step", counted)
    monkeypatch.setattr(night_transfer, "step", counted)
    return lambda: steps[0]


def test_the_import_commits_a_table_at_a_time(
    night: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = _step_count(monkeypatch)
    monkeypatch.setattr(transfer_frame, "STEP_SECONDS", 600)  # the players' step: its batch
    night_transfer.night_import_file(file_of(night))
    # The tournament; players and registrations (one batch each); six tables; the night's own
    # rows; six tables' totals; the last step that shows it.
    assert steps() == 1 + 2 + 6 + 1 + 6 + 1
