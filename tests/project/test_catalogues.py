"""A test run needs no `make` first: tests/conftest.py compiles the German catalogue when its .mo
is missing (a fresh clone) or older than the .po (tests/catalogues.py), as the Makefile does."""

import gettext
import os
import shutil
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings

from tests.catalogues import CatalogueError, compile_catalogues, stale_catalogues

SOURCE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"


@pytest.fixture
def locale(tmp_path: Path) -> Path:
    """A copy of the German catalogue's source, as a fresh clone has it: no .mo."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(SOURCE, folder / "django.po")
    return tmp_path / "locale"


def german(mo: Path, text: str) -> str:
    with mo.open("rb") as file:
        return gettext.GNUTranslations(file).gettext(text)


@mock.patch("tests.catalogues.translation_file_changed")
def test_a_missing_catalogue_is_compiled_and_django_reads_it_again(
    forget: mock.Mock, locale: Path
) -> None:
    mo = locale / "de" / "LC_MESSAGES" / "django.mo"
    assert stale_catalogues(locale) == [mo.with_suffix(".po")]

    assert compile_catalogues(locale) == [mo]

    assert german(mo, "German") == "Deutsch"
    forget.assert_called_once_with(sender=None, file_path=mo)
    assert sorted(p.name for p in mo.parent.iterdir()) == ["django.mo", "django.po"], (
        "no partial file is left behind"
    )


@mock.patch("tests.catalogues.translation_file_changed")
def test_a_catalogue_older_than_its_source_is_compiled_again_and_a_fresh_one_is_left(
    forget: mock.Mock, locale: Path
) -> None:
    [mo] = compile_catalogues(locale)
    assert compile_catalogues(locale) == [], "up to date: left as it is"

    po = mo.with_suffix(".po")
    po.write_text(
        po.read_text(encoding="utf-8").replace('msgstr "Deutsch"', 'msgstr "Hochdeutsch"', 1),
        encoding="utf-8",
    )
    os.utime(mo, (po.stat().st_mtime - 60, po.stat().st_mtime - 60))

    assert compile_catalogues(locale) == [mo]
    assert german(mo, "German") == "Hochdeutsch"
    assert forget.call_count == 2


def test_a_broken_source_or_no_msgfmt_stops_with_the_reason(locale: Path) -> None:
    po = locale / "de" / "LC_MESSAGES" / "django.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "Broken"\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match="msgfmt refused"):
        compile_catalogues(locale)
    assert not po.with_suffix(".mo").exists()

    with (
        mock.patch("tests.catalogues.shutil.which", return_value=None),
        pytest.raises(CatalogueError, match="make sysdeps"),
    ):
        compile_catalogues(locale)


def test_this_run_has_its_catalogue_compiled() -> None:
    """What the conftest did when this session started: nothing is left stale."""
    assert stale_catalogues(Path(settings.BASE_DIR) / "locale") == []
