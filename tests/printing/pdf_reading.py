"""Reading the PDFs the app makes back (poppler-utils, which `make` installs)."""

import shutil
import subprocess

import pytest


def poppler(program: str) -> str:
    path = shutil.which(program)
    if path is None:
        pytest.fail(
            f"{program} is missing: `make test` installs it (scripts/sysdeps, poppler-utils)"
        )
    return path


def pdf_text(pdf: bytes, *, page: int | None = None, layout: bool = False) -> str:
    """The text of a PDF (or of one page, counted from 1), in reading order; with ``layout``
    as laid out, so that a table's row is one line."""
    options = ["-f", str(page), "-l", str(page)] if page else []
    options += ["-layout"] if layout else []
    return subprocess.run(
        [poppler("pdftotext"), *options, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


def pdf_pages(pdf: bytes) -> int:
    info = subprocess.run(
        [poppler("pdfinfo"), "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])


def pdf_fonts(pdf: bytes) -> list[str]:
    """The names of the fonts in the PDF (without the subset prefix, e.g. ``ABCDEF+``)."""
    listing = subprocess.run(
        [poppler("pdffonts"), "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return [line.split()[0].split("+")[-1] for line in listing.splitlines()[2:] if line.strip()]
