"""The error pages: the site's layout, German (or English) words that say what to do.

pytest-django runs with DEBUG off, as the club night does: these are the pages people see.
"""

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from scoring.views import table_of_link
from sitewide import backup
from tests.factories import UserFactory
from tests.scoring.helpers import playing_table
from tournaments.draw.seats import table_token_reissue
from tournaments.links import TableLinkNotValid

TABLE_LINK_NOT_VALID = "Dieser Tisch-Link gilt nicht (mehr). Bitte die Turnierleitung fragen."
SITE_LAYOUT = 'class="site-header"'


def page(response: Any) -> str:
    return str(response.content.decode())


def assert_error_page(response: Any, status: int, *words: str) -> None:
    assert response.status_code == status
    text = page(response)
    assert SITE_LAYOUT in text, "the page is in the site's layout"
    assert '<html lang="de">' in text
    for word in words:
        assert word in text


# 404


def test_an_unknown_page_says_so_and_leads_home(db: None, client: Client) -> None:
    response = client.get("/no-such-page/")
    assert_error_page(response, 404, "Seite nicht gefunden", "Bitte die Adresse prüfen")
    assert f'href="{reverse("tournaments:home")}">Zur Startseite</a>' in page(response)
    assert TABLE_LINK_NOT_VALID not in page(response)


def test_an_unknown_table_link_says_it_is_not_valid(db: None, client: Client) -> None:
    response = client.get(reverse("scoring:table_entry", args=["mistyped-token"]))
    assert_error_page(response, 404, "Tisch-Link ungültig", TABLE_LINK_NOT_VALID, "QR-Code")


def test_a_renewed_table_link_says_it_is_not_valid(db: None, client: Client) -> None:
    table = playing_table()
    old = table.token
    table_token_reissue(table=table)
    for name in ("scoring:table_entry", "scoring:table_sheet", "scoring:table_paper"):
        response = client.get(reverse(name, args=[old]))
        assert_error_page(response, 404, TABLE_LINK_NOT_VALID)
    assert client.get(reverse("scoring:table_entry", args=[table.token])).status_code == 200


@pytest.mark.parametrize("path", ["/t/", "/t/abc/nothing-here/", "/t/a/b/c/"])
def test_a_mistyped_path_under_the_table_links_is_a_table_link_not_valid(
    db: None, client: Client, path: str
) -> None:
    assert_error_page(client.get(path), 404, TABLE_LINK_NOT_VALID)


def test_a_missing_deal_of_a_valid_table_is_not_called_an_invalid_link(
    db: None, client: Client
) -> None:
    table = playing_table()
    response = client.get(reverse("scoring:table_correct", args=[table.token, 999999]))
    assert_error_page(response, 404, "Seite nicht gefunden")
    assert TABLE_LINK_NOT_VALID not in page(response)


def test_the_table_link_page_in_english(db: None, client: Client) -> None:
    response = client.get("/t/mistyped/", headers={"accept-language": "en"})
    assert response.status_code == 404
    assert "This table link is not valid (any more). Ask the organiser." in page(response)
    assert '<html lang="en">' in page(response)


def test_the_table_view_raises_the_table_link_error(db: None) -> None:
    with pytest.raises(TableLinkNotValid):
        table_of_link("no-such-token")


# 403


def test_an_organiser_page_for_a_player_account_says_whose_it_is(db: None, client: Client) -> None:
    client.force_login(UserFactory(is_staff=False, username="anna"))
    response = client.get(reverse("tournaments:player_list"))
    assert_error_page(
        response,
        403,
        "Kein Zugang",
        "Diese Seite ist nur für die Turnierleitung.",
        "Sie sind als anna angemeldet. Bitte oben abmelden",
    )


# 400


def test_a_request_for_an_unknown_host_gets_the_400_page(db: None, client: Client) -> None:
    response = client.get("/", headers={"host": "not-allowed.example"})
    assert_error_page(
        response, 400, "Das hat nicht geklappt", "Bitte zurückgehen, die Seite neu laden"
    )


# 500


