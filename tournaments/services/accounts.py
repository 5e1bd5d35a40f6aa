"""The organiser's account: creating it, changing its password."""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from tournaments.models import OrganiserProfile

ORGANISER_USERNAME = "organisator"

# No 0/o, 1/l/i: the password is read off a terminal and typed on a phone.
_ONE_TIME_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class OrganiserCreated:
    user: AbstractBaseUser
    #: The generated password to show once, or None when the caller chose the password.
    one_time_password: str | None


def one_time_password_generate(*, groups: int = 3, group_length: int = 4) -> str:
    """A random password like ``k7mq-9xrt-b2wp`` (3 groups of 4 from 31 characters: 59 bits)."""
    return "-".join(
        "".join(secrets.choice(_ONE_TIME_ALPHABET) for _ in range(group_length))
        for _ in range(groups)
    )


def organiser_create(*, username: str, password: str | None) -> OrganiserCreated:
    """Create an organiser account: a superuser, who can use the admin too.

    With ``password=None`` the account gets a random one-time password, returned so that it can
    be shown once, and the organiser must choose a new password at the first login. A given
    password is checked against AUTH_PASSWORD_VALIDATORS.

    :raises django.core.exceptions.ValidationError: the username or the password is not accepted.
    """
    one_time_password = one_time_password_generate() if password is None else None
    user = get_user_model()(username=username, is_staff=True, is_superuser=True)
    if password is not None:
        password_validation.validate_password(password, user=user)
    user.set_password(password if password is not None else one_time_password)
    user.full_clean()
    with transaction.atomic():
        user.save()
        OrganiserProfile.objects.create(
            user=user, must_change_password=one_time_password is not None
        )
    return OrganiserCreated(user=user, one_time_password=one_time_password)


def organiser_password_change(*, user: AbstractBaseUser, password: str) -> None:
    """Set a new password the organiser chose (validated by the form); ends the forced change."""
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        OrganiserProfile.objects.filter(user_id=user.pk).update(must_change_password=False)
