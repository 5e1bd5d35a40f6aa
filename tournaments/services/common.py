"""What the services of this app share: one-line text, table tokens (the state guards are in
tournaments/states.py)."""

import secrets

from django.db import connection

from tournaments.text import clean_text


def one_line(text: str) -> str:
    """Cleaned of control characters (:func:`tournaments.text.clean_text`), spaces collapsed."""
    return " ".join(clean_text(text).split())


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 bits: not guessable, short enough for a QR code


#: The key of PostgreSQL's advisory lock that serialises additions to the player directory.
DIRECTORY_LOCK = 0x5046_0001


def directory_lock() -> None:
    """Hold the directory for the current transaction: whoever adds a player (a walk-in, a new
    player, a list imported, a merge) checks what is there and adds in turn, so two taps of one
    new name at once make one player. SQLite's write transactions are IMMEDIATE (the whole
    database is held from their start); PostgreSQL takes an advisory lock, released at commit.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [DIRECTORY_LOCK])
