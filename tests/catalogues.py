"""The German catalogue compiled before the tests run, so that one test run straight after a
fresh clone (``.venv/bin/pytest tests/scoring/test_views.py``, without ``make``) speaks German.

``make`` compiles ``locale/*/LC_MESSAGES/*.po`` with msgfmt whenever the ``.po`` is newer; this
does the same, for a test run that did not go through ``make``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from django.utils.translation.reloader import translation_file_changed


class CatalogueError(Exception):
    """The catalogue could not be compiled (no msgfmt, or a broken ``.po``)."""


def stale_catalogues(locale: Path) -> list[Path]:
    """Every ``.po`` under ``locale`` whose ``.mo`` is missing or older than it."""
    return [
        po
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po"))
        if not po.with_suffix(".mo").exists()
        or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]


def compile_catalogues(locale: Path) -> list[Path]:
    """Compile each stale catalogue as the Makefile does (``msgfmt --check``), into a file of its
    own that then takes the ``.mo``'s place, so that two test runs at once never read half a
    file. Django forgets the catalogues it had read. Returns the ``.mo`` files written."""
    stale = stale_catalogues(locale)
    if not stale:
        return []
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        raise CatalogueError(
            "the German catalogue is not compiled and there is no msgfmt to compile it: "
            "run `make sysdeps` (gettext), or `make test`"
        )
    written = []
    for po in stale:
        mo = po.with_suffix(".mo")
        handle, partial = tempfile.mkstemp(dir=mo.parent, prefix=".", suffix=".mo")
        os.close(handle)
        os.chmod(partial, 0o644)  # as msgfmt leaves it, not mkstemp's 0600
        try:
            result = subprocess.run(
                [msgfmt, "--check", "-o", partial, str(po)],
                capture_output=True,
                text=True,
                check=False,
            )
            if result.returncode != 0:
                raise CatalogueError(f"msgfmt refused {po}:\n{result.stderr}")
            os.replace(partial, mo)
        finally:
            Path(partial).unlink(missing_ok=True)
        translation_file_changed(sender=None, file_path=mo)
        written.append(mo)
    return written
