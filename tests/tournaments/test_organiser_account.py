"""`manage.py ensure_organiser` (run by `make run`) and the forced change of a one-time password."""

import io
import re
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from tests.factories import UserFactory
from tournaments.models import OrganiserProfile

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Pik-Sieben-fipst-2"


def ensure_organiser(*args: str) -> tuple[str, str]:
    """Run the command as `make run` does; return what it wrote to stdout and stderr."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with translation.override("de"):
        call_command("ensure_organiser", *args, stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


def one_time_password(output: str) -> str:
    match = re.search(r"Einmalpasswort: (\S+)", output)
    assert match, output
    return match[1]


@pytest.fixture(autouse=True)
def no_password_in_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)


def test_first_start_creates_the_account_and_prints_a_one_time_password() -> None:
    output, _ = ensure_organiser("--no-input")

    password = one_time_password(output)
    user = get_user_model().objects.get()
    assert user.username == "organisator"
    assert user.is_superuser
    assert user.is_staff
    assert user.check_password(password)
    assert OrganiserProfile.objects.get(user=user).must_change_password


def test_later_starts_do_nothing_and_print_nothing() -> None:
    first, _ = ensure_organiser("--no-input")
    password = one_time_password(first)

    again, errors = ensure_organiser("--no-input")

    assert (again, errors) == ("", "")
    assert get_user_model().objects.get().check_password(password)


def test_one_time_passwords_differ() -> None:
    first = one_time_password(ensure_organiser("--no-input", "--username=eins")[0])
    get_user_model().objects.all().delete()
    second = one_time_password(ensure_organiser("--no-input", "--username=zwei")[0])
    assert first != second


def test_an_existing_superuser_counts_as_the_organiser() -> None:
    UserFactory(username="chef", is_superuser=True, is_staff=True)

    output, _ = ensure_organiser("--no-input")

    assert output == ""
    assert not get_user_model().objects.filter(username="organisator").exists()


def test_password_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORGANISER_PASSWORD", NEW_PASSWORD)

    output, _ = ensure_organiser("--no-input")

    assert NEW_PASSWORD not in output
    user = get_user_model().objects.get()
    assert user.check_password(NEW_PASSWORD)
    assert not OrganiserProfile.objects.get(user=user).must_change_password


def test_a_weak_password_from_the_environment_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORGANISER_PASSWORD", "1234")

    with pytest.raises(CommandError, match="zu kurz"):
        ensure_organiser("--no-input")

    assert not get_user_model().objects.exists()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_it_asks_until_the_password_is_good(monkeypatch: pytest.MonkeyPatch):
    answers = iter(["kurz", "kurz", NEW_PASSWORD, "vertippt", NEW_PASSWORD, NEW_PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    monkeypatch.setattr(sys, "stdin", Terminal())

    _, errors = ensure_organiser()

    assert "zu kurz" in errors
    assert "unterscheiden sich" in errors
    user = get_user_model().objects.get()
    assert user.check_password(NEW_PASSWORD)
    assert not OrganiserProfile.objects.get(user=user).must_change_password


def test_on_a_terminal_an_empty_answer_makes_a_one_time_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("getpass.getpass", lambda prompt: "")
    monkeypatch.setattr(sys, "stdin", Terminal())

    output, _ = ensure_organiser()

    assert get_user_model().objects.get().check_password(one_time_password(output))


@pytest.fixture
def organiser_client(client: Client) -> tuple[Client, str]:
    """A client logged in with the one-time password of a fresh organiser account."""
    password = one_time_password(ensure_organiser("--no-input")[0])
    assert client.login(username="organisator", password=password)
    return client, password


@pytest.mark.parametrize("path", ["/", "/admin/", "/login/"])
def test_with_the_one_time_password_every_page_leads_to_the_password_change(
    organiser_client: tuple[Client, str], path: str
) -> None:
    client, _ = organiser_client
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == "/password/"


def test_the_password_change_page_says_why(organiser_client: tuple[Client, str]) -> None:
    client, _ = organiser_client
    page = client.get("/", follow=True).content.decode()
    assert "Bitte wählen Sie zuerst ein eigenes Passwort." in page
    assert 'name="new_password1"' in page


def test_after_choosing_a_password_the_app_is_open(organiser_client: tuple[Client, str]) -> None:
    client, old_password = organiser_client

    response = client.post(
        "/password/",
        {
            "old_password": old_password,
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
    )

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/").status_code == 200  # still logged in, no longer redirected
    assert client.get("/admin/").status_code == 200
    user = get_user_model().objects.get()
    assert not OrganiserProfile.objects.get(user=user).must_change_password
    client.logout()
    assert client.login(username="organisator", password=NEW_PASSWORD)
    assert not client.login(username="organisator", password=old_password)


def test_a_refused_new_password_keeps_the_one_time_password(
    organiser_client: tuple[Client, str],
) -> None:
    client, old_password = organiser_client

    response = client.post(
        "/password/",
        {"old_password": old_password, "new_password1": "1234", "new_password2": "1234"},
    )

    assert response.status_code == 200
    assert client.get("/")["Location"] == "/password/"
    assert get_user_model().objects.get().check_password(old_password)


# The first login: the one-time password is typed once, at the login form


@pytest.fixture
def first_login(client: Client) -> tuple[Client, str]:
    """A client that logged in through the form with the one-time password."""
    password = one_time_password(ensure_organiser("--no-input")[0])
    response = client.post("/login/", {"username": "organisator", "password": password})
    assert response.status_code == 302
    return client, password


def test_after_logging_in_with_the_one_time_password_it_is_not_asked_again(
    first_login: tuple[Client, str],
) -> None:
    client, one_time = first_login
    page = client.get("/password/").content.decode()
    assert 'name="old_password"' not in page
    assert 'name="new_password1"' in page

    response = client.post(
        "/password/", {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )

    assert response["Location"] == "/"
    assert client.get("/").status_code == 200
    user = get_user_model().objects.get()
    assert user.check_password(NEW_PASSWORD)
    assert not user.check_password(one_time)
    # Later changes ask for the password in use, as everywhere.
    assert 'name="old_password"' in client.get("/password/").content.decode()


def test_a_mismatch_after_the_first_login_asks_only_for_the_new_password_again(
    first_login: tuple[Client, str],
) -> None:
    client, one_time = first_login

    response = client.post(
        "/password/", {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD + "x"}
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Die beiden Passwörter sind nicht identisch." in page
    assert 'name="old_password"' not in page
    assert get_user_model().objects.get().check_password(one_time)


def test_without_the_login_form_the_one_time_password_is_still_asked(
    organiser_client: tuple[Client, str],
) -> None:
    """A session that did not type it at the login form (say one kept from before) proves
    nothing: the change asks for it, labelled as the one-time password."""
    client, _ = organiser_client
    page = client.get("/password/").content.decode()
    assert 'name="old_password"' in page
    assert "Einmalpasswort" in page
