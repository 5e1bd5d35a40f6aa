"""Whose a file is: the owner's key on the record, and what printing's pages show of it.

A file belongs to something of another app (a tournament). The record keeps only a key,
``"<type>:<id>"`` ("tournament:12"); the app that owns that type registers how to describe
one for the status page: its name, its navigation, where "try again" posts and where "back"
leads. So the pages show the tournament's navigation without printing knowing tournaments.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.utils.functional import Promise

from sitewide.registry import Registry


@dataclass(frozen=True)
class Owner:
    """What the status page shows of a file's owner."""

    #: Ends the page's title ("Tischkarten – Sommerturnier").
    name: str
    #: The line under the heading ("Sommerturnier, 12. Juli 2026").
    lead: str
    #: Where "back" leads when the page was not reached from one of the owner's pages.
    home_url: str
    #: Where "try again" posts: request_url(kind).
    request_url: Callable[[str], str]
    #: A template shown at the top of the page (the owner's navigation), with ``context``.
    navigation: str = ""
    context: Mapping[str, object] = field(default_factory=dict)
    #: The words of the "back" button, by the URL name of the page it leads to.
    back_labels: Mapping[str, str | Promise] = field(default_factory=dict)


#: type -> describe(id): the owner of that id, or None when it is gone.
_describers = Registry[str, Callable[[str], Owner | None]]("the owners of files")


def owner_key(owner_type: str, pk: object) -> str:
    """The key a file record keeps of its owner.

    >>> owner_key("tournament", 12)
    'tournament:12'
    """
    return f"{owner_type}:{pk}"


def owner_id(key: str, owner_type: str) -> str | None:
    """The id in ``key`` when it is of ``owner_type``, else None.

    >>> owner_id("tournament:12", "tournament"), owner_id("", "tournament")
    ('12', None)
    """
    kind, _, pk = key.partition(":")
    return pk if kind == owner_type and pk else None


def register_owner(owner_type: str, describe: Callable[[str], Owner | None]) -> None:
    """Describe the owners of ``owner_type`` with ``describe(id)`` on printing's pages.

    :raises ValueError: another function describes them already.
    """
    _describers.register(owner_type, describe)


def owner_of(key: str) -> Owner | None:
    """The description of the owner ``key``, or None (none, of no known type, or gone)."""
    owner_type, _, pk = key.partition(":")
    describe = _describers.get(owner_type)
    return describe(pk) if describe is not None and pk else None
