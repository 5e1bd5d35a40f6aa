"""Template mistakes that render without an error."""

import re
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


#: A state compared to a string literal, either way round: ``tournament.state == "playing"``.
_COMPARED = r"\s*(==|!=|\bin\b|\bnot in\b)\s*"
_STATE_LITERAL = re.compile(rf"""\.state{_COMPARED}["']|["']{_COMPARED}[\w.]+\.state\b""")

#: The file job's progress (ready, failed, running), not the night's: the printing app's to do.
_STATE_LITERAL_KNOWN = {"tournaments/files/_status.html"}


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_no_template_compares_a_state_to_a_string(template: Path) -> None:
    """The pages ask the tournament and the table (``tournament.is_playing``,
    ``table.is_open_for_entry``: tournaments/states.py), so a misspelt state cannot hide a
    button; a misspelt string fails nowhere."""
    if str(template.relative_to(TEMPLATES)) in _STATE_LITERAL_KNOWN:
        return
    for number, line in enumerate(template.read_text(encoding="utf-8").splitlines(), start=1):
        assert not _STATE_LITERAL.search(line), f"line {number}: ask a property of the state"
