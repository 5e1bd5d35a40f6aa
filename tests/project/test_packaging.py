"""Every package of ours is installed and sorted as ours: an app added to INSTALLED_APPS (or a
package the apps share) is named in pyproject.toml's packages and in ruff's known-first-party,
so that a plain ``pip install .`` installs it and ruff sorts its imports with ours.

Fast: the wheel's packages are what setuptools' ``find_packages`` finds with pyproject's
``include``, which is what ``pip wheel`` packs, without building one.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from django.conf import settings
from setuptools import find_packages

from tests.project.test_static_and_translations import TRANSLATED_SOURCES

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def our_packages() -> set[str]:
    """Every top-level package of this repository but the tests: every app of ours in
    INSTALLED_APPS, the project, the rules library and what the apps share."""
    ours = {
        folder.name
        for folder in ROOT.iterdir()
        if (folder / "__init__.py").is_file() and folder.name != "tests"
    }
    apps = {app.split(".")[0] for app in settings.INSTALLED_APPS}
    assert {app for app in apps if (ROOT / app / "__init__.py").is_file()} <= ours
    assert ours >= {"preisfipsen", "sitewide", "fipsen_rules", "tournaments", "scoring", "games"}
    return ours


def every_package_below(top: str) -> set[str]:
    """``top`` and every package inside it (a folder with an ``__init__.py``)."""
    return {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }


def test_every_app_is_in_the_wheel() -> None:
    """Each package of ours and every package inside it (migrations, templatetags, management
    commands) is packed."""
    find = PYPROJECT["tool"]["setuptools"]["packages"]["find"]
    packed = set(find_packages(where=str(ROOT), include=find["include"]))
    missing = sorted(
        package
        for top in our_packages()
        for package in every_package_below(top)
        if package not in packed
    )
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"
    assert not {package.split(".")[0] for package in packed} - our_packages(), packed


def test_every_app_is_first_party_for_ruff() -> None:
    first_party = set(PYPROJECT["tool"]["ruff"]["lint"]["isort"]["known-first-party"])
    missing = sorted(our_packages() - first_party)
    assert not missing, f"add these to ruff's known-first-party in pyproject.toml: {missing}"


def test_every_app_s_doctests_are_collected() -> None:
    """pytest collects every package of ours (its doctests: tests/project/test_doctests.py)."""
    collected = set(PYPROJECT["tool"]["pytest"]["ini_options"]["testpaths"])
    missing = sorted(our_packages() - collected)
    assert not missing, f"add these to testpaths in pyproject.toml: {missing}"


def test_every_app_is_type_checked() -> None:
    checked = set(PYPROJECT["tool"]["mypy"]["files"])
    missing = sorted(our_packages() - checked)
    assert not missing, f"add these to [tool.mypy] files in pyproject.toml: {missing}"


def test_every_app_s_strings_are_checked_for_german() -> None:
    missing = sorted(our_packages() - set(TRANSLATED_SOURCES))
    assert not missing, (
        "add these to TRANSLATED_SOURCES in tests/project/test_static_and_translations.py: "
        f"{missing}"
    )
