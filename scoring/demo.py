"""A demo night: made-up players, and random legal games in realistic proportions.

``manage.py demo_night`` plays a whole night through the services (``demo_night_play``), so
that a newcomer sees every page filled and every deal checked and logged like a real entry;
the benchmarks take the players and the games from here too. Everything comes from one
``random.Random``: the same seed makes the same night.

The names are common North German first names and surnames put together at random, the clubs
are invented: no real people, no real clubs.
"""

import datetime
import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import accumulate
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import (
    Game,
)
from scoring import selectors, services
from scoring.demo_series import series_played
from scoring.standings import ranking
from scoring.standings.services import prizes_set, prizes_split_fees
from tournaments import services as tournament_services
from tournaments.club_points import POINTS, example_points, is_club_table_rules, points_checked
from tournaments.desk.services import registration_add
from tournaments.draw.selectors import split_summary
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Player, Table, Tournament
from tournaments.players.names import player_name_key
from tournaments.players.services import player_create
from tournaments.rule_choice import FIRST_RULES, require_playable, rules_of
from tournaments.rule_pages import registered
from tournaments.rule_readers import default_tie_break

FIRST_NAMES = (
    "Hans", "Jürgen", "Gisela", "Ursula", "Karl-Heinz", "Helga", "Dieter", "Renate",
    "Wolfgang", "Monika", "Uwe", "Brigitte", "Klaus", "Ingrid", "Horst", "Heike", "Günter",
    "Christa", "Manfred", "Erika", "Peter", "Sabine", "Rolf", "Marianne", "Bernd", "Elke",
    "Detlef", "Anke", "Holger", "Birgit", "Jens", "Kerstin", "Sönke", "Telse", "Hauke",
    "Frauke", "Heinrich", "Gesine", "Hinrich", "Wiebke",
)  # fmt: skip
LAST_NAMES = (
    "Möller", "Petersen", "Hansen", "Jensen", "Thießen", "Brandt", "Lüdemann", "Wulf",
    "Kröger", "Behrens", "Timm", "Schröder", "Harms", "Lohse", "Ahrens", "Voß", "Rathjen",
    "Stüben", "Dohrn", "Wichmann", "Gröning", "Butenschön", "Tiedemann", "Offen", "Sievers",
    "Holst", "Mohr", "Junge", "Rehder", "Steffens",
)  # fmt: skip
#: Invented clubs; about one player in six plays for none.
CLUBS = (
    "Fipsclub Herz-Dame 1968",
    "Kartenfreunde Am Mühlenteich",
    "Skatrunde Grüner Krug",
    "Fipsfreunde Moorwiese",
    "Spielgemeinschaft Lindenhof",
    "",
)

#: The most players a demo night seats (every one a different name).
MAX_PLAYERS = 200
#: How often all pass: the deal is dealt again and does not count.
PASSED_SHARE = 0.03
#: The prizes of a demo night: shares of the entry fees for the first places, and two named ones.
ENTRY_FEE = Decimal(10)
FEE_SHARES = (Decimal(40), Decimal(25), Decimal(15))
NAMED_PRIZES = ((4, "Präsentkorb"), (5, "Flasche Sekt"))

_PASSED = Game.passed()
#: A game's declarer chosen by its rules from the seats and the dealer (None: anyone).
Declarer = Callable[[random.Random, Any, Sequence[int], int], int | None]


