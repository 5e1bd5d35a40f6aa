"""Every page's <head> (templates/site/head_assets.html): the icons, the fonts preloaded, and the
stylesheet inlined with addresses that work from any page (issue 9)."""

import re

import pytest
from django.test import Client

from tournaments.templatetags.site_assets import _absolute

pytestmark = pytest.mark.django_db

FONT_400 = "/static/fonts/atkinson-hyperlegible/atkinson-hyperlegible-latin-400-normal.woff2"


@pytest.fixture
def start_page(client: Client) -> str:
    return client.get("/").content.decode()


def test_the_page_links_its_icons(start_page: str) -> None:
    assert '<link rel="icon" href="/favicon.ico" sizes="48x48">' in start_page
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in start_page
    assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in start_page


@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/favicon.ico", "image/"), ("/apple-touch-icon.png", "image/png")],
)
def test_the_root_icons_are_served(client: Client, path: str, content_type: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)


def test_the_stylesheet_is_inlined_not_linked(start_page: str) -> None:
    assert 'rel="stylesheet"' not in start_page
    style = re.search(r"<style>(.*?)</style>", start_page, re.DOTALL)
    assert style is not None
    assert "font-family" in style[1]
    assert "/*" not in style[1]  # comments left out


def test_the_preloaded_font_is_the_one_the_stylesheet_uses(start_page: str) -> None:
    assert f'<link rel="preload" href="{FONT_400}" as="font"' in start_page
    assert f'url("{FONT_400}")' in start_page


def test_relative_addresses_are_made_absolute_from_the_hashed_stylesheet() -> None:
    css = "a{background:url(../img/x.1a2b.png)} b{src:url('../f/y.3c4d.woff2') format('woff2')}"
    made = _absolute(css, "/static/css/site.9f8e.css")
    assert made == (
        'a{background:url("/static/img/x.1a2b.png")} '
        "b{src:url(\"/static/f/y.3c4d.woff2\") format('woff2')}"
    )


def test_addresses_with_a_scheme_stay_as_they_are() -> None:
    css = 'a{background:url("data:image/svg+xml,x")}'
    assert _absolute(css, "/static/css/site.css") == css
