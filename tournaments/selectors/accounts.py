"""The organiser's account."""

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q

from tournaments.models import OrganiserProfile


def organiser_exists(*, username: str) -> bool:
    """Is there an organiser account already: an active superuser, or a user of that name?

    A superuser made with `createsuperuser` counts, so the app does not add a second account.
    """
    users = get_user_model().objects
    return users.filter(Q(is_superuser=True, is_active=True) | Q(username=username)).exists()


def user_must_change_password(*, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Does this account still have its one-time password? (One query.)"""
    if user.pk is None:  # anonymous: no account, so no profile (what the query found)
        return False
    return OrganiserProfile.objects.filter(user_id=user.pk, must_change_password=True).exists()
