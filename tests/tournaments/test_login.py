"""The organiser login and logout (Django's auth views with our templates)."""

import pytest
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_login_with_the_right_password(client: Client) -> None:
    user = UserFactory(username="leitung")

    response = client.post("/login/", {"username": "leitung", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(user.pk)
    page = client.get("/").content.decode()
    assert "Sie sind als leitung angemeldet." in page
    assert "Abmelden" in page


def test_login_with_a_wrong_password_is_refused(client: Client) -> None:
    UserFactory(username="leitung")

    response = client.post("/login/", {"username": "leitung", "password": "falsch"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert 'role="alert"' in response.content.decode()


def test_login_page_renders_the_form(client: Client) -> None:
    page = client.get("/login/").content.decode()
    assert 'name="username"' in page
    assert 'name="password"' in page


def test_logout(client: Client) -> None:
    client.force_login(UserFactory())

    response = client.post("/logout/")

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session
