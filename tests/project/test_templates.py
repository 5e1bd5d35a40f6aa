"""Template mistakes that render without an error."""

from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_no_comment_tag_spans_lines(template: Path) -> None:
    """``{# … #}`` ends at the line's end: one over two lines is printed on the page."""
    for number, line in enumerate(template.read_text(encoding="utf-8").splitlines(), start=1):
        if "{#" in line:
            assert "#}" in line.split("{#", 1)[1], f"line {number}: use {{% comment %}} instead"
