"""The season's standings as a spreadsheet: CSV (semicolons and a byte-order mark, for German
Excel) or XLSX, every cell safe (:func:`sitewide.spreadsheet.safe_cell`). A dropped result is
written in brackets, a missed night as "–"."""

from django.http import Http404, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from tablib import Dataset

from seasons.selectors import SeasonTable
from seasons.standings import Cell, Row
from sitewide.spreadsheet import BOM, safe_cell

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def cell_text(cell: Cell) -> str:
    """A night's cell as the files print it: "(120)" dropped, "–" missed without a zero."""
    if cell.value is None:
        return "–"
    return str(cell.value) if cell.counted else f"({cell.value})"


def place_text(table: SeasonTable, row: Row) -> str:
    """The place as the pages print it: "2.", "G 1." for a guest ranked apart, "–" unranked."""
    if row.place is None:
        return "–"
    prefix = _("G") + " " if row in table.standings.guests else ""
    return f"{prefix}{row.place}."


def standings_rows(table: SeasonTable) -> Dataset:
    """The standings as a data set: place, name, the nights, total, nights played."""
    data = Dataset(title=_("Season")[:31])
    data.headers = [
        _("Place"), _("Player"),
        *(f"{night.date:%d.%m.%Y} {night.name}" for night in table.nights),
        _("Total"), _("Nights"),
    ]  # fmt: skip
    for row in table.every_row:
        data.append([safe_cell(value) for value in (
            place_text(table, row), table.name(row), *map(cell_text, row.cells),
            row.total, row.played,
        )])  # fmt: skip
    return data


def standings_download(table: SeasonTable, file_format: str) -> HttpResponse:
    """The download of the standings in ``file_format`` (csv, xlsx).

    :raises Http404: another format.
    """
    if file_format not in FORMATS:
        raise Http404
    data = standings_rows(table)
    content: str | bytes
    if file_format == "csv":
        content = BOM + data.export("csv", delimiter=";")
    else:
        content = data.export("xlsx")
    response = HttpResponse(content, content_type=FORMATS[file_format])
    name = slugify(table.season.name) or "saison"
    response["Content-Disposition"] = f'attachment; filename="{name}.{file_format}"'
    return response
