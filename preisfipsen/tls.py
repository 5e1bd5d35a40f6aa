"""The laptop's own TLS certificate, for `make run` with PREISFIPSEN_HTTPS=1.

Made once into ``var/tls/`` (the key readable by its owner only) and kept for as long as it
covers the names the phones use: a new certificate means a new warning on every phone. It is
self-signed, so browsers warn once; the organiser compares its SHA-256 fingerprint, shown by
`make run`, with the one the phone shows before going on.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CERT_FILE = "cert.pem"
KEY_FILE = "key.pem"
#: Apple's devices refuse TLS server certificates valid longer than 825 days.
VALID_DAYS = 825
#: A certificate this close to its end is made anew before the night rather than during it.
RENEW_DAYS = 30


@dataclass(frozen=True)
class Certificate:
    cert_path: Path
    key_path: Path
    #: SHA-256 of the certificate, "AB:CD:…", as phones and browsers show it.
    fingerprint: str
    names: frozenset[str]
    #: Made on this start (phones that accepted the last one warn once more).
    made: bool


def laptop_names(lan: str | None, extra: Iterable[str] = ()) -> set[str]:
    """The names the certificate covers: this laptop by name and address, and ``extra``."""
    hostname = socket.gethostname()
    names = {"localhost", "127.0.0.1", "::1", hostname, *extra}
    if "." not in hostname:
        names.add(f"{hostname}.local")  # how phones find it by mDNS
    if lan:
        names.add(lan)
    # A certificate names hosts in ASCII only; a host name it cannot hold is left out.
    return {name.strip("[]") for name in names if name and name.isascii() and " " not in name}


def fingerprint(certificate: x509.Certificate) -> str:
    return certificate.fingerprint(hashes.SHA256()).hex(":").upper()


def _names_of(certificate: x509.Certificate) -> set[str]:
    try:
        alternative = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName)
    except x509.ExtensionNotFound:
        return set()
    dns = alternative.value.get_values_for_type(x509.DNSName)
    addresses = alternative.value.get_values_for_type(x509.IPAddress)
    return {*dns, *(str(address) for address in addresses)}


def _general_name(name: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(name))
    except ValueError:
        return x509.DNSName(name)


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` for its owner only (mode 600), replacing it whole."""
    partial = path.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    partial.replace(path)


def make_certificate(folder: Path, names: Iterable[str], now: datetime.datetime) -> None:
    """A new key and self-signed certificate for ``names`` in ``folder``."""
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = _self_signed(key, names, now)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_private(
        folder / KEY_FILE,
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
    )
    _write_private(folder / CERT_FILE, certificate.public_bytes(serialization.Encoding.PEM))


#: What the key of a server's certificate is for: signing (the key exchange), nothing else.
SERVER_KEY_USAGE = x509.KeyUsage(
    digital_signature=True,
    **dict.fromkeys(
        (
            "content_commitment",
            "key_encipherment",
            "data_encipherment",
            "key_agreement",
            "key_cert_sign",
            "crl_sign",
            "encipher_only",
            "decipher_only",
        ),
        False,
    ),
)


def _self_signed(
    key: ec.EllipticCurvePrivateKey, names: Iterable[str], now: datetime.datetime
) -> x509.Certificate:
    """A server's certificate for ``names``, signed by its own ``key``."""
    subject = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Preisfipsen"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Preisfipsen {socket.gethostname()}"[:64]),
        ]
    )
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(int.from_bytes(secrets.token_bytes(16), "big") >> 1)
        # A day back: a phone whose clock is a little behind still accepts it.
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(
            x509.SubjectAlternativeName([_general_name(name) for name in sorted(names)]),
            critical=False,
        )
        # A server's certificate, not an authority's: browsers refuse an authority's as a server's.
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(SERVER_KEY_USAGE, critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


def _usable(folder: Path, names: set[str], now: datetime.datetime) -> x509.Certificate | None:
    """The certificate in ``folder`` if it covers ``names`` for a while yet, with its key."""
    try:
        certificate = x509.load_pem_x509_certificate((folder / CERT_FILE).read_bytes())
        key = serialization.load_pem_private_key((folder / KEY_FILE).read_bytes(), None)
    except (OSError, ValueError):
        return None
    fresh = certificate.not_valid_after_utc - now > datetime.timedelta(days=RENEW_DAYS)
    if fresh and names <= _names_of(certificate) and key.public_key() == certificate.public_key():
        return certificate
    return None


def ensure_certificate(
    folder: Path, names: set[str], now: datetime.datetime | None = None
) -> Certificate:
    """The certificate in ``folder``, made anew if it is missing, runs out soon, or does not
    cover ``names`` (the laptop got another address): the new one covers the old one's names
    too, so that going back and forth between two networks makes no third."""
    now = now or datetime.datetime.now(datetime.UTC)
    certificate = _usable(folder, names, now)
    made = certificate is None
    if certificate is None:
        try:
            old = x509.load_pem_x509_certificate((folder / CERT_FILE).read_bytes())
            names = names | _names_of(old)
        except (OSError, ValueError):
            pass
        make_certificate(folder, names, now)
        certificate = x509.load_pem_x509_certificate((folder / CERT_FILE).read_bytes())
    return Certificate(
        cert_path=folder / CERT_FILE,
        key_path=folder / KEY_FILE,
        fingerprint=fingerprint(certificate),
        names=frozenset(_names_of(certificate)),
        made=made,
    )
