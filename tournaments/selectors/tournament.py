"""The tournaments: the list, tonight's, the history of one."""

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from tournaments.models import Tournament, TournamentEvent


def tournament_history(*, tournament: Tournament) -> QuerySet[TournamentEvent]:
    """The tournament's history (finished, reopened, tables ended early, new links), the newest
    first, with who did it (one query)."""
    return (
        TournamentEvent.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("-created_at", "-pk")
    )


def tournament_list() -> QuerySet[Tournament]:
    """Every tournament, the latest first, with its count of checked-in players (not one
    still being imported)."""
    present = Q(
        registrations__checked_in_at__isnull=False, registrations__withdrawn_at__isnull=True
    )
    return (
        Tournament.objects.filter(importing=False)
        .annotate(present=Count("registrations", filter=present))
        .order_by("-date", "-pk")
    )


def tournaments_on_board_today() -> QuerySet[Tournament]:
    """Tonight's tournaments in play (or finished today and keeping the final ranking) whose
    board in the hall is on: the start page shows players the way to it."""
    return Tournament.objects.filter(
        Q(state=Tournament.State.PLAYING)
        | Q(state=Tournament.State.FINISHED, board_after_finish=True),
        date=timezone.localdate(),
        board_enabled=True,
        importing=False,
    ).order_by("name", "pk")


def tournaments_current_first() -> list[Tournament]:
    """Every tournament for the start page: the one in play first, else the latest not
    finished; then the rest, latest first (one query)."""
    tournaments = list(tournament_list())
    current = next((t for t in tournaments if t.is_playing), None)
    if current is None:
        current = next((t for t in tournaments if not t.is_finished), None)
    if current is None:
        return tournaments
    return [current, *(t for t in tournaments if t.pk != current.pk)]
