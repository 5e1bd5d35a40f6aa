"""A player across nights, for his page: every night he was seated at (its place, its points,
each series' where it had several), the games he declared and won, his highest game, his
average place, and each rule set's kinds of game (:attr:`RulePages.statistics`). Read from the
running totals in a fixed number of queries however many nights: his seats, every seat of
those nights, and one per rule set he played for its kinds."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournaments.models import Player, Seat, Tournament
from tournaments.players.figures import Placed, PlayerFigures, places_of, summed
from tournaments.players.night_figures import BEST, FIGURES
from tournaments.rule_choice import CHOICES
from tournaments.rule_pages import KindCount, pages_of


@dataclass(frozen=True)
class SeriesPlace:
    """His place and points in one series of a night."""

    series: int
    place: int
    shared: bool
    points: int


@dataclass(frozen=True)
class PlayerNight:
    """A night he played: his place among ``players`` as its rule set ranks, his figures
    summed over his seats, and each series' place where the night had several."""

    tournament: Tournament
    place: int
    shared: bool
    players: int
    figures: PlayerFigures
    points_label: StrOrPromise
    series: tuple[SeriesPlace, ...] = ()


@dataclass(frozen=True)
class RuleSetKinds:
    """A rule set's kinds of game he played (its label, the counts)."""

    label: StrOrPromise
    kinds: Sequence[KindCount]


@dataclass(frozen=True)
class PlayerPage:
    """Everything his page shows; ``best_night`` is where he played ``best``."""

    player: Player
    nights: list[PlayerNight]
    kinds: list[RuleSetKinds]
    declared: int = 0
    won: int = 0
    best: int | None = None
    best_night: Tournament | None = None
    average_place: float | None = None


#: A night's seats by its pk: (series, player pk, that seat's figures).
SeatRows = dict[int, list[tuple[int, int, PlayerFigures]]]


def _seat_rows(tournaments: Iterable[int]) -> SeatRows:
    """Every seat of the nights with its running figures (nothing before its table's first
    deal). One query."""
    rows = Seat.objects.filter(table__tournament__in=list(tournaments)).values_list(
        "table__tournament_id",
        "series",
        "registration__player_id",
        *(f"total__{figure}" for figure in FIGURES),
    )
    found: SeatRows = defaultdict(list)
    for tournament_id, series, player_id, *values in rows:
        seat = PlayerFigures(player_id, **{f: v or 0 for f, v in zip(FIGURES, values, strict=True)})
        found[tournament_id].append((series, player_id, replace(seat, best=values[BEST])))
    return found


def _ranked(tournament: Tournament, figures: dict[int, list[PlayerFigures]]) -> list[Placed]:
    return pages_of(tournament).rank(
        tournament, [summed(key, seats) for key, seats in figures.items()]
    )


def _points_label(tournament: Tournament) -> StrOrPromise:
    own = pages_of(tournament).own
    return _("Points") if own is None else own.points_label


def _night(tournament: Tournament, player_pk: int, rows: SeatRows) -> PlayerNight | None:
    """His night: placed over all its series, and in each where it had several."""
    everyone: dict[int, list[PlayerFigures]] = defaultdict(list)
    by_series: dict[int, dict[int, list[PlayerFigures]]] = defaultdict(lambda: defaultdict(list))
    for series, player_id, seat in rows[tournament.pk]:
        everyone[player_id].append(seat)
        by_series[series][player_id].append(seat)
    placed = places_of(_ranked(tournament, everyone)).get(player_pk)
    if placed is None:
        return None
    series_places = []
    if len(by_series) > 1:
        for series in sorted(by_series):
            his = places_of(_ranked(tournament, by_series[series])).get(player_pk)
            if his is not None:
                series_places.append(SeriesPlace(series, his.place, his.shared, his.figures.points))
    return PlayerNight(
        tournament,
        placed.place,
        placed.shared,
        len(everyone),
        placed.figures,
        _points_label(tournament),
        tuple(series_places),
    )


def _kinds(seats: Sequence[Seat]) -> list[RuleSetKinds]:
    """Each rule set's kinds of game at his seats: one query a rule set (in the order of the
    rule sets offered)."""
    by_rules: dict[str, list[Seat]] = defaultdict(list)
    for seat in seats:
        by_rules[seat.table.tournament.rule_set].append(seat)
    found = []
    for name in sorted(by_rules, key=lambda n: list(CHOICES).index(n) if n in CHOICES else 99):
        own = by_rules[name]
        counts = pages_of(own[0].table.tournament).statistics([seat.pk for seat in own])
        if counts:
            label = CHOICES[name].label if name in CHOICES else name
            found.append(RuleSetKinds(label, counts))
    return found


def _summary(page: PlayerPage) -> PlayerPage:
    """The page with his games declared and won, highest game and average place."""
    nights = page.nights
    bests = [(n.figures.best, n.tournament) for n in nights if n.figures.best is not None]
    best, best_night = max(bests, key=lambda found: found[0]) if bests else (None, None)
    average = sum(n.place for n in nights) / len(nights) if nights else None
    return replace(
        page,
        declared=sum(n.figures.declared for n in nights),
        won=sum(n.figures.won for n in nights),
        best=best,
        best_night=best_night,
        average_place=average,
    )


def player_page(*, player: Player) -> PlayerPage:
    """The player's nights (newest first), kinds of game and figures; three queries and one
    a rule set he played, however many nights."""
    seats = list(
        Seat.objects.filter(registration__player=player)
        .select_related("table__tournament")
        .order_by("-table__tournament__date", "-table__tournament_id", "series")
    )
    tournaments: dict[int, Tournament] = {}
    for seat in seats:
        tournaments.setdefault(seat.table.tournament_id, seat.table.tournament)
    rows = _seat_rows(tournaments)
    nights = [_night(tournament, player.pk, rows) for tournament in tournaments.values()]
    found = [night for night in nights if night is not None]
    return _summary(PlayerPage(player, found, _kinds(seats)))
