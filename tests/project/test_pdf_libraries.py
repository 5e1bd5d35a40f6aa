"""The system libraries WeasyPrint needs (installed by `make`, scripts/sysdeps) are there."""

from weasyprint import HTML
from weasyprint.text.ffi import harfbuzz_subset


def test_weasyprint_writes_a_pdf() -> None:
    pdf = HTML(string="<h1>Preisfipsen</h1><p>Kreuz, Pik, Herz, Karo</p>").write_pdf()
    assert pdf.startswith(b"%PDF-")


def test_harfbuzz_subset_is_found_for_fast_font_embedding() -> None:
    assert harfbuzz_subset is not None, "apt-get install libharfbuzz-subset0"
