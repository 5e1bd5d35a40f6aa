"""The docs stay true: the shell blocks marked ```sh run``` in docs/*.md run as written, the README
stays a first screen (under 8,000 bytes), and every relative link points to a file (and heading)
that exists.

Each marked block runs with ``bash -e -o pipefail`` from the repository's root, on its own copy
of a migrated SQLite database in a temporary ``PREISFIPSEN_VAR_DIR``. The database, broker,
Django and Preisfipsen variables of this process are left out (a block never touches PostgreSQL,
Redis or var/), the HTTP proxies point at a closed port, and each block has a time limit. Keep
marked blocks quick and offline (docs/testing.md, "Runnable docs").
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
README = ROOT / "README.md"
README_LIMIT = 8000  # bytes: what a newcomer reads on the first screen or two
BLOCK_SECONDS = 120
PYTHON = ROOT / ".venv" / "bin" / "python"

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMG_SRC = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
INLINE_CODE = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    script: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def runnable_blocks() -> list[Block]:
    blocks = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1).split() == ["sh", "run"]:
                line = text.count("\n", 0, match.start()) + 1
                blocks.append(Block(path, line, match.group(2)))
    return blocks


def without_code(text: str) -> str:
    """The text with fenced blocks and inline code blanked: links and headings there are not."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return INLINE_CODE.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(h) for h in HEADING.findall(without_code(path.read_text(encoding="utf-8")))}


def relative_links(path: Path) -> Iterator[str]:
    text = without_code(path.read_text(encoding="utf-8"))
    for target in [*LINK.findall(text), *IMG_SRC.findall(text)]:
        if not re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto: …
            yield target


BLOCKS = runnable_blocks()


def test_some_blocks_are_marked_to_run() -> None:
    """The runner must find what it runs: a typo in the fence would skip every block silently."""
    marked = {block.path.name for block in BLOCKS}
    assert {"running.md", "rules.md", "testing.md", "organiser-guide.md"} <= marked


@pytest.fixture(scope="module")
def migrated_var_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A var dir with a migrated SQLite database, made once and copied for each block."""
    assert PYTHON.exists(), f"{PYTHON} is missing: run `make prepare` first"
    var_dir = tmp_path_factory.mktemp("docs-var")
    result = subprocess.run(
        [str(PYTHON), "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=block_environment(var_dir),
        capture_output=True,
        text=True,
        timeout=BLOCK_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return var_dir


def block_environment(var_dir: Path) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DATABASE_", "CELERY_", "PREISFIPSEN_", "DJANGO_"))
        and name.lower() not in ("http_proxy", "https_proxy", "all_proxy", "no_proxy")
    }
    unreachable = "http://127.0.0.1:9"  # the discard port: any HTTP client fails at once
    env.update(
        PREISFIPSEN_VAR_DIR=str(var_dir),
        DJANGO_SECRET_KEY="docs-test-only",
        XDG_DATA_HOME=str(var_dir / "xdg"),
        http_proxy=unreachable,
        https_proxy=unreachable,
        HTTP_PROXY=unreachable,
        HTTPS_PROXY=unreachable,
        PIP_NO_INDEX="1",
    )
    return env


@pytest.mark.parametrize("block", BLOCKS, ids=str)
def test_a_marked_block_runs(block: Block, migrated_var_dir: Path, tmp_path: Path) -> None:
    var_dir = tmp_path / "var"
    shutil.copytree(migrated_var_dir, var_dir)
    result = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", block.script],
        cwd=ROOT,
        env=block_environment(var_dir),
        capture_output=True,
        text=True,
        timeout=BLOCK_SECONDS,
        check=False,
    )
    assert result.returncode == 0, (
        f"{block} failed ({result.returncode}):\n{block.script}\n{result.stdout}\n{result.stderr}"
    )


def test_the_readme_stays_a_first_screen() -> None:
    size = len(README.read_bytes())
    assert size < README_LIMIT, f"README.md is {size} bytes; move detail into docs/"


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_what_exists(path: Path) -> None:
    broken = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no such heading in {linked.name}")
    assert not broken, f"{path.name}: " + "; ".join(broken)


def test_the_link_checker_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[gone](missing.md) [here](#title) `[code](x.md)`\n")
    assert list(relative_links(page)) == ["missing.md", "#title"]
    assert anchors(page) == {"title"}
