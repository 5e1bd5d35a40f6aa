"""`make run` (scripts/serve): the organiser account, the web server and the worker, watched.

Start-up ends with a short note in German (where to open the app, the address the phones use,
the one-time password if one was made); the servers' own output goes to ``var/log/``. A worker
that dies is started again while the web server goes on serving the tables; Ctrl-C, SIGTERM and
SIGHUP (the terminal closed) stop both, and everything they started, within seconds.

By subject: ``network`` (where phones reach the laptop), ``servers`` (gunicorn and the worker,
each in a process group of its own), ``supervisor`` (watching and stopping them),
``start_up`` (the organiser account, the rolling backup, the note), ``run`` (all of it in
order; ``python -m preisfipsen.serve``).
"""

from preisfipsen.serve.network import EVERY_ADDRESS, Addresses, addresses, lan_address
from preisfipsen.serve.run import main
from preisfipsen.serve.start_up import RULE, https_note, rolling_backup, start_up_note
from preisfipsen.serve.supervisor import Supervisor

__all__ = [
    "EVERY_ADDRESS",
    "RULE",
    "Addresses",
    "Supervisor",
    "addresses",
    "https_note",
    "lan_address",
    "main",
    "rolling_backup",
    "start_up_note",
]
