"""The start page, in German first and in English after the switch."""

import pytest
from django.test import Client

# The start page reads tonight's tournaments, for the link to their board.
pytestmark = pytest.mark.django_db


def test_start_page_speaks_german_by_default(client: Client) -> None:
    response = client.get("/")
    page = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="de">' in page
    assert "Willkommen bei Preisfipsen" in page
    assert "Login für die Turnierleitung" in page


def test_language_switch_turns_the_start_page_english(client: Client) -> None:
    switched = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert switched.status_code == 302
    assert switched["Location"] == "/"

    page = client.get("/").content.decode()
    assert '<html lang="en">' in page
    assert "Welcome to Preisfipsen" in page
    assert "Willkommen" not in page


def test_language_switch_back_to_german(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "Willkommen bei Preisfipsen" in client.get("/").content.decode()


def test_browser_language_is_honoured_until_switched(client: Client) -> None:
    page = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert "Welcome to Preisfipsen" in page


@pytest.mark.parametrize("code", ["de", "en"])
def test_the_switch_offers_both_languages(client: Client, code: str) -> None:
    page = client.get("/").content.decode()
    assert f'name="language" value="{code}"' in page
