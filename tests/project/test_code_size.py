"""Modules and functions stay small enough to read in one sitting (issue 11, "how it is shown").

A module of the apps over 400 lines holds more than one subject; a function over 50 lines does
more than one step. Both are read from the source (line counts and an AST walk), so nothing is
imported. Migrations and tests are left out: their length follows what they cover.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("fipsen_rules", "tournaments", "scoring", "games", "printing", "preisfipsen")
#: Functions are held to the limit in the apps and in the code beside them.
CODE = (*APPS, "bench", "scripts")
MODULE_LINES = 400
FUNCTION_LINES = 50


def _sources(packages: tuple[str, ...]) -> list[Path]:
    return sorted(
        path
        for package in packages
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts and "node_modules" not in path.parts
    )


def long_modules(paths: list[Path], root: Path = ROOT, limit: int = MODULE_LINES) -> list[str]:
    """``path: N lines`` for every module over ``limit`` lines."""
    found = []
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(root)}: {lines} lines")
    return found


def long_functions(paths: list[Path], root: Path = ROOT, limit: int = FUNCTION_LINES) -> list[str]:
    """``path:line name: N lines`` for every function (or method) over ``limit`` lines."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    where = f"{path.relative_to(root)}:{node.lineno}"
                    found.append(f"{where} {node.name}: {length} lines")
    return found


def test_no_module_of_the_apps_is_over_400_lines() -> None:
    assert long_modules(_sources(APPS)) == []


def test_no_function_is_over_50_lines() -> None:
    assert long_functions(_sources(CODE)) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("def f():\n" + "    x = 1\n" * 49, []),
        ("def f():\n" + "    x = 1\n" * 50, ["sample.py:1 f: 51 lines"]),
        (
            "class C:\n    async def g(self):\n" + "        x = 1\n" * 60,
            ["sample.py:2 g: 61 lines"],
        ),
    ],
)
def test_the_function_check_counts_lines_from_def_to_end(
    tmp_path: Path, source: str, expected: list[str]
) -> None:
    path = tmp_path / "sample.py"
    path.write_text(source, encoding="utf-8")
    assert long_functions([path], root=tmp_path) == expected


def test_the_module_check_counts_lines(tmp_path: Path) -> None:
    path = tmp_path / "module.py"
    path.write_text("x = 1\n" * 400, encoding="utf-8")
    assert long_modules([path], root=tmp_path) == []
    path.write_text("x = 1\n" * 401, encoding="utf-8")
    assert long_modules([path], root=tmp_path) == ["module.py: 401 lines"]
