"""Finding 10: wrong passwords in a row lock the account and the address for a while."""

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = reverse("tournaments:login")


@pytest.fixture(autouse=True)
def throttling_on(settings: Settings) -> None:
    settings.AXES_ENABLED = True  # tests/conftest.py turns it off for every other test


def _log_in(username: str, password: str, address: str = "192.0.2.1") -> int:
    response = Client(REMOTE_ADDR=address).post(LOGIN, {"username": username, "password": password})
    return response.status_code


def test_many_wrong_passwords_lock_the_account_with_a_german_page(
    settings: Settings,
) -> None:
    UserFactory(username="leitung")
    codes = [_log_in("leitung", f"falsch{n}") for n in range(20)]
    assert codes.count(200) == settings.AXES_FAILURE_LIMIT - 1  # the form again, with its error
    assert set(codes[settings.AXES_FAILURE_LIMIT - 1 :]) == {429}

    page = Client(REMOTE_ADDR="192.0.2.1").post(
        LOGIN, {"username": "leitung", "password": PASSWORD}
    )

    assert page.status_code == 429, "even the right password waits"
    text = page.content.decode()
    assert "Anmeldung gesperrt" in text
    assert "für 15 Minuten gesperrt" in text
    assert "Zurück zur Startseite" in text
    assert "_auth_user_id" not in page.client.session


def test_wrong_passwords_on_a_phone_do_not_lock_the_organiser_out_elsewhere(
    settings: Settings,
) -> None:
    UserFactory(username="leitung")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _log_in("leitung", "falsch", address="192.0.2.10")
    assert _log_in("leitung", PASSWORD, address="192.0.2.10") == 429, "that phone waits"
    assert _log_in("leitung", PASSWORD, address="198.51.100.7") == 302, "the laptop may"


def test_the_address_is_locked_for_every_account(settings: Settings) -> None:
    UserFactory(username="leitung")
    for n in range(settings.AXES_FAILURE_LIMIT):
        _log_in(f"rate{n}", "falsch", address="203.0.113.5")
    assert _log_in("leitung", PASSWORD, address="203.0.113.5") == 429
    assert _log_in("leitung", PASSWORD, address="203.0.113.6") == 302, "another address may"


def test_the_admin_login_counts_too(settings: Settings) -> None:
    UserFactory(username="leitung", is_staff=True)
    client = Client(REMOTE_ADDR="192.0.2.50")
    codes = [
        client.post("/admin/login/", {"username": "leitung", "password": "falsch"}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT + 1)
    ]
    assert codes[-1] == 429


def test_a_right_password_before_the_limit_starts_the_count_anew(
    settings: Settings,
) -> None:
    UserFactory(username="leitung")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _log_in("leitung", "falsch")
    assert _log_in("leitung", PASSWORD) == 302
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _log_in("leitung", "falsch")
    assert _log_in("leitung", PASSWORD) == 302


def _log_in_through_proxy(password: str, phone: str, forwarded_for: str | None = None) -> int:
    """A login as the reverse proxy on the laptop passes it on (docs/running.md)."""
    header = phone if forwarded_for is None else f"{forwarded_for}, {phone}"
    client = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=header)
    return client.post(LOGIN, {"username": "leitung", "password": password}).status_code


def test_behind_the_proxy_one_phones_wrong_passwords_lock_that_phone_only(
    settings: Settings,
) -> None:
    """Issue 18: with PREISFIPSEN_HTTPS=proxy every request came from 127.0.0.1, and five wrong
    passwords from any phone locked the organiser out everywhere for 15 minutes."""
    settings.HTTPS = "proxy"
    UserFactory(username="leitung")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _log_in_through_proxy("falsch", phone="192.168.1.31")
    assert _log_in_through_proxy(PASSWORD, phone="192.168.1.31") == 429, "that phone waits"
    assert _log_in_through_proxy(PASSWORD, phone="192.168.1.20") == 302, "the laptop may"


def test_behind_the_proxy_a_phone_cannot_pass_for_another_by_its_own_header(
    settings: Settings,
) -> None:
    """What a phone writes into X-Forwarded-For stands left of what the proxy appends."""
    settings.HTTPS = "proxy"
    UserFactory(username="leitung")
    for n in range(settings.AXES_FAILURE_LIMIT):
        _log_in_through_proxy("falsch", phone="192.168.1.31", forwarded_for=f"10.0.0.{n}")
    assert _log_in_through_proxy(PASSWORD, phone="192.168.1.31", forwarded_for="10.9.9.9") == 429


def test_without_the_proxy_the_header_is_not_believed(settings: Settings) -> None:
    """Without PREISFIPSEN_HTTPS=proxy anyone could send the header: the address counts."""
    UserFactory(username="leitung")
    for n in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR="192.0.2.77", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").post(
            LOGIN, {"username": "leitung", "password": "falsch"}
        )
    assert _log_in("leitung", PASSWORD, address="192.0.2.77") == 429
