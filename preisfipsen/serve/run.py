"""`make run` from start to stop: the addresses and the certificate (before Django reads its
settings), the organiser account, the servers under the supervisor, the note, and the last
backup when it stops."""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from typing import IO
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from preisfipsen import config, tls
from preisfipsen.serve.network import EVERY_ADDRESS, Addresses, addresses, lan_address
from preisfipsen.serve.prepare import database_trouble
from preisfipsen.serve.servers import BASE_DIR, port_taken, servers
from preisfipsen.serve.start_up import https_note, organiser_account, rolling_backup, start_up_note
from preisfipsen.serve.supervisor import Supervisor


def main(environ: MutableMapping[str, str] | None = None, out: IO[str] = sys.stdout) -> int:
    environ = os.environ if environ is None else environ
    host = environ.get("HOST", EVERY_ADDRESS)
    port = int(environ.get("PORT", "8000"))
    log_dir = config.var_dir(environ, BASE_DIR) / "log"
    log_dir.mkdir(exist_ok=True)
    try:
        https = config.https_mode(environ)
    except ImproperlyConfigured as error:
        out.write(f"{error}\n")
        return 1

    # Before Django reads its settings: the servers' (and this process's) follow from them.
    lan = lan_address()
    found = addresses(environ, host=host, port=port, lan=lan, https=https)
    environ.update(found.environment)
    certificate = _certificate(environ, found, lan) if https == "self" else None
    environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")
    import django
    from django.utils.translation import gettext

    django.setup()
    if database_trouble(out):  # scripts/serve started without make prepare
        return 1
    if port_taken(host, port):
        message = gettext(
            "Port %(port)s is taken: is Preisfipsen running already, in another window? "
            "Otherwise: make run PORT=%(other)s"
        )
        out.write(message % {"port": port, "other": port + 1} + "\n")
        return 1
    organiser = organiser_account(gettext)

    web, worker = servers(host=host, port=port, log_dir=log_dir, certificate=certificate)
    backups = rolling_backup(environ, log_dir.parent / "backups")
    supervisor = Supervisor(web, worker, environ, out, backups)
    supervisor.install_signal_handlers()
    if not supervisor.start(host=host, port=port, gettext=gettext):
        return 0 if supervisor.stop_signals else 1
    encryption = https_note(https, certificate, gettext)
    for line in start_up_note(found, organiser, log_dir, gettext, encryption, backups):
        supervisor.say(line)
    supervisor.watch(gettext)
    supervisor.say(gettext("Stopping the web server and the worker …"))
    supervisor.stop()
    supervisor.back_up(None, gettext)  # the night as it ended
    supervisor.say(gettext("Stopped."))
    return 0


def _certificate(
    environ: MutableMapping[str, str], found: Addresses, lan: str | None
) -> tls.Certificate:
    """The laptop's own certificate, for the names it goes by and the phones' address."""
    extra = [urlsplit(found.phones).hostname or ""] if found.phones else []
    names = tls.laptop_names(lan, extra)
    return tls.ensure_certificate(config.var_dir(environ, BASE_DIR) / "tls", names)