@dataclass(frozen=True)
class GameDraw:
    """Draws games with their weights from every game a rule set allows."""

    games: tuple[Any, ...]
    cumulative: tuple[float, ...]
    #: All passed, in the rule set's games (None: nobody passes, as in Duttfips).
    passed: Any = _PASSED
    #: Who declares a game where it is not anyone at the table (Duttfips: the Dutt is
    #: Vorhand's, so it needs the dealer); None: anyone.
    declarer: "Declarer | None" = None

    @classmethod
    def weighted(
        cls,
        games: Sequence[Any],
        weight: Callable[[Any], float],
        passed: Any = _PASSED,
        declarer: "Declarer | None" = None,
    ) -> "GameDraw":
        """``games`` drawn as often as ``weight`` says (each game's package weighs its own)."""
        return cls(
            tuple(games), tuple(accumulate(weight(game) for game in games)), passed, declarer
        )

    def deal(
        self, rng: random.Random, seats: Sequence[int], dealer: int | None = None
    ) -> tuple[int | None, Any]:
        """The declarer (one of ``seats``) and the game of one deal, or (None, all passed)."""
        if self.passed is not None and rng.random() < PASSED_SHARE:
            return None, self.passed
        (game,) = rng.choices(self.games, cum_weights=self.cumulative)
        if (
            self.declarer is not None
            and dealer is not None
            and (taker := self.declarer(rng, game, seats, dealer)) is not None
        ):
            return taker, game
        return rng.choice(list(seats)), game


