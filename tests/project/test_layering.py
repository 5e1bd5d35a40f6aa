"""The layers of the project stay apart (issue 11, item 6).

- ``fipsen_rules`` is the game alone: it imports nothing of the web (Django, Celery,
  WeasyPrint, nor any app of the project).
- ``tournaments`` (the night: players, tables, seats) does not reach ``scoring`` (deals,
  standings): not by import, not by a ``scoring:`` URL name in its Python code or in
  ``templates/tournaments/``. Scoring builds on tournaments, not the other way round.
- A game's package (``games/<name>/``, issue 27) reaches no other game's. A scored game
  (Prisdorf, Großenaspe, Mecklenburg's) builds on ``scoring``; the race
  (``games/thedinghausen``: its deals, standings, cash box) and Tippen (``games/tippen``: its
  deals, the chips, standings) do not reach ``scoring``. ``tournaments`` reaches no game:
  scoring hands over to the race's and Tippen's pages through ``tournaments/rule_pages.py``,
  which finds every game's package when the apps are ready.
- ``scoring`` (the scored deals) reaches no game: each game keeps its own rows of the night's
  file and registers them with ``tournaments/night_file.py``, which scoring's frame of the
  file asks (issue 17, item 5).
- ``printing`` (the file jobs and PDFs) reaches none of them.
- No app imports the project, ``preisfipsen`` (settings, URLs, the Celery app's wiring, the
  pages that span the apps): what the apps share lies below them, in ``sitewide`` (the
  organiser's check, the URL helper, backups), which imports no app and not the project. The
  Celery app reaches an app as ``celery.current_app`` (in every thread: Celery's Django fixup
  makes the project's app the default, which ``shared_task`` relies on too).

Read from the source (an AST walk over every import, string constants for URL names and
lazy model references, ``{% url %}`` in templates), so no app is imported to check it.
What is on main and too large to move at once would be listed in ``KNOWN``, each with its
reason: the test fails on any new crossing, and on a listed one that is gone (take it off the
list). The organiser's night pages link to scoring's pages through tournaments/night_links.py,
which scoring fills in when it starts: no crossing.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Layer:
    """A part of the project and what it must not reach."""

    name: str
    #: Its Python code, relative to the repository.
    package: str
    #: Its templates, relative to the repository (None: it has none of its own).
    templates: str | None
    #: Modules it must not import (and those under them).
    forbidden_imports: frozenset[str]
    #: URL namespaces (and app labels) it must not name.
    forbidden_apps: frozenset[str]


WEB = frozenset(
    {
        "django",
        "celery",
        "weasyprint",
        "tournaments",
        "scoring",
        "games",
        "seasons",
        "evenings",
        "preisfipsen",
        "printing",
    }
)
#: Each game's package and the app label its models and URL names go by.
GAMES = {
    "games/prisdorf": "prisdorf",
    "games/grossenaspe": "grossenaspe",
    "games/mecklenburg": "mecklenburg",
    "games/thedinghausen": "races",
    "games/tippen": "pots",
    "games/preisskat": "preisskat",
}
#: A game's package as a module (``games.tippen``), by its folder.
_MODULE = {folder: folder.replace("/", ".") for folder in GAMES}
#: Games played on pages of their own, without scored deals: they do not reach scoring.
LEDGER_GAMES = ("games/thedinghausen", "games/tippen")


def game_layer(folder: str) -> Layer:
    """A game reaches no other game (by import, URL name, template or tag library); a ledger
    game neither scoring."""
    others = {other for other in GAMES if other != folder}
    forbidden = {_MODULE[other] for other in others} | {PROJECT}
    apps = {GAMES[other] for other in others}
    if folder in LEDGER_GAMES:
        forbidden |= {"scoring"}
        apps |= {"scoring"}
    return Layer(folder, folder, f"{folder}/templates", frozenset(forbidden), frozenset(apps))


#: The project: the apps are wired together there, and none of them reaches up to it.
PROJECT = "preisfipsen"

LAYERS = (
    Layer("fipsen_rules", "fipsen_rules", None, WEB, frozenset()),
    # What the apps share, below them all.
    Layer("sitewide", "sitewide", None, WEB - {"django"}, frozenset()),
    Layer(
        "tournaments",
        "tournaments",
        "templates/tournaments",
        frozenset({"scoring", "games", "seasons", "evenings", PROJECT}),
        frozenset({"scoring", "seasons", "evenings", *GAMES.values()}),
    ),
    # Scoring builds on the night and the rules; it does not reach up to the project, nor
    # to a game: their parts (their pages, their rows of the night's file) reach it through
    # registries in tournaments.
    Layer(
        "scoring",
        "scoring",
        "templates/scoring",
        frozenset({"games", "evenings", PROJECT}),
        frozenset({"evenings", *GAMES.values()}),
    ),
    *(game_layer(folder) for folder in GAMES),
    # The season ranks nights of every rule set through tournaments (RulePages.rank, the
    # running totals), and knows neither scoring nor a game.
    Layer(
        "seasons",
        "seasons",
        "templates/seasons",
        frozenset({"scoring", "games", "evenings", PROJECT}),
        frozenset({"scoring", "evenings", *GAMES.values()}),
    ),
    # The card night runs tournaments of any game from one desk and one cash box (scoring's
    # cash reports), and knows no game.
    Layer(
        "evenings",
        "evenings",
        "templates/evenings",
        frozenset({"games", "seasons", PROJECT}),
        frozenset({"seasons", *GAMES.values()}),
    ),
    Layer(
        "printing",
        "printing",
        "templates/printing",
        frozenset({"tournaments", "scoring", "games", "seasons", "evenings", PROJECT}),
        frozenset({"tournaments", "scoring", "seasons", "evenings", *GAMES.values()}),
    ),
)


@dataclass(frozen=True, order=True)
class Crossing:
    """One place where a layer reaches one it must not: the file and what it does there."""

    path: str
    what: str


#: What main does today that a layer must not, and is left for a larger move. Each entry is
#: (file, what it does): a new crossing, even in the same file, fails the test.
KNOWN: set[Crossing] = set()

_TEMPLATE_URL = re.compile(r"""{%\s*url\s+["']([\w-]+):([\w-]+)["']""")
_TEMPLATE_USE = re.compile(r"""{%\s*(?:include|extends)\s+["']([\w-]+)/""")
_TEMPLATE_LOAD = re.compile(r"{%\s*load\s+([^%]+?)\s*%}")
_URL_NAME = re.compile(r"([a-z_]+):[\w-]+")
_MODEL_LABEL = re.compile(r"([a-z_]+)\.[A-Z]\w*")
_DYNAMIC_IMPORTS = {"import_module", "__import__"}


def _imports(tree: ast.AST) -> list[str]:
    """Every absolute module the code imports, also inside functions and by import_module."""
    modules = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.append(node.module)
        elif isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in _DYNAMIC_IMPORTS and isinstance(first, ast.Constant):
                modules.append(str(first.value))
    return modules


def _names(tree: ast.AST) -> list[tuple[str, str]]:
    """String constants that name an app: URL names ("scoring:dashboard") and lazy model
    references ("scoring.Deal"); a sentence that mentions one (a docstring) is not one."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if match := _URL_NAME.fullmatch(node.value):
                found.append((match[1], f"url {node.value}"))
            elif match := _MODEL_LABEL.fullmatch(node.value):
                found.append((match[1], f"model {node.value}"))
    return found


def crossings(root: Path, layer: Layer) -> set[Crossing]:
    """Where ``layer``'s code and templates under ``root`` reach what they must not."""
    found = set()
    for path in sorted((root / layer.package).rglob("*.py")):
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
        for module in _imports(tree):
            if any(module == f or module.startswith(f + ".") for f in layer.forbidden_imports):
                found.add(Crossing(where, f"import {module}"))
        for app, what in _names(tree):
            if app in layer.forbidden_apps:
                found.add(Crossing(where, what))
    if layer.templates is not None:
        # A template reaches an app also by loading its template tags ({% load scoring_print %}).
        folders = {label: folder for folder, label in GAMES.items()}
        libraries = {
            tags.stem: app
            for app in layer.forbidden_apps
            for tags in (root / folders.get(app, app) / "templatetags").glob("*.py")
            if tags.stem != "__init__"
        }
        for path in sorted((root / layer.templates).rglob("*")):
            if not path.is_file() or path.suffix != ".html":
                continue
            where = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8")
            for app, name in _TEMPLATE_URL.findall(text):
                if app in layer.forbidden_apps:
                    found.add(Crossing(where, f"url {app}:{name}"))
            for app in _TEMPLATE_USE.findall(text):
                if app in layer.forbidden_apps:
                    found.add(Crossing(where, f"template {app}/"))
            for names in _TEMPLATE_LOAD.findall(text):
                for name in names.split():
                    if name in libraries:
                        found.add(Crossing(where, f"load {name}"))
    return found


@pytest.mark.parametrize("layer", LAYERS, ids=lambda layer: layer.name)
def test_no_layer_reaches_what_it_must_not(layer: Layer) -> None:
    known = {c for c in KNOWN if c.path.startswith((layer.package + "/", f"{layer.templates}/"))}
    new = crossings(ROOT, layer) - known
    assert not new, f"{layer.name} must not reach these; keep it in its layer:\n" + "\n".join(
        f"  {c.path}: {c.what}" for c in sorted(new)
    )


def test_every_known_exception_still_exists() -> None:
    """A crossing that was moved away comes off KNOWN, so that it cannot come back unseen."""
    found = set().union(*(crossings(ROOT, layer) for layer in LAYERS))
    assert not KNOWN - found, sorted(KNOWN - found)


def test_the_layers_are_where_the_test_looks() -> None:
    """The check cannot pass by reading nothing: the packages it guards are there."""
    for layer in LAYERS:
        assert len(list((ROOT / layer.package).rglob("*.py"))) > (
            3 if layer.name in ("sitewide", *GAMES) else 5
        )
    assert len(list((ROOT / "templates/tournaments").rglob("*.html"))) > 5
    assert len(list((ROOT / "templates/printing").rglob("*.html"))) >= 2


def test_the_table_link_on_the_cards_is_the_captain_s_page() -> None:
    """tournaments prints the captain's link from settings.TABLE_ENTRY_PATH without asking
    scoring for its route: the two must be the same path."""
    from django.conf import settings
    from django.urls import resolve, reverse

    from tournaments.links import table_entry_url

    link = table_entry_url(base_url="http://pf.local/", token="Kx7-_a")
    assert link == "http://pf.local" + reverse("scoring:table_entry", kwargs={"token": "Kx7-_a"})
    assert resolve("/" + settings.TABLE_ENTRY_PATH.format(token="x")).view_name == (
        "scoring:table_entry"
    )


def _plant(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_checker_finds_planted_crossings(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "fipsen_rules/good.py": """\
                from __future__ import annotations
                from fipsen_rules.errors import Code
                from . import seats
                NOTE = "scoring:table_entry is scoring's, not ours"
            """,
            "fipsen_rules/bad.py": """\
                import django.conf
                from celery import shared_task

                def late():
                    from weasyprint import HTML
                    import importlib
                    return importlib.import_module("tournaments.models")
            """,
            "tournaments/links.py": """\
                '''The path is ``scoring:table_entry`` (a sentence, not a URL name).'''
                from django.urls import reverse
                from tournaments.models import Seat

                def url():
                    from scoring import selectors
                    return reverse("scoring:dashboard"), "scoring.Deal", reverse("night:home")
            """,
            "templates/tournaments/page.html": """\
                {% load i18n scoring_print %}{% load site_assets %}
                {% url 'tournaments:home' %}{% url "scoring:board" token %}
                {% include "scoring/_totals.html" %}{% include "tournaments/_form.html" %}
            """,
            "scoring/templatetags/__init__.py": "",
            "scoring/templatetags/scoring_print.py": "",
            "tournaments/templatetags/site_assets.py": "",
            "scoring/night_file/transfer.py": """\
                from games.thedinghausen import transfer
                from scoring.models import Deal
                from tournaments import night_file
                PAGE = "pots:standings"
            """,
            "templates/scoring/page.html": "{% url 'races:standings' 1 %}{% url 'night:home' 1 %}",
            "printing/jobs.py": "from tournaments.models import Tournament\nX = 'scoring:x'\n",
            "printing/selectors.py": """\
                from preisfipsen.celery import app
                from celery import current_app
            """,
            "scoring/urls.py": """\
                from sitewide.url_helpers import named_by_view
                import preisfipsen.access
            """,
            "sitewide/access.py": """\
                from django.http import HttpRequest
                from tournaments import models
            """,
            "templates/printing/file.html": "{% url 'tournaments:file_download' 1 %}",
        },
    )
    found = {layer.name: crossings(tmp_path, layer) for layer in LAYERS}
    assert found["fipsen_rules"] == {
        Crossing("fipsen_rules/bad.py", "import django.conf"),
        Crossing("fipsen_rules/bad.py", "import celery"),
        Crossing("fipsen_rules/bad.py", "import weasyprint"),
        Crossing("fipsen_rules/bad.py", "import tournaments.models"),
    }
    assert found["tournaments"] == {
        Crossing("tournaments/links.py", "import scoring"),
        Crossing("tournaments/links.py", "url scoring:dashboard"),
        Crossing("tournaments/links.py", "model scoring.Deal"),
        Crossing("templates/tournaments/page.html", "url scoring:board"),
        Crossing("templates/tournaments/page.html", "template scoring/"),
        Crossing("templates/tournaments/page.html", "load scoring_print"),
    }
    assert found["sitewide"] == {Crossing("sitewide/access.py", "import tournaments")}
    assert found["scoring"] == {
        Crossing("scoring/urls.py", "import preisfipsen.access"),
        Crossing("scoring/night_file/transfer.py", "import games.thedinghausen"),
        Crossing("scoring/night_file/transfer.py", "url pots:standings"),
        Crossing("templates/scoring/page.html", "url races:standings"),
    }
    assert found["printing"] == {
        Crossing("printing/selectors.py", "import preisfipsen.celery"),
        Crossing("printing/jobs.py", "import tournaments.models"),
        Crossing("printing/jobs.py", "url scoring:x"),
        Crossing("templates/printing/file.html", "url tournaments:file_download"),
    }
