"""The one PDF engine: templates under templates/pdf/, laid out by WeasyPrint in the project's
own font, one document or several written as one file.

The font (Atkinson Hyperlegible, static/fonts/) is loaded through ``@font-face`` from the
static files folder, so a PDF looks the same on any host, whatever fonts it has installed.
WeasyPrint may load those font files and nothing else: no network, no other file (the
templates escape every name, but a PDF job should not be able to read the disk either way).

A file of several documents (the scoresheets, the whole night) is laid out one document at a
time, so that the job can report each one done, and the pages of all of them are then written
as one PDF with WeasyPrint's own ``Document.copy`` (no other PDF library). One
``FontConfiguration`` serves every document of a file, so the font is loaded and embedded once.
"""

import functools
from collections.abc import Mapping
from copy import copy
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from fontTools.ttLib import woff2
from weasyprint import HTML, Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from printing.kinds import Progress, no_progress

__all__ = ["Pages", "html_to_pdf", "render_pdf"]

#: The shipped font, in the static files (see its README.md).
FONT_FOLDER = "fonts/atkinson-hyperlegible"

#: What html_to_pdf reports as progress: the HTML is laid out into pages, then written as PDF.
PDF_STEPS = 2


@functools.cache
def font_folder() -> Path:
    """The folder of the font files (found like any static file; no collectstatic needed)."""
    found = finders.find(f"{FONT_FOLDER}/OFL.txt")
    if not found:
        raise FileNotFoundError(f"the static files have no {FONT_FOLDER}/")
    return Path(found).resolve().parent


class FontFetcher(URLFetcher):
    """Fetches the files of one folder (the fonts) and refuses every other URL.

    A WOFF2 font is handed over unpacked (TrueType), unpacked once per process: WeasyPrint
    would otherwise unpack every font for every PDF, a quarter of the time of the table cards.
    """

    def __init__(self, folder: Path) -> None:
        super().__init__(allowed_protocols=["file"])
        self.folder = folder

    def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        path = Path(url2pathname(parts.path)).resolve()
        if parts.scheme != "file" or not path.is_relative_to(self.folder):
            raise ValueError(f"a PDF may only load the shipped fonts, not {url}")
        if path.suffix == ".woff2":
            return URLFetcherResponse(url, _unpacked_font(path), {"Content-Type": "font/ttf"})
        return super().fetch(url, headers)


@functools.cache
def _unpacked_font(path: Path) -> bytes:
    unpacked = BytesIO()
    woff2.decompress(BytesIO(path.read_bytes()), unpacked)
    return unpacked.getvalue()


def _layout(html: str, font_config: FontConfiguration | None = None) -> Document:
    """Lay out ``html`` into pages; its relative URLs are the font files, and nothing else
    can be loaded (the one place WeasyPrint is called)."""
    folder = font_folder()
    source = HTML(string=html, base_url=folder.as_uri() + "/", url_fetcher=FontFetcher(folder))
    return source.render(font_config=font_config)


def html_to_pdf(html: str, *, progress: Progress = no_progress) -> bytes:
    """Lay out ``html`` and write it as PDF."""
    document = _layout(html)
    progress(1, PDF_STEPS)
    pdf: bytes = document.write_pdf()
    progress(2, PDF_STEPS)
    return pdf


def render_pdf(
    template_name: str, context: Mapping[str, Any], *, progress: Progress = no_progress
) -> bytes:
    """The PDF of a template under templates/pdf/ (autoescaped like any page)."""
    progress(0, PDF_STEPS)
    return html_to_pdf(render_to_string(template_name, context), progress=progress)


class Pages:
    """The documents of one PDF file, laid out one after the other, then written together."""

    def __init__(self) -> None:
        self.font_config = FontConfiguration()
        self.documents: list[Document] = []

    def add(self, template_name: str, context: Mapping[str, Any]) -> Document:
        """Lay out a template under templates/pdf/ (autoescaped) and keep its pages."""
        document = _layout(render_to_string(template_name, context), self.font_config)
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
