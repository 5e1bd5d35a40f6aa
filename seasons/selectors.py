"""What the season's pages read: its standings (a column a night), the seasons of a player, the
list, the nights that may join. Each in a fixed number of queries however many nights: the
nights' places come from the running totals in one query (:func:`tournaments.players.night_figures.
ranked_nights`), ranked as each night's rule set ranks."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, QuerySet

from seasons import standings as arithmetic
from seasons.models import Season, SeasonNight
from seasons.standings import Result, Row, Standings
from tournaments.models import Player, Seat, Tournament
from tournaments.players.night_figures import ranked_nights


@dataclass(frozen=True)
class SeasonTable:
    """A season's standings as its pages show them: the nights (columns), the rows with the
    players by pk, whether its rules are fixed (a night of it has begun)."""

    season: Season
    nights: tuple[Tournament, ...]
    standings: Standings
    players: dict[int, Player]

    @property
    def rules_fixed(self) -> bool:
        return any(night.has_started for night in self.nights)

    @property
    def is_live(self) -> bool:
        """A night of the season is being played: its standings change."""
        return any(night.is_playing for night in self.nights)

    @property
    def unfinished(self) -> list[Tournament]:
        """Its nights not finished yet: what they give may still change."""
        return [night for night in self.nights if not night.is_finished]

    def name(self, row: Row) -> str:
        return self.players[row.player].name

    def named(self, rows: Sequence[Row]) -> list[tuple[str, Row]]:
        """Each row with its player's name, for the pages."""
        return [(self.name(row), row) for row in rows]

    @property
    def ranked(self) -> list[tuple[str, Row]]:
        return self.named(self.standings.ranked)

    @property
    def guests(self) -> list[tuple[str, Row]]:
        return self.named(self.standings.guests)

    @property
    def unranked(self) -> list[tuple[str, Row]]:
        return self.named(self.standings.unranked)

    @property
    def every_row(self) -> tuple[Row, ...]:
        return self.standings.ranked + self.standings.guests + self.standings.unranked


def _tables(seasons: Sequence[Season]) -> dict[int, SeasonTable]:
    """Each season's table, in three queries for any number of seasons and nights."""
    links = list(
        SeasonNight.objects.filter(season__in=seasons)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__pk")
    )
    started = [link.tournament for link in links if link.tournament.has_started]
    ranked = ranked_nights(tournaments=started)
    results = {
        pk: {p.figures.key: Result(p.place, p.figures.points) for p in placed}
        for pk, placed in ranked.items()
    }
    keys = {key for night in results.values() for key in night}
    players = Player.objects.in_bulk(keys) if keys else {}
    guests = frozenset(pk for pk, player in players.items() if player.guest)
    found = {}
    for season in seasons:
        nights = tuple(link.tournament for link in links if link.season_id == season.pk)
        table = arithmetic.standings(
            season.rules(), [results.get(night.pk, {}) for night in nights], guests
        )
        found[season.pk] = SeasonTable(season, nights, table, players)
    return found


def season_table(season: Season) -> SeasonTable:
    """The season's standings: three queries, whatever the number of nights and players."""
    return _tables([season])[season.pk]


def season_by_token(token: str) -> Season | None:
    """The season whose board has this token."""
    return Season.objects.filter(board_token=token).first()


@dataclass(frozen=True)
class PlayerSeason:
    """A player's line in one season: his row (place, total, nights played) and the season's
    count of nights."""

    season: Season
    row: Row
    nights: int
    ranked_apart: bool


def player_seasons(player: Player) -> list[PlayerSeason]:
    """The seasons ``player`` played a night of, newest first, with his line in each: four
    queries whatever the number of seasons and nights."""
    seasons = list(
        Season.objects.filter(nights__tournament__registrations__player=player).distinct()
    )
    tables = _tables(seasons)
    found = []
    for season in seasons:
        table = tables[season.pk]
        for row in table.every_row:
            if row.player == player.pk:
                apart = row in table.standings.guests
                found.append(PlayerSeason(season, row, len(table.nights), apart))
    return found


def _night_as_played(tournament_pks: Sequence[int]) -> dict[int, tuple[object, ...]]:
    """Each night's date and every seat's player and figures, as one comparable value: the
    same night imported twice (under another name) has the same."""
    seats = (
        Seat.objects.filter(table__tournament__in=tournament_pks)
        .order_by("table__series", "table__number", "position")
        .values_list(
            "table__tournament",
            "table__tournament__date",
            "table__series",
            "table__number",
            "position",
            "registration__player",
            "total__points",
            "total__won",
            "total__lost",
        )
    )
    found: dict[int, list[object]] = {}
    for tournament, *seat in seats:
        found.setdefault(tournament, []).append(tuple(seat))
    return {tournament: tuple(seated) for tournament, seated in found.items()}


def season_same_night(*, season: Season, tournament: Tournament) -> Tournament | None:
    """The night of ``season`` that ``tournament`` repeats (of the same day, the same players
    at the same seats with the same figures: a night file imported twice), or None. A night
    not drawn yet repeats none. Two queries."""
    same_day = list(
        Tournament.objects.filter(season_night__season=season, date=tournament.date).exclude(
            pk=tournament.pk
        )
    )
    if not same_day:
        return None
    played = _night_as_played([tournament.pk, *(night.pk for night in same_day)])
    mine = played.get(tournament.pk)
    return next((n for n in same_day if mine and played.get(n.pk) == mine), None)


def seasons_listed() -> QuerySet[Season]:
    """Every season with its count of nights, newest first (one query)."""
    return Season.objects.annotate(night_count=Count("nights"))


def season_of(tournament: Tournament) -> Season | None:
    """The season the night is in (one query), or None."""
    return Season.objects.filter(nights__tournament=tournament).first()


def nights_outside_seasons() -> QuerySet[Tournament]:
    """The nights in no season, newest first: those a season may take in."""
    return Tournament.objects.filter(season_night__isnull=True, importing=False).order_by(
        "-date", "-pk"
    )
