"""docs/architecture.md names every module of the apps: a newcomer who looks for where a thing
lives finds it there (issue 17: it had left out races/, pots/ and 22 modules).

A module counts as named when its name (``replay`` for ``races/replay.py``) is a word in its
package's entry of the tree under "Where each kind of code lives". Every app's ``__init__``,
``apps``, ``admin``, ``urls`` and ``migrations/`` are taken as read.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
#: The packages the tree describes module by module (fipsen_rules has docs/rules.md).
PACKAGES = (
    "preisfipsen",
    "sitewide",
    "tournaments",
    "scoring",
    "games/prisdorf",
    "games/grossenaspe",
    "games/mecklenburg",
    "games/thedinghausen",
    "games/tippen",
    "seasons",
    "printing",
)
TAKEN_AS_READ = {"__init__", "apps", "admin", "urls"}


def tree_entries(doc: str) -> dict[str, str]:
    """Each top-level entry of the code tree (``races/``) and its text, up to the next one."""
    found = re.search(r"^## Where each kind of code lives\n+```\n(.*?)^```", doc, re.M | re.S)
    assert found, "docs/architecture.md has no code tree under 'Where each kind of code lives'"
    entries: dict[str, str] = {}
    name = ""
    for line in found[1].splitlines():
        if line[:1].strip():
            name = line.split()[0].rstrip("/,")
            entries[name] = line
        elif name:
            entries[name] += "\n" + line
    return entries


def unnamed_modules(root: Path, doc: str, packages: tuple[str, ...]) -> list[str]:
    """The modules of ``packages`` that their entry does not name: the entry of the longest
    path of the tree that holds them (``tournaments/desk`` for ``tournaments/desk/rows.py``)."""
    entries = tree_entries(doc)
    missing = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts or path.stem in TAKEN_AS_READ:
                continue
            where = path.relative_to(root).as_posix()
            holders = [name for name in entries if where.startswith(name + "/")]
            entry = entries.get(max(holders, key=len), "") if holders else ""
            if not re.search(rf"(?<![\w.]){re.escape(path.stem)}\b", entry):
                missing.append(where)
    return missing


def test_the_architecture_names_every_module_of_the_apps() -> None:
    missing = unnamed_modules(ROOT, DOC.read_text(encoding="utf-8"), PACKAGES)
    assert not missing, (
        "name these in docs/architecture.md, in their package's entry of the tree under "
        f"'Where each kind of code lives' (what each is for, in a few words): {missing}"
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_is_in_the_tree(package: str) -> None:
    assert package in tree_entries(DOC.read_text(encoding="utf-8"))
    assert len(list((ROOT / package).rglob("*.py"))) >= 4


def test_a_module_named_only_under_another_package_is_missing(tmp_path: Path) -> None:
    for name in ("races/replay.py", "races/words.py", "races/apps.py", "races/migrations/0001.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    doc = textwrap.dedent("""\
        ## Where each kind of code lives

        ```
        races/           replay.py (the evening), the_words_of_it
        pots/            words.py
        ```
    """)
    assert unnamed_modules(tmp_path, doc, ("races",)) == ["races/words.py"]
