"""The CSV import reads the category columns (tournaments/players/csv_categories.py): Dame (or
a Geschlecht of "w"), Jahrgang (or a date of birth), Senior, Jugend, Gast, Kategorien; a cell
that is none of its column's values refuses the file with the line and the column."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Player
from tournaments.players.csv_categories import year_of_birth, yes_no
from tournaments.players.services import players_import_csv

pytestmark = pytest.mark.django_db

CATEGORIES = ("lady", "birth_year", "senior", "youth", "guest", "categories")


def imported(text: str) -> list[tuple[object, ...]]:
    players_import_csv(data=text.encode())
    return list(Player.objects.order_by("pk").values_list("name", *CATEGORIES))


def test_the_category_columns_are_read() -> None:
    text = (
        "Name;Verein;Dame;Jahrgang;Senior;Jugend;Gast;Kategorien\n"
        "Erika Schmidt;SC;x;1950;ja;;;Vorstand,  Kegelclub\n"
        "Hans Müller;SC;;2010;;1;nein;\n"
        "Karl Gast;;;;;;X;\n"
    )

    assert imported(text) == [
        ("Erika Schmidt", True, 1950, True, False, False, "Vorstand, Kegelclub"),
        ("Hans Müller", False, 2010, False, True, False, ""),
        ("Karl Gast", False, None, False, False, True, ""),
    ]


def test_english_columns_and_a_gender_column() -> None:
    text = "Name,Gender,Birth year,Guest,Categories\nAnna,w,,no,\nBert,m,1960,yes,Board\n"

    assert imported(text) == [
        ("Anna", True, None, False, False, False, ""),
        ("Bert", False, 1960, False, False, True, "Board"),
    ]


def test_a_file_without_category_columns_imports_as_before() -> None:
    assert imported("Name;Verein\nAnna;SC\n") == [("Anna", False, None, False, False, False, "")]


@pytest.mark.parametrize(
    ("row", "code"),
    [
        ("Anna;vielleicht;1950", "yes_no"),
        ("Anna;x;neunzehnhundert", "birth_year"),
        ("Anna;x;1850", "birth_year"),
        ("Anna;x;1950/1951", "birth_year"),
    ],
)
def test_a_bad_cell_refuses_the_file_with_its_line(row: str, code: str) -> None:
    with pytest.raises(ValidationError) as refused:
        players_import_csv(data=f"Name;Dame;Jahrgang\nBert;;\n{row}\n".encode())

    assert [(e.code, e.params["line"]) for e in refused.value.error_list] == [(code, 3)]
    assert not Player.objects.exists()


def test_too_many_categories_are_refused() -> None:
    with pytest.raises(ValidationError) as refused:
        players_import_csv(data=("Name;Kategorien\nAnna;" + "x" * 101 + "\n").encode())

    assert [e.code for e in refused.value.error_list] == ["too_long"]


@pytest.mark.parametrize(
    ("cell", "year"),
    [("1950", 1950), (" 12.03.1950 ", 1950), ("1950-03-12", 1950), ("", None)],
)
def test_a_year_of_birth_is_read_from_a_date_too(cell: str, year: int | None) -> None:
    assert year_of_birth(cell) == year


@pytest.mark.parametrize(("cell", "answer"), [("X", True), ("Ja", True), ("-", False)])
def test_yes_and_no(cell: str, answer: bool) -> None:
    assert yes_no(cell) is answer
