"""The one PDF engine (printing/pdf.py): WeasyPrint loads the shipped fonts and nothing else.

What the PDFs say is tested with their kinds: tests/tournaments/test_pdf.py (the table cards,
the seating list), tests/scoring/test_pdfs.py (the scoresheets, the ranking, the night)."""

from pathlib import Path

from printing.pdf import html_to_pdf
from tests.printing.pdf_reading import pdf_text


def test_a_pdf_loads_nothing_but_the_fonts(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("geheim")
    html = f'<p>Text</p><img src="{secret.as_uri()}"><img src="http://example.org/x.png">'
    pdf = html_to_pdf(html)
    assert "geheim" not in pdf_text(pdf)
    assert pdf.count(b"/Subtype /Image") == 0
