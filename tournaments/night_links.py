"""Links from this app's pages to the pages an app built on it adds to the night.

The organiser's pages offer steps that the scoring app owns (a table's sheet, ending a table
early or resuming it, finishing the tournament or reopening it), and the start page shows the
way to the hall's board. This app must not know scoring (tests/project/test_layering.py): each
of those links has a name here, and the app that owns the page registers its URL name for it
when it starts (``ScoringConfig.ready``). A template asks for one as it would ``{% url %}``:
``{% load night_links %}{% night_link 'finish' tournament.pk %}``.
"""

from django.urls import NoReverseMatch, reverse

from sitewide.registry import Registry

#: The links this app's pages show, and what their URL takes.
NIGHT_LINKS = {
    "board": "the hall's board of a tournament (its board_token)",
    "finish": "finishing the tournament (its pk)",
    "reopen": "reopening the finished tournament (its pk)",
    "table_sheet": "a table's score sheet for the organiser (the tournament's pk, the table's)",
    "table_end": "ending a table early (the tournament's pk, the table's)",
    "table_resume": "resuming a table ended early (the tournament's pk, the table's)",
    "series_end": "ending every table of a series still playing (the tournament's pk, the series)",
}


def _shown(name: str, url_name: str) -> None:
    if name not in NIGHT_LINKS:
        raise ValueError(f"No page shows the night link {name!r}.")


_url_names = Registry[str, str]("the night links", check=_shown)


def register(**url_names: str) -> None:
    """Say which URL name each link opens: ``register(finish="scoring:finish")``; none of
    them when one is refused.

    :raises ValueError: a link that none of this app's pages shows, or one that opens
        another page already.
    """
    _url_names.update(url_names.items())


def night_link(name: str, *args: object) -> str:
    """The URL of the link ``name``, made by ``reverse`` from ``args``.

    :raises NoReverseMatch: no app registered the link (as for an unknown URL name).
    """
    if name not in _url_names:
        raise NoReverseMatch(f"No app registered the night link {name!r}.")
    return reverse(_url_names[name], args=args)
