"""What the services of this app share: the state check, one-line text, table tokens."""

import secrets

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament
from tournaments.text import clean_text


def one_line(text: str) -> str:
    """Cleaned of control characters (:func:`tournaments.text.clean_text`), spaces collapsed."""
    return " ".join(clean_text(text).split())


def require_state(tournament: Tournament, *states: str, action: str | Promise) -> None:
    if tournament.state not in states:
        raise ValidationError(
            _("%(action)s is not possible now: the tournament is %(state)s."),
            code="wrong_state",
            params={"action": action, "state": tournament.get_state_display()},
        )


OPEN_STATES = (Tournament.State.REGISTRATION, Tournament.State.DRAWN)


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 bits: not guessable, short enough for a QR code
