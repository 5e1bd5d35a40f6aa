"""Laying out several PDF documents and writing them as one file (WeasyPrint alone).

The scoresheets are laid out one table at a time, so that the job can report each table done,
and the pages of all the documents are then written as one PDF with WeasyPrint's own
``Document.copy`` (no other PDF library). One ``FontConfiguration`` serves every document of a
file, so the shipped font is loaded once per file and embedded once.

The documents load nothing but the shipped fonts, like ``tournaments.pdf``.
"""

from collections.abc import Mapping
from copy import copy
from typing import Any

from django.template.loader import render_to_string
from weasyprint import HTML, Document
from weasyprint.text.fonts import FontConfiguration

from tournaments.pdf import FontFetcher, font_folder


class Pages:
    """The documents of one PDF file, laid out one after the other, then written together."""

    def __init__(self) -> None:
        self.font_config = FontConfiguration()
        self.documents: list[Document] = []

    def add(self, template_name: str, context: Mapping[str, Any]) -> Document:
        """Lay out a template under templates/pdf/ (autoescaped) and keep its pages."""
        html = render_to_string(template_name, context)
        folder = font_folder()
        document = HTML(
            string=html, base_url=folder.as_uri() + "/", url_fetcher=FontFetcher(folder)
        ).render(font_config=self.font_config)
        self.documents.append(document)
        return document

    def write_pdf(self, *, title: str | None = None) -> bytes:
        """Every page so far as one PDF, titled ``title`` (else the first document's title)."""
        if not self.documents:
            raise ValueError("a PDF needs at least one document")
        first = self.documents[0]
        merged = first.copy([page for document in self.documents for page in document.pages])
        if title is not None:
            merged.metadata = copy(first.metadata)
            merged.metadata.title = title
        return bytes(merged.write_pdf())
