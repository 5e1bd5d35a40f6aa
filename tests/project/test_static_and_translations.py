"""What `make` builds before the app starts: collected static files and the German catalogue."""

import itertools
import re
import shutil
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import Client
from pytest_django import Settings

# What `manage.py makemessages` reads (`make messages` ignores everything else).
# Every package of ours (tests/project/test_packaging.py checks it) and the templates.
TRANSLATED_SOURCES = (
    "preisfipsen",
    "sitewide",
    "printing",
    "tournaments",
    "scoring",
    "games",
    "seasons",
    "evenings",
    "fipsen_rules",
    "templates",
)


def test_collected_static_files_serve_the_start_page(
    settings: Settings, tmp_path: Path, client: Client, db: None
) -> None:
    """With the storage of production: hashed names from collectstatic's manifest."""
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    page = client.get("/").content.decode()

    # The stylesheet is inlined (templates/site/head_assets.html), its fonts preloaded: both
    # by the same hashed name, which collectstatic wrote, compressed too.
    font = re.search(r'<link rel="preload" href="/static/(fonts/[^"]+\.[0-9a-f]{12}\.woff2)"', page)
    assert font, "the page preloads the hashed font"
    assert f'url("/static/{font[1]}")' in page, "the inlined stylesheet uses the same file"
    assert (tmp_path / "static" / font[1]).is_file()
    assert (tmp_path / "static" / "css" / "site.css.gz").is_file()


def test_the_german_catalogue_has_every_string_translated(tmp_path: Path) -> None:
    """Collects the strings of the code as it is now (into a copy), and all must be translated.

    When this fails: `make messages`, translate what is new or fuzzy in
    locale/de/LC_MESSAGES/django.po, then `make test` again.
    """
    for name in TRANSLATED_SOURCES:
        if (settings.BASE_DIR / name).is_dir():
            shutil.copytree(
                settings.BASE_DIR / name,
                tmp_path / name,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
    shutil.copytree(settings.BASE_DIR / "locale", tmp_path / "locale")
    django_admin = Path(sys.executable).parent / "django-admin"
    subprocess.run(
        [django_admin, "makemessages", "--locale=de", "--add-location=file"],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
        check=True,
        capture_output=True,
    )
    catalogue = tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"

    def msgids(selection: str) -> list[str]:
        selected = subprocess.run(
            ["msgattrib", selection, "--no-obsolete", "--no-location", "--no-wrap", catalogue],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return re.findall(r'^msgid "(.+)"$', selected, flags=re.MULTILINE)

    assert msgids("--untranslated") == []
    assert msgids("--only-fuzzy") == []


def test_the_compiled_catalogue_is_newer_than_its_source() -> None:
    """`make` compiles django.po into django.mo; the tests need it to speak German."""
    folder = settings.BASE_DIR / "locale" / "de" / "LC_MESSAGES"
    source, compiled = folder / "django.po", folder / "django.mo"
    assert compiled.exists(), f"{compiled} is missing: run `make test` (it runs msgfmt)"
    assert compiled.stat().st_mtime >= source.stat().st_mtime, f"{compiled} is stale: run make"


def test_no_translation_runs_on_into_a_stray_line() -> None:
    """A merge of two branches' catalogues once left another entry's line hanging under a
    one-line msgstr: msgfmt joins them, and a German sentence ran on into an unrelated one."""
    lines = (
        (settings.BASE_DIR / "locale" / "de" / "LC_MESSAGES" / "django.po")
        .read_text(encoding="utf-8")
        .splitlines()
    )
    hanging = [
        f"{number + 2}: {line}"
        for number, (first, line) in enumerate(itertools.pairwise(lines))
        if re.fullmatch(r'msg(id|str) ".+"', first) and line.startswith('"')
    ]
    assert hanging == []
