"""What the services of this app share: one-line text, table tokens (the state guards are in
tournaments/states.py)."""

import secrets

from tournaments.text import clean_text


def one_line(text: str) -> str:
    """Cleaned of control characters (:func:`tournaments.text.clean_text`), spaces collapsed."""
    return " ".join(clean_text(text).split())


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 bits: not guessable, short enough for a QR code
