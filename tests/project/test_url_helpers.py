"""The apps name their pages' URLs by one helper (sitewide/url_helpers.py), not each its own."""

import ast
from pathlib import Path

from django.urls import resolve, reverse

from scoring import organiser_views
from sitewide.url_helpers import named_by_view
from tournaments.draw import views as tables

ROOT = Path(__file__).resolve().parents[2]


def test_each_page_is_named_as_its_view_under_the_prefix() -> None:
    patterns = named_by_view(
        "tournaments/<id:pk>/", {"tables/": tables.tables, "swap/": tables.swap}
    )

    assert [(str(p.pattern), p.name, p.callback) for p in patterns] == [
        ("tournaments/<id:pk>/tables/", "tables", tables.tables),
        ("tournaments/<id:pk>/swap/", "swap", tables.swap),
    ]


def test_both_apps_reach_their_pages_by_the_view_names() -> None:
    assert resolve(reverse("tournaments:tables", args=[7])).func is tables.tables
    assert resolve(reverse("scoring:dashboard", args=[7])).func is organiser_views.dashboard


def test_no_url_list_defines_its_own_copy_of_the_helper() -> None:
    copies = [
        f"{path.relative_to(ROOT)}:{node.name}"
        for path in sorted(ROOT.glob("*/urls.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
    ]

    assert copies == []
