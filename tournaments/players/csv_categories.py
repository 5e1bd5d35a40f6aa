"""The category columns of a CSV file of players (tournaments/players/csv_import.py): a lady, the
year
of birth, senior, youth, guest, the club's own categories; read from their cells, each
problem a ``ValidationError`` with the row's line (no database).

>>> yes_no("x"), yes_no("Nein"), yes_no("")
(True, False, False)
>>> year_of_birth("12.03.1950")
1950
"""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: The category fields and the column names (folded) that mean them, German and English.
CATEGORY_COLUMNS: dict[str, tuple[str, ...]] = {
    "lady": ("dame", "lady"),
    "gender": ("geschlecht", "gender"),
    "birth_year": ("jahrgang", "geburtsjahr", "geburtsdatum", "year of birth", "birth year"),
    "senior": ("senior",),
    "youth": ("jugend", "jugendlicher", "youth"),
    "guest": ("gast", "guest"),
    "categories": ("kategorien", "kategorie", "categories", "category"),
}
#: Fields of a yes/no column.
YES_NO_FIELDS = ("lady", "senior", "youth", "guest")

YES = frozenset({"x", "ja", "j", "yes", "y", "1", "true", "wahr", "✓", "✔"})
NO = frozenset({"", "nein", "n", "no", "0", "false", "falsch", "-", "–"})
#: A gender column's values that make a lady (the others, "m", "d", blank, do not).
FEMALE = frozenset({"w", "weiblich", "f", "female", "frau"})

YEARS = (1900, 2100)


def yes_no(value: str) -> bool | None:
    """True or False for a cell of a yes/no column ("x", "ja", "1"; "", "nein", "0"); None
    when it is neither."""
    folded = value.strip().casefold()
    if folded in YES:
        return True
    if folded in NO:
        return False
    return None


def year_of_birth(value: str) -> int | None:
    """The year in a cell ("1950", "12.03.1950", "1950-03-12"), None for an empty cell.

    :raises ValueError: there is no one plausible year in it.
    """
    if not value.strip():
        return None
    years = re.findall(r"(?<!\d)\d{4}(?!\d)", value)
    if len(years) != 1 or not YEARS[0] <= int(years[0]) <= YEARS[1]:
        raise ValueError(value)
    return int(years[0])


def category_values(
    cells: dict[str, str], *, line: int, header_of: dict[str, str]
) -> tuple[dict[str, object], list[ValidationError]]:
    """The category fields of a row from its cells (by field), and the problems, each with
    the line and the column's name as the file has it (``header_of``)."""
    values: dict[str, object] = {}
    errors: list[ValidationError] = []
    for field in YES_NO_FIELDS:
        if field in cells:
            answer = yes_no(cells[field])
            if answer is None:
                errors.append(_not_yes_no(line, header_of[field], cells[field]))
            values[field] = bool(answer)
    if cells.get("gender", "").strip().casefold() in FEMALE:
        values["lady"] = True
    if "birth_year" in cells:
        try:
            values["birth_year"] = year_of_birth(cells["birth_year"])
        except ValueError:
            errors.append(_not_a_year(line, header_of["birth_year"], cells["birth_year"]))
    if "categories" in cells:
        values["categories"] = ", ".join(
            " ".join(name.split()) for name in cells["categories"].split(",") if name.strip()
        )
    return values, errors


def _not_yes_no(line: int, column: str, value: str) -> ValidationError:
    return ValidationError(
        _("Line %(line)s: “%(column)s” is yes or no (“x”, “ja” or empty), not “%(value)s”."),
        code="yes_no",
        params={"line": line, "column": column, "value": value},
    )


def _not_a_year(line: int, column: str, value: str) -> ValidationError:
    return ValidationError(
        _("Line %(line)s: “%(value)s” in “%(column)s” is no year of birth."),
        code="birth_year",
        params={"line": line, "column": column, "value": value},
    )
