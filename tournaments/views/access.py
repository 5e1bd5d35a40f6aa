"""Who may see what: the organiser pages need a staff login (the table links do not)."""

from django.http import Http404, QueryDict

# The organiser's check and the "back" paths are project-wide (printing's pages use them too).
from sitewide.access import organiser_required, same_site_path
from tournaments.text import clean_text

__all__ = ["id_or_404", "organiser_required", "same_site_path", "search_query"]

#: The longest search that makes sense: a name (the longest is 100 characters) and a little.
MAX_QUERY = 120


def search_query(data: QueryDict) -> str:
    """The search box's ``q`` (of ``request.GET`` or ``request.POST``), cleaned of control
    characters (a NUL breaks PostgreSQL's query) and cut to a sensible length."""
    return clean_text(data.get("q", "")).strip()[:MAX_QUERY]


def id_or_404(value: object) -> int:
    """A row's id sent in a form field: a positive number within the database's integers,
    or the page is not found (as for an unknown id)."""
    text = str(value or "")
    if not (text.isascii() and text.isdecimal() and 0 < int(text) < 2**31):
        raise Http404
    return int(text)
