"""Before the servers start: the organiser account and the rolling backup; once they answer, the
note that ends the start-up (where to open the app, the address the phones use, whether the
connection is encrypted, the one-time password if one was made, where the logs and backups go),
in German like everything the organiser reads."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from preisfipsen import config, tls
from preisfipsen.rolling_backup import RollingBackup
from preisfipsen.serve.network import Addresses

Gettext = Callable[[str], str]

#: The line that ends the start-up note (tests read up to it).
RULE = "─" * 64


def organiser_account(gettext: Gettext) -> list[str]:
    """Make the organiser account if there is none (asking on a terminal), and the lines
    that tell how to log in: the one-time password is shown here, once."""
    from django.core.management import call_command
    from django.db import connections

    from tournaments.management.commands.ensure_organiser import Command as EnsureOrganiser

    _ = gettext
    command = EnsureOrganiser(stdout=sys.stdout, stderr=sys.stderr)
    try:
        call_command(command, verbosity=0)
    finally:
        connections.close_all()  # the servers open their own
    created = command.created
    if created is None:
        return []
    username = created.user.get_username()
    if created.one_time_password is None:
        return [_("Organiser account “%(name)s” created, with your password.") % {"name": username}]
    return [
        _("Log in as organiser: user “%(name)s”, one-time password: %(password)s")
        % {"name": username, "password": created.one_time_password},
        "  " + _("It is shown only this once. At the first login you choose your own password."),
    ]


def https_note(
    mode: config.HttpsMode, certificate: tls.Certificate | None, gettext: Gettext
) -> list[str]:
    """Whether the network can read along, and how to stop it; with the laptop's own
    certificate, its fingerprint to compare with the phone's warning."""
    _ = gettext
    if mode == "proxy":
        return [_("Encrypted (HTTPS) by the proxy in front of this server.")]
    if certificate is None:
        return [
            _("Unencrypted (HTTP): anyone in the club's Wi-Fi could read the passwords."),
            "  " + _("Encrypted (HTTPS): make run PREISFIPSEN_HTTPS=1"),
        ]
    half = len(certificate.fingerprint) // 2 + 1  # "AB:" is three characters
    lines = [
        _("Encrypted (HTTPS), with this laptop's own certificate."),
        "  " + _("Phones and browsers warn once that it is not trusted. There, compare"),
        "  " + _("its fingerprint (SHA-256) with this one, then go on:"),
        "  " + certificate.fingerprint[:half].rstrip(":"),
        "  " + certificate.fingerprint[half:],
    ]
    if certificate.made:
        lines.append(
            "  "
            + _("The certificate was made just now, into %(folder)s.")
            % {"folder": certificate.cert_path.parent}
        )
    return lines


def start_up_note(
    found: Addresses,
    organiser: list[str],
    log_dir: Path,
    gettext: Gettext,
    encryption: Sequence[str] = (),
    backups: RollingBackup | None = None,
) -> list[str]:
    """The German block that ends the start-up."""
    _ = gettext
    lines = [RULE, _("Preisfipsen is running.")]
    lines.append(_("On this laptop open: %(url)s") % {"url": found.local})
    if found.phones:
        lines.append(_("Phones in the club's network open: %(url)s") % {"url": found.phones})
        lines.append("  " + _("(the QR codes on the table cards lead there)"))
    lines += encryption
    lines += [_(message) % values for message, values in found.warnings]
    lines += organiser
    lines.append(_("What the servers write: %(folder)s") % {"folder": log_dir})
    if backups is not None:
        minutes = backups.every / 60
        message = (
            _(
                "Backups every minute (the last %(keep)s are kept, older ones one per quarter "
                "hour): %(folder)s"
            )
            if minutes == 1
            else _(
                "Backups every %(minutes)s minutes (the last %(keep)s are kept, older ones one "
                "per quarter hour): %(folder)s"
            )
        )
        values = {"minutes": f"{minutes:g}", "keep": backups.keep, "folder": backups.folder}
        lines.append(message % values)
    lines.append(_("Ctrl-C stops the web server and the worker."))
    lines.append(RULE)
    return lines


def rolling_backup(environ: Mapping[str, str], folder: Path) -> RollingBackup | None:
    """The rolling backup of the SQLite database (none on PostgreSQL, or when turned off)."""
    from django.db import connection

    from preisfipsen import rolling_backup
    from sitewide import backup

    if connection.vendor != "sqlite":
        return None

    def write(path: Path) -> None:
        backup.backup_write(path, format=backup.SQLITE)
        backup.require_sound(path)  # a damaged database must not push the sound copies out

    return rolling_backup.from_environment(environ, folder, write)