@contextmanager
def database_down() -> Iterator[list[str]]:
    """Every query fails, as when the database server has gone; the list holds the queries
    that were tried."""
    tried: list[str] = []

    def refuse(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        tried.append(sql)
        raise OperationalError("the database is down (test)")

    with connection.execute_wrapper(refuse):
        yield tried


@pytest.mark.urls("tests.project.failing_urls")
@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
def test_the_500_page_renders_when_the_database_is_down(db: None, logged_in: bool) -> None:
    client = Client(raise_request_exception=False)
    if logged_in:  # the session, the user and the messages all live in the database
        client.force_login(UserFactory(is_staff=True))
    with database_down() as tried:
        response = client.get("/needs-the-database/")
    assert tried, "the page did try the database"
    assert_error_page(
        response,
        500,
        "Etwas ist schiefgegangen",
        "Bitte eine Minute warten und die Seite neu laden",
        "Zur Startseite",
    )
    assert "errors/500.html" in [template.name for template in response.templates]


@pytest.mark.urls("tests.project.failing_urls")
@pytest.mark.parametrize("rolling_backup", [True, False], ids=["with backups", "none"])
def test_a_damaged_database_is_said_on_every_page_with_the_way_back(
    db: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Any, rolling_backup: bool
) -> None:
    """Issue 18: with 200 kB of var/db.sqlite3 overwritten, every page answered 500 "something
    went wrong", and nobody was told what to do."""
    damaged = tmp_path / "db.sqlite3"
    with sqlite3.connect(damaged) as made:
        made.execute("CREATE TABLE filler (data BLOB)")
        made.executemany("INSERT INTO filler VALUES (?)", [(os.urandom(1000),) for _ in range(600)])
    made.close()
    with damaged.open("r+b") as file:
        file.seek(200_000)
        file.write(os.urandom(200_000))
    monkeypatch.setattr(backup, "is_damaged", _damaged_here(damaged))
    settings.VAR_DIR = tmp_path / "var"
    if rolling_backup:
        (settings.VAR_DIR / "backups").mkdir(parents=True)
        for stamp in ("2026-11-27-134012", "2026-11-27-140512"):
            (settings.VAR_DIR / "backups" / f"db-{stamp}.sqlite3").write_bytes(b"")

    with database_down():
        response = Client(raise_request_exception=False).get("/needs-the-database/")

    assert_error_page(
        response,
        503,
        "Die Datenbank ist beschädigt",
        "Spieler: Bitte sagen Sie der Turnierleitung Bescheid",
        "Im Fenster von make run Strg+C drücken",
        "Wieder starten: make run.",
    )
    text = page(response)
    if rolling_backup:
        newest = settings.VAR_DIR / "backups" / "db-2026-11-27-140512.sqlite3"
        assert f"manage.py restore {newest} --force" in text
        assert "die Sicherung von 14:05 Uhr zurück" in text
    else:
        assert "liegt keine Sicherung" in text
        assert "manage.py restore DATEI --force" in text


def _damaged_here(path: Path) -> Callable[..., bool]:
    """backup.is_damaged, asked of ``path`` (the test database itself is never damaged)."""
    return lambda using="default": backup._sqlite_state(path) == backup.DAMAGED


def test_a_sound_database_is_not_called_damaged(db: None, tmp_path: Path) -> None:
    sound = tmp_path / "db.sqlite3"
    with sqlite3.connect(sound) as made:
        made.execute("CREATE TABLE django_migrations (id INTEGER)")
    made.close()
    assert backup._sqlite_state(sound) == backup.SOUND
    assert backup._sqlite_state(tmp_path / "none.sqlite3") == backup.EMPTY


# The CSRF failure


def login_form(client: Client) -> dict[str, str]:
    response = client.get(reverse("tournaments:login"))
    assert response.status_code == 200
    token = response.context["csrf_token"]
    return {
        "username": "organisator",
        "password": "richtig-geheim-42",
        "csrfmiddlewaretoken": str(token),
    }


def test_a_form_sent_with_a_stale_token_says_so_and_a_second_try_works(db: None) -> None:
    UserFactory(is_staff=True, username="organisator", password="richtig-geheim-42")
    client = Client(enforce_csrf_checks=True)
    login_url = reverse("tournaments:login")
    stale = login_form(client)
    # Meanwhile the browser's CSRF cookie was renewed (e.g. a log-in in another tab).
    client.cookies.pop(settings.CSRF_COOKIE_NAME)
    client.get(reverse("tournaments:home"))
    assert settings.CSRF_COOKIE_NAME in client.cookies

    full_url = f"http://testserver{login_url}"
    response = client.post(login_url, stale, headers={"referer": full_url})
    assert_error_page(
        response,
        403,
        "Die Seite war zu lange offen. Bitte noch einmal.",
        "Es wurde nichts gespeichert.",
    )
    assert f'href="{full_url}">Zurück zur Seite</a>' in page(response)
    assert "_auth_user_id" not in client.session

    fresh = login_form(client)
    assert client.post(login_url, fresh).status_code == 302
    assert "_auth_user_id" in client.session


def test_a_form_sent_without_the_cookie_leads_back_home(db: None) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("tournaments:login"), {"username": "x", "password": "y"})
    assert_error_page(response, 403, "Die Seite war zu lange offen. Bitte noch einmal.")
    assert f'href="{reverse("tournaments:home")}">Zurück zur Seite</a>' in page(response)


def test_a_foreign_referer_is_not_offered_as_the_way_back(db: None) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("tournaments:login"), {}, headers={"referer": "http://evil.example/login/"}
    )
    assert response.status_code == 403
    assert "evil.example" not in page(response)


def test_an_htmx_tap_with_a_stale_token_reloads_the_page_with_the_words_on_top(
    db: None,
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("tournaments:home"))  # the CSRF cookie, but no token sent with the tap
    response = client.post(reverse("tournaments:login"), {}, headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"
    reloaded = client.get(reverse("tournaments:home"))
    assert "Die Seite war zu lange offen. Bitte noch einmal." in page(reloaded)
