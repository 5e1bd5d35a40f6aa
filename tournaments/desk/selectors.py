"""Registration and check-in: who is registered, who can be, who is present."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet

from tournaments.models import Player, Registration, Tournament
from tournaments.players.selectors import DIRECTORY_ORDER, by_family_name, player_directory


def registrations(*, tournament: Tournament) -> QuerySet[Registration]:
    """Every registration with its player, by name; withdrawn ones last. A retired player is
    left out unless he is here (checked in): retired during the night, he is not coming."""
    return (
        Registration.objects.filter(tournament=tournament)
        .exclude(player__retired_at__isnull=False, checked_in_at__isnull=True)
        .select_related("player")
        .order_by(F("withdrawn_at").asc(nulls_first=True), *by_family_name("player__"))
    )


def registrations_of_players(
    *, tournament: Tournament, players: list[Player]
) -> dict[int, Registration]:
    """The tournament's registrations (not withdrawn) of these players, by player id."""
    found = Registration.objects.filter(
        tournament=tournament, player__in=players, withdrawn_at__isnull=True
    )
    return {registration.player_id: registration for registration in found}


#: Players the night page lists to tap through; a longer directory is narrowed by typing.
DESK_LIST_SIZE = 40


def players_to_register(
    *, tournament: Tournament, query: str = "", limit: int = DESK_LIST_SIZE
) -> list[Player]:
    """Directory players (not retired) not registered for the tournament (or withdrawn:
    ``withdrawn``, to register again), by name, at most
    ``limit``; with a query, those whose name or club contains every word, folded as in the
    directory ("mueller" finds "Müller"). One query, two with a query (the clubs)."""
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    withdrawn = Registration.objects.filter(
        tournament=tournament, player=OuterRef("pk"), withdrawn_at__isnull=False
    )
    players = (
        player_directory(query=query)
        .exclude(pk__in=registered.values("player_id"))
        .annotate(withdrawn=Exists(withdrawn))  # offered to register again, and said so
    )
    return list(players[:limit])


@dataclass(frozen=True)
class PreviousNight:
    """ "Die Spieler vom letzten Mal": the tournament before, and those of its players who
    played (checked in), are not registered for this one yet and are not retired."""

    tournament: Tournament
    players: list[Player]


def previous_night(*, tournament: Tournament) -> PreviousNight | None:
    """The latest earlier tournament that had players checked in, with those of them to
    register now; None when there is none or all of them are registered (two queries)."""
    played = Registration.objects.filter(checked_in_at__isnull=False, withdrawn_at__isnull=True)
    earlier = (
        Tournament.objects.filter(
            Q(date__lt=tournament.date) | Q(date=tournament.date, pk__lt=tournament.pk),
            importing=False,
        )
        .filter(Exists(played.filter(tournament=OuterRef("pk"))))
        .order_by("-date", "-pk")
        .first()
    )
    if earlier is None:
        return None
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    players = list(
        Player.objects.filter(
            pk__in=played.filter(tournament=earlier).values("player_id"), retired_at__isnull=True
        )
        .exclude(pk__in=registered.values("player_id"))
        .order_by(*DIRECTORY_ORDER)
    )
    return PreviousNight(earlier, players) if players else None


@dataclass(frozen=True)
class CheckInCount:
    registered: int
    present: int


def check_in_count(*, tournament: Tournament) -> CheckInCount:
    """Players registered (not withdrawn) and checked in: one query."""
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    counts = registered.aggregate(
        registered=Count("pk"), present=Count("pk", filter=Q(checked_in_at__isnull=False))
    )
    return CheckInCount(counts["registered"], counts["present"])


def players_offered(*, tournament: Tournament, ids: list[int]) -> list[Player]:
    """Of these players (say those of a list just imported), the ones not registered for the
    tournament nor retired, as in the directory's order: one query."""
    registered = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    return list(
        Player.objects.filter(pk__in=ids, retired_at__isnull=True)
        .exclude(pk__in=registered.values("player_id"))
        .order_by(*DIRECTORY_ORDER)
    )


#: The players of a team (scoring/standings/teams.py ranks teams of as many).
TEAM_SIZE = 4


def team_registrations(tournament: Tournament) -> list[Registration]:
    """Who may play for a team: every registration not withdrawn, by name (one query)."""
    return list(tournament.registrations.filter(withdrawn_at__isnull=True).select_related("player"))


def teams_short_of_four(registrations: list[Registration]) -> list[tuple[str, int]]:
    """The teams named with fewer than four players, with how many they have, by name."""
    counts = Counter(r.team for r in registrations if r.team)
    return sorted(((name, n) for name, n in counts.items() if n < TEAM_SIZE), key=lambda t: t[0])
