"""The night's file in bounded memory (scoring/night_file/stream.py,
scoring/night_file/transfer.py):
written as json.dumps wrote it, read back a table at a time; a night four times as large costs
about the same memory, far less than the whole file held as Python values."""

import io
import json
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring.demo import demo_night_play
from scoring.night_file import stream as transfer_stream
from scoring.night_file import transfer as night_transfer
from scoring.night_file.stream import NotJson, Streamed, object_chunks, object_pairs
from scoring.night_file.transfer import NightFileError
from tests.night_file_helpers import night_scaled
from tournaments.models import Tournament

pytestmark = pytest.mark.usefixtures("german")

NESTED = {"a": 1, "tables": [{"x": [1, {"y": "Müller „Ü“\n"}], "e": []}, {}, []], "d": []}


def test_the_chunks_are_what_json_dumps_writes() -> None:
    streamed = [(key, Streamed(iter(v)) if isinstance(v, list) else v) for key, v in NESTED.items()]
    assert "".join(object_chunks(streamed)) == json.dumps(NESTED, ensure_ascii=False, indent=1)
    assert "".join(object_chunks([])) == json.dumps({}, indent=1)


def test_the_pairs_come_back_a_list_item_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfer_stream, "CHUNK", 3)  # every value cut by the buffer's end
    text = "\ufeff" + json.dumps(NESTED, ensure_ascii=False, indent=1)
    read = {}
    for key, value in object_pairs(io.BytesIO(text.encode()), streamed=["tables", "d"]):
        assert isinstance(value, Iterator) == (key in ("tables", "d"))
        read[key] = list(value) if key in ("tables", "d") else value
    assert read == NESTED


@pytest.mark.parametrize(
    "content",
    [b"", b"[]", b"{", b'{"a":1,}', b'{"a":1} x', b'{"a":12', b"\xff{}", b'{"a":[' * 3000],
)
def test_what_is_no_json_object_is_said_so(content: bytes) -> None:
    def read_all() -> list[Any]:
        pairs = object_pairs(io.BytesIO(content), streamed=["a"])
        return [list(value) if isinstance(value, Iterator) else value for _key, value in pairs]

    with pytest.raises(NotJson):
        read_all()


# Memory


@pytest.fixture
def small_night(db: None) -> dict[str, Any]:
    """Two tables of 40 deals each, played as the demo plays them, as plain values."""
    night = demo_night_play(players=8, seed=7, deals=40, name="Klein")
    return night_transfer.night_export(tournament=night.tournament)


def peak(work: Callable[[], object]) -> int:
    """The most memory ``work`` held at once (bytes, as Python allocated it)."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def written(data: dict[str, Any], name: str, folder: Path) -> Path:
    path = folder / f"{name}.json"
    data = {**data, "tournament": {**data["tournament"], "name": name}}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def import_from(path: Path) -> Tournament:
    with path.open("rb") as file:
        return night_transfer.night_import_file(file)


def whole_file_import(path: Path) -> Tournament:
    """What the import did before: the whole file read, parsed at once, then imported."""
    return night_transfer.night_import(json.loads(path.read_bytes()))


def test_an_import_four_times_as_large_takes_about_the_same_memory(
    small_night: dict[str, Any], tmp_path: Path
) -> None:
    import_from(written(small_night, "Warm", tmp_path))  # what is loaded once, loaded
    one = written(night_scaled(small_night, 2), "Eins", tmp_path)  # 4 tables, 160 deals
    four = written(night_scaled(small_night, 8), "Vier", tmp_path)  # 16 tables, 640 deals
    at_one, at_four = peak(lambda: import_from(one)), peak(lambda: import_from(four))
    assert Tournament.objects.get(name="Vier").tables.count() == 16

    one = written(night_scaled(small_night, 2), "Eins ganz", tmp_path)
    four = written(night_scaled(small_night, 8), "Vier ganz", tmp_path)
    whole_one, whole_four = (
        peak(lambda: whole_file_import(one)),
        peak(lambda: whole_file_import(four)),
    )
    # The players and registrations are held (a few kB each, and a night of four times the
    # tables has four times the players); the deals a table at a time.
    assert at_four - at_one < (whole_four - whole_one) / 2, (at_one, at_four, whole_four)
    assert at_four < whole_four, (at_four, whole_four)


def test_an_export_four_times_as_large_takes_about_the_same_memory(
    small_night: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_transfer, "TABLE_BATCH", 2)
    one = import_from(written(night_scaled(small_night, 2), "Eins", tmp_path))
    four = import_from(written(night_scaled(small_night, 8), "Vier", tmp_path))

    def export(tournament: Tournament) -> int:
        return sum(
            len(chunk) for chunk in night_transfer.night_export_chunks(tournament=tournament)
        )

    at_one, at_four = peak(lambda: export(one)), peak(lambda: export(four))

    whole_one, whole_four = peak(lambda: whole_export(one)), peak(lambda: whole_export(four))
    # The registrations are held (a night of four times the tables has four times the
    # players); the deals of TABLE_BATCH tables at a time.
    assert at_four - at_one < (whole_four - whole_one) / 2, (at_one, at_four, whole_four)
    assert at_four < whole_four / 2, (at_four, whole_four)


def whole_export(tournament: Tournament) -> bytes:
    """What the export did before: the night as Python values, then the file at once."""
    return json.dumps(
        night_transfer.night_export(tournament=tournament), ensure_ascii=False, indent=1
    ).encode()


def test_a_file_cut_short_in_its_tables_saves_nothing(small_night: dict[str, Any]) -> None:
    data = night_scaled(small_night, 2)
    data["tournament"]["name"] = "Abgeschnitten"
    content = json.dumps(data, ensure_ascii=False, indent=1).encode()
    before = Tournament.objects.count()
    with pytest.raises(NightFileError, match="kein von Preisfipsen exportiertes Turnier"):
        night_transfer.night_import_bytes(content[: len(content) * 3 // 4])
    assert Tournament.objects.count() == before
