"""The stylesheet is appended to by parallel branches and merged by hand: a brace lost in a
merge silently swallows every rule after it (the check boxes lost their size that way)."""

from pathlib import Path

STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"


def test_every_block_of_the_stylesheet_is_closed() -> None:
    depth = 0
    for number, line in enumerate(STYLESHEET.read_text(encoding="utf-8").splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"site.css line {number}: a }} without its {{"
    assert depth == 0, "site.css: a { is never closed (a merge lost its })"
