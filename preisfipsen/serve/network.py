"""Where phones reach the laptop: its address on the club's network, the address to open on the
laptop, and the settings that make the phones' address work (the QR codes, Django's hosts)."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.utils.translation import gettext_noop

from preisfipsen import config

#: `make run` listens on all addresses by default: the phones at the club must reach it.
EVERY_ADDRESS = "0.0.0.0"  # noqa: S104

# Addresses of the private networks (RFC 1918) to "connect" a UDP socket to: connecting sends
# nothing, it only makes the kernel choose the source address its route would use.
PRIVATE_PROBES = ("192.168.255.255", "10.255.255.255", "172.31.255.255")


def lan_address(probes: tuple[str, ...] = PRIVATE_PROBES) -> str | None:
    """The laptop's address on the local network (the club's Wi-Fi), or None without one.

    No packet is sent: a UDP socket is only "connected" to a private address, which makes the
    kernel pick the source address of the route there.
    """
    for probe in probes:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
            try:
                probe_socket.connect((probe, 9))  # port 9: discard; nothing is sent anyway
            except OSError:
                continue  # no route at all (no network)
            address = ipaddress.ip_address(probe_socket.getsockname()[0])
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            return str(address)
    return None


def url_host(host: str) -> str:
    """A host as it stands in a URL: IPv6 addresses in brackets.

    >>> url_host("192.168.1.20"), url_host("fe80::1"), url_host("fipsen.local")
    ('192.168.1.20', '[fe80::1]', 'fipsen.local')
    """
    return f"[{host}]" if ":" in host else host


def is_loopback(host: str) -> bool:
    """Does ``host`` name this computer only?

    >>> is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_every_address(host: str) -> bool:
    return host in ("", EVERY_ADDRESS, "::")


def phone_host(host: str, lan: str | None) -> str | None:
    """The host phones use, for a server listening on ``host``: None when phones cannot
    reach it (it listens on this computer only, or there is no network).

    >>> phone_host("0.0.0.0", "192.168.1.20"), phone_host("127.0.0.1", "192.168.1.20")
    ('192.168.1.20', None)
    >>> phone_host("192.168.1.30", "192.168.1.20"), phone_host("0.0.0.0", None)
    ('192.168.1.30', None)
    """
    if is_loopback(host):
        return None
    if is_every_address(host):
        return lan
    return host


def local_url(host: str, port: int, scheme: str = "http") -> str:
    """The address to open on the laptop itself."""
    shown = "127.0.0.1" if is_every_address(host) or is_loopback(host) else host
    return f"{scheme}://{url_host(shown)}:{port}/"


#: A message for the start-up note: an English msgid (translated when shown) and its values.
Note = tuple[str, dict[str, str]]


@dataclass
class Addresses:
    """Where the app is reached, and what the servers are told about it."""

    local: str
    phones: str | None  # None: phones cannot reach it
    #: Variables set for the servers (only those the user left unset).
    environment: dict[str, str] = field(default_factory=dict)
    #: Why phones cannot reach it, or what is wrong with the user's settings.
    warnings: list[Note] = field(default_factory=list)


def addresses(
    environ: Mapping[str, str],
    *,
    host: str,
    port: int,
    lan: str | None,
    https: config.HttpsMode = "off",
) -> Addresses:
    """Where to open the app, the phones' address, and the settings that make it work: with
    PREISFIPSEN_PUBLIC_URL unset the table cards carry the phones' address, and with
    DJANGO_ALLOWED_HOSTS unset Django answers to it. Behind a proxy (``https="proxy"``) only
    PREISFIPSEN_PUBLIC_URL knows the phones' address."""
    scheme = "https" if https == "self" else "http"
    found = Addresses(local=local_url(host, port, scheme), phones=None)
    public = config.public_url(environ)
    found.warnings += _https_warnings(https, host, public)
    if public:
        found.phones = public + "/"
    elif https == "proxy":
        pass  # the proxy's address, which only the proxy knows
    elif reachable := phone_host(host, lan):
        found.phones = f"{scheme}://{url_host(reachable)}:{port}/"
        found.environment["PREISFIPSEN_PUBLIC_URL"] = found.phones.rstrip("/")
    else:
        found.warnings.append(_unreachable(host))
    if found.phones:
        _allow_phones(found, environ, found.phones)
    return found


def _https_warnings(https: config.HttpsMode, host: str, public: str) -> list[Note]:
    """What is wrong with the address settings for the way the connection is encrypted."""
    if https == "proxy":
        return _proxy_warnings(host, public)
    if https == "self" and public.startswith("http:"):
        message = gettext_noop(
            "PREISFIPSEN_PUBLIC_URL begins with http://, but this server speaks HTTPS "
            "only: the QR codes on the table cards would not open."
        )
        return [(message, {})]
    return []


def _proxy_warnings(host: str, public: str) -> list[Note]:
    warnings: list[Note] = []
    if not is_loopback(host):
        message = gettext_noop(
            "Behind a proxy, listen on this laptop only, or phones could go round the "
            "proxy unencrypted: make run HOST=127.0.0.1 PREISFIPSEN_HTTPS=proxy"
        )
        warnings.append((message, {}))
    if not public:
        message = gettext_noop(
            "Set PREISFIPSEN_PUBLIC_URL to the proxy's address (https://…): the QR "
            "codes on the table cards lead there."
        )
        warnings.append((message, {}))
    return warnings


def _unreachable(host: str) -> Note:
    """Why phones cannot reach a server listening on ``host``, and what to do about it."""
    if is_loopback(host):
        message = gettext_noop(
            "Phones cannot reach it: it listens on this laptop only (HOST=%(host)s). "
            "For phones: make run HOST=0.0.0.0"
        )
        return (message, {"host": host})
    message = gettext_noop(
        "Phones cannot reach it: this laptop is in no network. Join the club's "
        "Wi-Fi, then start make run again."
    )
    return (message, {})


def _allow_phones(found: Addresses, environ: Mapping[str, str], phones: str) -> None:
    """Let Django answer to the host of ``phones``: set DJANGO_ALLOWED_HOSTS if the user left
    it unset, else warn when it leaves the phones out."""
    phones_host = urlsplit(phones).netloc.rsplit(":", 1)[0]
    allowed = config.env_list(environ, "DJANGO_ALLOWED_HOSTS", [])
    if not allowed:
        found.environment["DJANGO_ALLOWED_HOSTS"] = ",".join(
            [*config.DEFAULT_ALLOWED_HOSTS, phones_host]
        )
    elif phones_host not in allowed and "*" not in allowed:
        message = gettext_noop(
            "DJANGO_ALLOWED_HOSTS does not allow %(host)s: phones would get “Bad Request”."
        )
        found.warnings.append((message, {"host": phones_host}))
