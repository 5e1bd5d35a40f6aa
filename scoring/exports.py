"""Downloads of django-tables2 tables that a spreadsheet opens safely and, in Germany, readably.

A player's name is typed by anyone at the desk: ``=HYPERLINK("http://…?d="&A1,"Klick")`` would
become a live formula in Excel or LibreOffice (CSV or formula injection). Every text cell that
starts with a character a spreadsheet reads as the start of a formula gets an apostrophe in
front, as OWASP advises; numbers stay numbers. German Excel splits CSV at semicolons and guesses
the encoding from a byte-order mark, so the CSV has both. Text saved before the forms refused
control characters may still hold some; an XLSX cannot store them (openpyxl refuses the whole
file), so they are removed from every text cell.
"""

import re
from typing import Any

from django_tables2 import Table
from django_tables2.export import TableExport
from tablib import Dataset

#: What a spreadsheet reads as the start of a formula (tab and CR: some strip them first).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"
#: Control characters (C0, DEL, C1) but tab, line feed and carriage return, which a cell may hold.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def cleaned(value: Any) -> Any:
    """A text without control characters; anything else as it is.

    >>> cleaned("Anna\\x00 M\\x1bayer"), cleaned(3)
    ('Anna Mayer', 3)
    """
    if isinstance(value, str):
        return CONTROL_CHARACTERS.sub("", value)
    return value


def neutralised(value: Any) -> Any:
    """A text that would start a formula, with an apostrophe in front; anything else as it is.

    >>> neutralised('=HYPERLINK("http://x")')
    '\\'=HYPERLINK("http://x")'
    >>> neutralised(-12), neutralised("Anna")
    (-12, 'Anna')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export, every cell cleaned and neutralised, and a CSV for German Excel."""

    csv_delimiter = ";"
    csv_bom = True

    def table_to_dataset(
        self, table: Table, exclude_columns: Any, dataset_kwargs: Any = None
    ) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        safe.headers = [neutralised(cleaned(header)) for header in dataset.headers or []]
        for row in dataset:
            safe.append([neutralised(cleaned(value)) for value in row])
        return safe

    def export(self) -> str | bytes:
        if self.format == self.CSV:
            text: str = self.dataset.export("csv", delimiter=self.csv_delimiter)
            return (BOM if self.csv_bom else "") + text
        exported: str | bytes = super().export()
        return exported
