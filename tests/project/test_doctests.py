"""Every module's doctests run in ``make test``: the examples in a docstring are tests, and one
that is never collected goes stale unseen (eleven app modules' did, until issue 17).

The modules with examples are found from the source (an AST walk over every docstring); pytest
then collects the project's own trees (pyproject's testpaths, as ``make test`` runs them) in a
subprocess, and each of those modules must be among what it collected.
"""

from __future__ import annotations

import ast
import doctest
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Not code of the app: the virtualenv, the benchmarks' and the docs' scripts, what is written at
#: run time. tests/ is collected anyway, as tests.
NOT_OURS = {".venv", "node_modules", "bench", "docs", "var", "staticfiles", "tests", "migrations"}
_EXAMPLES = doctest.DocTestParser()


def has_doctest(source: str) -> bool:
    """Does any docstring of the module (its own, a class's, a function's, a method's) hold an
    example (``>>>``)?"""
    tree = ast.parse(source)
    nodes = [tree, *ast.walk(tree)]
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    docstrings = [ast.get_docstring(n) for n in nodes if isinstance(n, kinds)]
    return any(_EXAMPLES.get_examples(text) for text in docstrings if text)


def modules_with_doctests(root: Path) -> set[str]:
    """Every Python file of ours under ``root`` with a docstring example, relative to it."""
    found = set()
    for path in root.rglob("*.py"):
        relative = path.relative_to(root)
        if NOT_OURS.isdisjoint(relative.parts) and has_doctest(path.read_text(encoding="utf-8")):
            found.add(relative.as_posix())
    return found


def collected_doctest_modules() -> set[str]:
    """The files whose doctests pytest collects from the trees ``make test`` runs (all but
    tests/, whose files are collected as tests)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    trees = [t for t in config["tool"]["pytest"]["ini_options"]["testpaths"] if t != "tests"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *trees],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}


def test_every_module_with_a_doctest_is_collected() -> None:
    with_doctests = modules_with_doctests(ROOT)
    # The check cannot pass by finding nothing: the apps' and the library's are there.
    assert {
        "scoring/standings/ranking.py",
        "fipsen_rules/seats.py",
        "games/thedinghausen/replay.py",
    } <= with_doctests
    missing = sorted(with_doctests - collected_doctest_modules())
    assert not missing, (
        "these modules' doctests are never run: add their tree to testpaths in pyproject.toml "
        f"(or take them off an --ignore there): {missing}"
    )


def test_the_finder_sees_examples_wherever_doctest_does(tmp_path: Path) -> None:
    planted = {
        "app/module.py": '''\
            """The module.

            >>> 1 + 1
            2
            """
        ''',
        "app/method.py": '''\
            class Thing:
                def size(self) -> int:
                    """
                    >>> Thing().size()
                    3
                    """
                    return 3
        ''',
        "app/none.py": '''\
            """Mentions >>> in a sentence, and no example."""
            TEXT = """
            >>> not a docstring
            """
        ''',
        "app/migrations/0001_initial.py": '"""\n>>> 1\n1\n"""\n',
    }
    for name, text in planted.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    assert modules_with_doctests(tmp_path) == {"app/module.py", "app/method.py"}