def demo_players(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """``count`` different made-up names, each with a club (or none).

    >>> people = demo_players(random.Random(1), 13)
    >>> len(people), len({name for name, club in people})
    (13, 13)
    """
    if not 0 <= count <= MAX_PLAYERS:
        raise ValueError(f"between 0 and {MAX_PLAYERS} players, not {count}")
    names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    return [(name, rng.choice(CLUBS)) for name in rng.sample(names, count)]


def players_check(count: int, rule_set: str = FIRST_RULES) -> None:
    """A demo night can seat ``count`` players by rule set ``rule_set``.

    :raises ValidationError: 1, 2 or 5 players (or fewer than one, or too many); the rule
        set's own reason (Großenaspe: 3 are Karo Fipsen, 6, 7 and 11 do not fill its tables).
    """
    if count > MAX_PLAYERS:
        raise ValidationError(
            _("A demo night has at most %(max)s players."),
            code="too_many",
            params={"max": MAX_PLAYERS},
        )
    pages = registered().get(rule_set)  # None: refused by require_playable after
    if pages is not None and pages.demo_check is not None:
        pages.demo_check(count)
        return
    options = pages.demo_options(count) if pages and pages.demo_options else None
    summary = split_summary(players=count, rules=rule_set, options=options)
    if not summary.seatable:
        raise ValidationError(summary.message, code="unseatable", params=summary.params)


@dataclass(frozen=True)
class DemoNight:
    tournament: Tournament
    seed: int
    players: int
    #: Deals played (every table's, by its rule set), and entries where all passed.
    deals: int
    passed: int
    series: int = 1


def demo_night_play(
    *,
    players: int,
    seed: int,
    deals: int | None = None,
    name: str | None = None,
    date: datetime.date | None = None,
    rule_set: str = FIRST_RULES,
    series: int = 1,
    people: Sequence[tuple[str, str]] = (),
) -> DemoNight:
    """Make a whole night through the services, in one transaction (all or nothing).

    Players (a made-up name already in the directory with the same club is taken again), a
    tournament, registration and check-in, the draw, the start, every deal of every table
    entered with ``deal_record`` (checked by the rules, logged as the table's entry), and a
    prize list. ``deals`` cuts the deals every table plays (instead of the rule set's).
    ``rule_set`` is one the app can play (:data:`tournaments.rule_choice.CHOICES`).
    ``series``: that many series, each played through; series 2 drawn seeded by the
    standings, any later one by lot avoiding earlier tablemates (:func:`series_played`).
    ``people``: the night's made-up (name, club), else ``players`` drawn (a demo season's
    nights share theirs).

    :raises ValidationError: the players cannot be seated, ``deals`` is below 1 or
        ``series`` out of range.
    """
    require_playable(rule_set)  # first: only a rule set the registry has can seat the players
    players_check(players, rule_set)
    if deals is not None and deals < 1:
        raise ValidationError(_("A table plays at least one deal."), code="deals")
    rng = random.Random(seed)  # noqa: S311 (a demo: reproducibility is the point)
    date = date or timezone.localdate()
    with transaction.atomic():
        tournament = _tournament_started(
            rng,
            players=players,
            deals=deals,
            name=name,
            date=date,
            rule_set=rule_set,
            people=people,
        )
        entries, deals_played = series_played(tournament, rng, series=series)
        prizes_set(
            tournament=tournament,
            prizes=[ranking.Prize(place, name=prize) for place, prize in NAMED_PRIZES],
        )
        prizes_split_fees(tournament=tournament, percentages=list(FEE_SHARES))
    passed = entries - deals_played
    return DemoNight(tournament, seed, players, deals_played, passed, series=series)


def scored_night(
    draw_of: Callable[[Any], GameDraw], rules_of_night: Callable[[Tournament], Any] = rules_of
) -> Callable[[Tournament, random.Random], tuple[int, int]]:
    """How a demo night of a scored rule set plays (its registered
    :attr:`~tournaments.rule_pages.RulePages.demo`): every table's deals drawn by ``draw_of``
    its rules; the entries and the deals played."""

    def play(tournament: Tournament, rng: random.Random) -> tuple[int, int]:
        draw = draw_of(rules_of_night(tournament))
        entries = deals_played = 0
        series = last_series_drawn(tournament=tournament)  # to play now
        tables = Table.objects.filter(tournament=tournament, series=series)
        for table in tables.order_by("number"):
            entries += _play(table, draw, rng)
            deals_played += table.deals
        return entries, deals_played

    return play


def _tournament_started(
    rng: random.Random,
    *,
    players: int,
    deals: int | None,
    name: str | None,
    date: datetime.date,
    rule_set: str,
    people: Sequence[tuple[str, str]] = (),
) -> Tournament:
    """The demo tournament with its made-up players checked in, drawn and started."""
    # None: the rule set's own counts (a Fipsen table's 100 or 120, a Skat list's 48 or 36);
    # and its own tie-break, as the new-tournament form starts with.
    options: dict[str, Any] = {
        "deals_at_four": deals,
        "deals_at_three": deals,
        "tie_break": default_tie_break(rule_set),
    }
    demo_options = registered()[rule_set].demo_options
    if demo_options is not None:
        options["rule_options"] = demo_options(players)
    if is_club_table_rules(rule_set):  # the example table, saved as the demo club's own
        options["rule_options"] = {POINTS: points_checked(rule_set, example_points(rule_set))}
    tournament = tournament_services.tournament_create(
        name=name or gettext("Demo night %(date)s") % {"date": date.strftime("%d.%m.%Y")},
        date=date,
        place=gettext("Club house (demo)"),
        entry_fee=ENTRY_FEE,
        rule_set=rule_set,
        **options,
    )
    for person, club in people or demo_players(rng, players):
        player = _player(person, club)
        # As at the desk: here and paid (the split of the fees shares the money paid).
        registration_add(tournament=tournament, player=player, check_in=True, paid=True)
    tournament_draw(tournament=tournament, seed=rng.getrandbits(63))
    tournament_services.tournament_start(tournament=tournament)
    return tournament


def _player(name: str, club: str) -> Player:
    key = player_name_key(name)
    known = Player.objects.filter(name_key=key, club=club).order_by("pk").first()
    return known or player_create(name=name, club=club)


def _play(table: Table, draw: GameDraw, rng: random.Random) -> int:
    """Enter every deal of the table as its captain would; the count of entries."""
    seats = tuple(seat.position for seat in seats_of(table=table))
    # Where the rule set sits the dealer out, and where the draw's declarer needs the dealer:
    # ask the table who may declare, and who deals.
    sits_out = len(seats) in rules_of(table.tournament).dealer_sits_out_at
    sequence = 0
    while True:
        sequence += 1
        upcoming = selectors.next_deal(table=table) if sits_out or draw.declarer else None
        declarers = upcoming.declarers if upcoming is not None and sits_out else seats
        dealer = upcoming.dealer if upcoming is not None and draw.declarer else None
        declarer, game = draw.deal(rng, declarers, dealer)
        deal = services.deal_record(
            table=table,
            sequence=sequence,
            # Not from ``rng``: the same seed again in the same database makes a second night.
            submission=uuid.uuid4(),
            declarer=declarer,
            game=game,
        )
        if deal.number == table.deals:
            return sequence
