"""HTTPS when it is wanted (PREISFIPSEN_HTTPS), and an organiser's login that lasts one night.

The settings are read afresh from the environment; `manage.py check --deploy` runs in a
subprocess as the server would; the launcher is started for real with its own certificate and
fetched from over TLS, verified against that certificate.
"""

import datetime
import os
import ssl
import stat
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from django.contrib.sessions.models import Session
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from preisfipsen import tls
from preisfipsen.serve import EVERY_ADDRESS, addresses, https_note, lan_address
from tests.factories import PASSWORD, UserFactory
from tests.project.test_serve import (  # noqa: F401 (fixtures)
    Launcher,
    launch,
    migrated,
)
from tests.project.test_settings import load_settings  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
DEPLOY_WARNINGS = ("security.W004", "security.W008", "security.W012", "security.W016")


# The settings


def test_plain_http_is_the_default(load_settings: Any) -> None:  # noqa: F811
    loaded = load_settings()
    assert loaded["HTTPS"] == "off"
    assert loaded["SESSION_COOKIE_SECURE"] is loaded["CSRF_COOKIE_SECURE"] is False
    assert loaded["SECURE_SSL_REDIRECT"] is False
    assert loaded["SECURE_HSTS_SECONDS"] == 0
    assert loaded["SECURE_PROXY_SSL_HEADER"] is None


@pytest.mark.parametrize(("value", "mode"), [("1", "self"), ("proxy", "proxy")])
def test_https_makes_the_cookies_secure_redirects_and_sends_hsts(
    load_settings: Any,  # noqa: F811
    value: str,
    mode: str,
) -> None:
    loaded = load_settings(PREISFIPSEN_HTTPS=value)
    assert loaded["HTTPS"] == mode
    assert loaded["SESSION_COOKIE_SECURE"] is loaded["CSRF_COOKIE_SECURE"] is True
    assert loaded["SECURE_SSL_REDIRECT"] is True
    assert loaded["SECURE_HSTS_SECONDS"] == 3600


def test_only_behind_a_proxy_is_its_header_trusted(load_settings: Any) -> None:  # noqa: F811
    assert load_settings(PREISFIPSEN_HTTPS="1")["SECURE_PROXY_SSL_HEADER"] is None
    header = load_settings(PREISFIPSEN_HTTPS="proxy")["SECURE_PROXY_SSL_HEADER"]
    assert header == ("HTTP_X_FORWARDED_PROTO", "https")


def test_hsts_seconds_from_the_environment(load_settings: Any) -> None:  # noqa: F811
    loaded = load_settings(PREISFIPSEN_HTTPS="1", PREISFIPSEN_HSTS_SECONDS="600")
    assert loaded["SECURE_HSTS_SECONDS"] == 600
    with pytest.raises(ImproperlyConfigured, match="PREISFIPSEN_HSTS_SECONDS"):
        load_settings(PREISFIPSEN_HTTPS="1", PREISFIPSEN_HSTS_SECONDS="eine Stunde")


@pytest.mark.parametrize("value", ["yes", "true", "on", "2"])
def test_a_mistyped_https_value_stops_rather_than_serving_plain_http(
    load_settings: Any,  # noqa: F811
    value: str,
) -> None:
    with pytest.raises(ImproperlyConfigured, match="PREISFIPSEN_HTTPS must be 1"):
        load_settings(PREISFIPSEN_HTTPS=value)


