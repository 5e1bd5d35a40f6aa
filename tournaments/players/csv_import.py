"""Reading a CSV file of players: encoding, delimiter, header and rows (no database).

The saving, and the checks that need the directory, are in ``services.players_import_csv``.
Every problem is a ``ValidationError`` with a ``code`` and ``params``; a problem of one row
carries its line number in ``params["line"]`` and is collected, not raised, so that the page can
list every bad row at once.
"""

import codecs
import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player
from tournaments.players.csv_categories import CATEGORY_COLUMNS, category_values
from tournaments.text import clean_text

if TYPE_CHECKING:
    from _csv import Reader

#: The fields of a row, and the column names (folded) that mean them, in German and English.
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "club": ("verein", "club"),
    "contact": ("kontakt", "contact"),
    **CATEGORY_COLUMNS,  # Dame, Jahrgang, Senior, Jugend, Gast, Kategorien (and Geschlecht)
}
#: The text fields of a row, held to the player's field's length.
TEXT_FIELDS = ("name", "club", "contact", "categories")
#: The delimiters a file may use; on a tie the earlier wins (Excel on German Windows: ";").
DELIMITERS = (";", "\t", ",")


@dataclass(frozen=True)
class CsvRow:
    """A row of the file with something in it, its fields stripped (the name's inner spaces
    collapsed); not yet checked against the directory."""

    line: int
    name: str
    club: str
    contact: str
    #: His categories, from the file's category columns (if it has them).
    lady: bool = False
    birth_year: int | None = None
    senior: bool = False
    youth: bool = False
    guest: bool = False
    categories: str = ""


@dataclass(frozen=True)
class CsvContent:
    rows: list[CsvRow]
    #: Problems of single rows, by line: the rows concerned are not in ``rows``.
    errors: list[ValidationError]


def players_csv_read(data: bytes) -> CsvContent:
    """The rows of a CSV file of players, and the problems of single rows.

    :raises ValidationError: the file as a whole cannot be read: empty, not text, no header
        with a name column, or no rows below the header.
    """
    text = _decode(data)
    # Lines as the csv module counts them: ends of line kept as they are, "\r\n", "\n" or "\r".
    lines = list(io.StringIO(text, newline=""))
    first, delimiter = _header_start(lines)
    # Strict: a quote that is never closed is an error, not the rest of the file in one name.
    reader = csv.reader(lines[first:], delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except csv.Error:  # a header longer than the reader takes
        raise _unreadable(first + 1) from None
    columns = _columns(header, line=first + 1, text=lines[first].strip())
    rows: list[CsvRow] = []
    errors: list[ValidationError] = []
    for line, fields in _records(reader, offset=first, lines=lines):
        if isinstance(fields, ValidationError):
            errors.append(fields)
        elif any(field.strip() for field in fields):  # a blank row is left out
            row = _row(fields, line=line, header=header, columns=columns, sep=delimiter)
            if isinstance(row, CsvRow):
                rows.append(row)
            else:
                errors.extend(row)
    if not rows and not errors:
        raise ValidationError(_("There are no players below the header line."), code="no_rows")
    return CsvContent(rows=rows, errors=errors)


def _header_start(lines: list[str]) -> tuple[int, str]:
    """The index of the header line, and the delimiter: the one a first line "sep=;" names
    (Excel understands it, and some programs write it), else the one the header suggests.

    :raises ValidationError: there is no header: the file is empty.
    """
    first = _next_filled(lines, 0)
    header_line = lines[first].strip()
    if header_line.casefold().startswith("sep=") and len(header_line) == 5:
        return _next_filled(lines, first + 1), header_line[4]
    return first, _sniff_delimiter(lines[first])


def _next_filled(lines: list[str], start: int) -> int:
    """The index of the first line from ``start`` on with something in it.

    :raises ValidationError: there is none: the file is empty.
    """
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start == len(lines):
        raise ValidationError(_("The file is empty."), code="empty")
    return start


def _row(
    fields: list[str], *, line: int, header: list[str], columns: dict[str, int], sep: str
) -> CsvRow | list[ValidationError]:
    """The row a record gives, or its problems."""
    if any(
        "\n" in fields[columns[f]] or "\r" in fields[columns[f]]
        for f in ("name", "club")
        if f in columns and columns[f] < len(fields)
    ):
        # A quote closed only lines later: those lines are in the name (an address in
        # the contact may have line breaks).
        return [_unclosed_quote(line)]
    row_errors = _row_errors(fields, line=line, header=header, columns=columns, sep=sep)
    if row_errors:
        return row_errors
    values = {
        field: " ".join(clean_text(fields[index]).split()) if index < len(fields) else ""
        for field, index in columns.items()
    }
    categories, errors = category_values(
        {field: value for field, value in values.items() if field in CATEGORY_COLUMNS},
        line=line,
        header_of={
            field: header[index].strip().strip("\ufeff") for field, index in columns.items()
        },
    )
    if errors:
        return errors
    return CsvRow(
        line=line,
        name=values["name"],
        club=values.get("club", ""),
        contact=values.get("contact", ""),
        **categories,  # type: ignore[arg-type]
    )


def _decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), UTF-16 with BOM (Excel's "Unicode text"), else Windows-1252
    (Excel's CSV on German Windows)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16").replace("\0", "")  # a NUL is nothing a name can hold
        except UnicodeDecodeError:
            raise _not_text() from None
    if b"\0" in data:  # a spreadsheet, a picture, …: text files have no NUL bytes
        raise _not_text()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise _not_text() from None


def _not_text() -> ValidationError:
    return ValidationError(
        _(
            "This is not a CSV file. In Excel, save the table with “Save as” and the file type "
            "“CSV (comma delimited)”."
        ),
        code="not_text",
    )


def _sniff_delimiter(header_line: str) -> str:
    """The delimiter that splits the header into the most known column names.

    The header is a better guide than csv.Sniffer's guess from the rows: a name like
    "Müller, Hans" in a file separated by ";" makes the comma look like a delimiter.
    """

    def score(delimiter: str) -> tuple[int, int, int]:
        try:
            cells = next(csv.reader([header_line], delimiter=delimiter), [])
        except csv.Error:  # longer than the reader takes: refused when read as the header
            cells = []
        known = sum(1 for cell in cells if _field_for(cell) is not None)
        return known, header_line.count(delimiter), -DELIMITERS.index(delimiter)

    return max(DELIMITERS, key=score)


def _field_for(column: str) -> str | None:
    folded = column.strip().strip("\ufeff").casefold()
    for field, names in COLUMNS.items():
        if folded in names:
            return field
    return None


def _columns(header: list[str], *, line: int, text: str) -> dict[str, int]:
    """Which field is in which column; columns of other names are left out."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        field = _field_for(cell)
        if field is None:
            continue
        if field in columns:
            raise ValidationError(
                _("Line %(line)s: the columns “%(first)s” and “%(second)s” mean the same."),
                code="duplicate_column",
                params={
                    "line": line,
                    "first": header[columns[field]].strip(),
                    "second": cell.strip(),
                },
            )
        columns[field] = index
    if "name" not in columns:
        raise ValidationError(
            _(
                "Line %(line)s must name the columns, at least “Name”, for example "
                "“Name;Verein;Kontakt”. It reads: “%(header)s”."
            ),
            code="no_name_column",
            params={"line": line, "header": _shorten(text.strip("\ufeff"))},
        )
    return columns


def _records(
    reader: "Reader", *, offset: int, lines: list[str]
) -> Iterator[tuple[int, list[str] | ValidationError]]:
    """Each record with the line it starts on (a quoted field may span lines). A quote never
    closed is an error on the line it opens (a strict reader finds it)."""
    while True:
        line = reader.line_num + offset + 1
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error:
            if len(lines[line - 1]) > csv.field_size_limit():
                yield line, _unreadable(line)  # a field longer than the reader takes
            else:
                yield line, _unclosed_quote(line)
            return
        yield line, fields


def _unreadable(line: int) -> ValidationError:
    return ValidationError(
        _("Line %(line)s cannot be read."), code="unreadable", params={"line": line}
    )


def _unclosed_quote(line: int) -> ValidationError:
    return ValidationError(
        _(
            'Line %(line)s: a double quote (") is opened and not closed on the same line. '
            "Close it, or remove it."
        ),
        code="unclosed_quote",
        params={"line": line},
    )


def _row_errors(
    fields: list[str], *, line: int, header: list[str], columns: dict[str, int], sep: str
) -> list[ValidationError]:
    errors = []
    if any(field.strip() for field in fields[len(header) :]):
        errors.append(
            ValidationError(
                _(
                    "Line %(line)s has more fields than the header (%(fields)s instead of "
                    "%(columns)s). Put a value that contains “%(delimiter)s” in double quotes."
                ),
                code="too_many_fields",
                params={
                    "line": line,
                    "fields": len(fields),
                    "columns": len(header),
                    "delimiter": _("tab") if sep == "\t" else sep,
                },
            )
        )
    for field, index in columns.items():
        value = fields[index].strip() if index < len(fields) else ""
        if field == "name" and not value:
            errors.append(
                ValidationError(
                    _("Line %(line)s: the name is missing."),
                    code="name_missing",
                    params={"line": line},
                )
            )
        if field not in TEXT_FIELDS:
            continue
        limit = cast("models.Field[Any, Any]", Player._meta.get_field(field)).max_length
        if limit is not None and len(value) > limit:
            errors.append(
                ValidationError(
                    _(
                        "Line %(line)s: “%(column)s” is too long: %(length)s characters, "
                        "at most %(limit)s."
                    ),
                    code="too_long",
                    params={
                        "line": line,
                        "column": header[index].strip().strip("\ufeff"),
                        "length": len(value),
                        "limit": limit,
                    },
                )
            )
    return errors


def _shorten(text: str, length: int = 80) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"