def check_deploy(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`manage.py check --deploy` as the server would run it (DEBUG off), failing on warnings."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "PREISFIPSEN_")) and name != "DATABASE_URL"
    }
    environment.update(
        PREISFIPSEN_VAR_DIR=str(tmp_path / "var"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        DJANGO_ALLOWED_HOSTS="fipsen.local,192.168.1.20",
        **settings,
    )
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level=WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("value", ["1", "proxy"])
def test_the_deploy_check_is_clean_with_https(tmp_path: Path, value: str) -> None:
    checked = check_deploy(tmp_path, PREISFIPSEN_HTTPS=value)
    assert checked.returncode == 0, checked.stderr
    # W021 alone is silenced (settings.py): the laptop is no candidate for the preload list.
    assert "System check identified no issues (1 silenced)." in checked.stdout


def test_the_deploy_check_warns_of_plain_http(tmp_path: Path) -> None:
    """What the HTTPS mode answers: without it, these four warnings (and only these)."""
    checked = check_deploy(tmp_path)
    assert checked.returncode == 1
    assert all(warning in checked.stderr for warning in DEPLOY_WARNINGS)
    assert checked.stderr.count("(security.W") == len(DEPLOY_WARNINGS)


# The organiser's login lasts one night


def log_in(client: Client) -> SimpleCookie:
    UserFactory(username="leitung")
    response = client.post("/login/", {"username": "leitung", "password": PASSWORD})
    assert response.status_code == 302
    return response.cookies


@pytest.mark.django_db
def test_the_login_ends_with_the_browser_and_after_twelve_hours_at_most(
    client: Client,
) -> None:
    cookie = log_in(client)["sessionid"]
    assert cookie["max-age"] == ""
    assert cookie["expires"] == ""
    assert cookie["secure"] == ""  # plain HTTP by default
    session = Session.objects.get(session_key=cookie.value)
    assert session.expire_date - timezone.now() <= datetime.timedelta(hours=12)
    assert session.expire_date - timezone.now() > datetime.timedelta(hours=11)


@pytest.mark.django_db
def test_with_https_the_session_and_csrf_cookies_are_secure(
    client: Client, settings: Settings
) -> None:
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    client.get("/login/")
    assert client.cookies["csrftoken"]["secure"] is True
    assert log_in(client)["sessionid"]["secure"] is True


@pytest.mark.django_db
def test_behind_a_proxy_only_what_it_forwarded_as_https_is_served(
    client: Client, settings: Settings
) -> None:
    """The proxy mode's settings (PREISFIPSEN_HTTPS=proxy), as the proxy's requests meet them."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["fipsen.local"]

    round_the_proxy = client.get("/login/", headers={"host": "fipsen.local"})
    assert round_the_proxy.status_code == 301
    assert round_the_proxy["Location"] == "https://fipsen.local/login/"
    forwarded = client.get(
        "/login/", headers={"host": "fipsen.local", "x-forwarded-proto": "https"}
    )
    assert forwarded.status_code == 200
    assert forwarded["Strict-Transport-Security"] == "max-age=3600; includeSubDomains"


# The laptop's certificate


NOW = datetime.datetime(2026, 11, 22, 20, 0, tzinfo=datetime.UTC)


def test_the_certificate_is_made_once_for_the_laptops_names(tmp_path: Path) -> None:
    names = tls.laptop_names("192.168.1.20")
    made = tls.ensure_certificate(tmp_path / "tls", names, now=NOW)
    assert made.made
    assert {"192.168.1.20", "127.0.0.1", "localhost"} <= made.names
    assert names <= made.names
    assert stat.S_IMODE(made.key_path.stat().st_mode) == 0o600
    certificate = x509.load_pem_x509_certificate(made.cert_path.read_bytes())
    assert certificate.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    assert len(made.fingerprint) == 32 * 3 - 1  # SHA-256, "AB:CD:…"

    kept = tls.ensure_certificate(tmp_path / "tls", names, now=NOW + datetime.timedelta(days=7))
    assert not kept.made
    assert kept.fingerprint == made.fingerprint


def test_a_host_name_a_certificate_cannot_hold_is_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tls.socket, "gethostname", lambda: "vereinsrechner-müller")
    assert "vereinsrechner-müller" not in tls.laptop_names("192.168.1.20")
    monkeypatch.setattr(tls.socket, "gethostname", lambda: "vereinslaptop")
    assert {"vereinslaptop", "vereinslaptop.local"} <= tls.laptop_names(None)


def test_another_address_gets_a_certificate_for_both(tmp_path: Path) -> None:
    home = tls.ensure_certificate(tmp_path, tls.laptop_names("192.168.1.20"), now=NOW)
    club = tls.ensure_certificate(tmp_path, tls.laptop_names("10.0.0.7"), now=NOW)
    assert club.made
    assert club.fingerprint != home.fingerprint
    assert {"192.168.1.20", "10.0.0.7"} <= club.names
    back_home = tls.ensure_certificate(tmp_path, tls.laptop_names("192.168.1.20"), now=NOW)
    assert back_home.fingerprint == club.fingerprint


def test_a_certificate_near_its_end_is_made_anew(tmp_path: Path) -> None:
    names = tls.laptop_names(None)
    first = tls.ensure_certificate(tmp_path, names, now=NOW)
    later = NOW + datetime.timedelta(days=tls.VALID_DAYS - 10)
    renewed = tls.ensure_certificate(tmp_path, names, now=later)
    assert renewed.made
    assert renewed.fingerprint != first.fingerprint


# The launcher


def test_with_https_the_phones_address_is_https() -> None:
    found = addresses({}, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20", https="self")
    assert found.local == "https://127.0.0.1:8000/"
    assert found.phones == "https://192.168.1.20:8000/"
    assert found.environment["PREISFIPSEN_PUBLIC_URL"] == "https://192.168.1.20:8000"
    assert found.warnings == []


def test_an_http_public_url_with_https_is_warned_of() -> None:
    environ = {"PREISFIPSEN_PUBLIC_URL": "http://192.168.1.20:8000"}
    found = addresses(environ, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20", https="self")
    [(message, _values)] = found.warnings
    assert "QR" in message


def test_behind_a_proxy_the_phones_address_is_the_proxys() -> None:
    found = addresses({}, host="127.0.0.1", port=8000, lan="192.168.1.20", https="proxy")
    assert found.phones is None
    [(message, _values)] = found.warnings
    assert "PREISFIPSEN_PUBLIC_URL" in message
    environ = {"PREISFIPSEN_PUBLIC_URL": "https://fipsen.local"}
    found = addresses(environ, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20", https="proxy")
    assert found.phones == "https://fipsen.local/"
    [(message, _values)] = found.warnings  # listening on every address goes round the proxy
    assert "HOST=127.0.0.1" in message


def test_plain_http_says_how_to_switch_https_on() -> None:
    note = "\n".join(https_note("off", None, lambda text: text))
    assert "make run PREISFIPSEN_HTTPS=1" in note


def fetch(url: str, context: ssl.SSLContext) -> tuple[int, dict[str, str], list[str]]:
    """Status, headers and the Set-Cookie headers of a GET, verified against ``context``."""
    opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context))
    with opener.open(url, timeout=30) as response:
        return response.status, dict(response.headers), response.headers.get_all("Set-Cookie")


def test_make_run_with_https_serves_over_tls_with_its_own_certificate(
    launch: Callable[..., Launcher],  # noqa: F811
) -> None:
    launcher = launch(PREISFIPSEN_HTTPS="1")
    note = "\n".join(launcher.note())
    tls_dir = launcher.var_dir / "tls"
    certificate = x509.load_pem_x509_certificate((tls_dir / "cert.pem").read_bytes())
    fingerprint = tls.fingerprint(certificate)
    assert f"Auf diesem Laptop öffnen: https://127.0.0.1:{launcher.port}/" in note
    assert "Verschlüsselt (HTTPS)" in note
    assert fingerprint[:47] in note
    assert fingerprint[48:] in note
    assert "warnen einmal" in note

    trusting = ssl.create_default_context(cafile=tls_dir / "cert.pem")
    status, headers, cookies = fetch(f"https://127.0.0.1:{launcher.port}/login/", trusting)
    assert status == 200
    assert headers["Strict-Transport-Security"] == "max-age=3600; includeSubDomains"
    [csrf] = [cookie for cookie in cookies if cookie.startswith("csrftoken=")]
    assert "Secure" in csrf
    lan = lan_address()
    if lan is not None:  # the phones' address is in the certificate: no name mismatch
        assert fetch(f"https://{lan}:{launcher.port}/", trusting)[0] == 200

    # Nothing unencrypted (no redirect either: the port speaks TLS only, as docs/running.md
    # says), and no one else's certificate passes for it.
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(f"http://127.0.0.1:{launcher.port}/", timeout=30)
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
        fetch(f"https://127.0.0.1:{launcher.port}/", ssl.create_default_context())
