"""`manage.py demo_night`: a whole night played with random legal games, to look at."""

import datetime
import os
import random
import secrets
import time
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse
from django.utils.translation import gettext as _

from fipsen_rules import RULE_SETS
from scoring.demo import DemoNight, demo_night_play, demo_players
from seasons.demo import demo_season
from tournaments.models import Tournament
from tournaments.rule_choice import FIRST_RULES, playable


class Command(BaseCommand):
    @property
    def help(self) -> str:  # type: ignore[override]
        """German like the output: asked when --help is shown (argparse wants a str, and the
        class is made before a language is active)."""
        return _(
            "Play a demo night: made-up players are registered, checked in and drawn to tables, "
            "and every table plays all its deals with random legal games, each entered and "
            "checked like a real entry. Prints the tournament and the pages to open."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--players",
            type=int,
            help=_("How many (default 13; 12 where tables are of four only)."),
        )
        parser.add_argument("--seed", type=int, help=_("The same seed makes the same night again."))
        parser.add_argument(
            "--deals",
            type=int,
            help=_("Deals per table, for a quick look (default: the rules', e.g. 100 and 120)."),
        )
        parser.add_argument("--name", help=_("The tournament's name."))
        parser.add_argument(
            "--series",
            type=int,
            default=1,
            help=_(
                "How many series (default 1): series 2 drawn seeded by the standings, any later "
                "one by lot avoiding earlier tablemates, each played through."
            ),
        )
        parser.add_argument(
            "--rules",
            default=FIRST_RULES,
            help=_("The rule set, one the app can play: %(rules)s (default %(default)s).")
            % {"rules": ", ".join(playable()), "default": FIRST_RULES},
        )
        parser.add_argument("--season", type=int, help=_("Play N demo nights in one season."))
        parser.add_argument(
            "--card-night",
            action="store_true",
            help=_(
                "Play a whole card night instead: a Preisskat and a Preisfipsen of one "
                "evening, the same players, one desk and one cash box (manage.py "
                "demo_card_night)."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """A night, with ``--season`` N nights in one season, or with ``--card-night`` an
        evening's Preisskat and Preisfipsen (the card night's own command: this app does not
        know card nights)."""
        if options.get("card_night"):
            given = {k: options[k] for k in ("players", "seed", "deals") if options.get(k)}
            call_command("demo_card_night", stdout=self.stdout, **given)
            return None
        if options.get("season"):
            seed = secrets.randbits(32) if options["seed"] is None else options["seed"]
            played = season_played(options["season"], options["players"], seed, options["deals"],
                                   options["rules"])  # fmt: skip
            return self.stdout.write(played)
        return self.night(*args, **options)

    def night(
        self,
        *args: Any,
        players: int | None,
        seed: int | None,
        deals: int | None,
        name: str | None,
        rules: str,
        series: int = 1,
        **options: Any,
    ) -> None:
        seed = secrets.randbits(32) if seed is None else seed
        if players is None:
            players = default_players(rules)
        start = time.perf_counter()
        try:
            night = demo_night_play(
                players=players, seed=seed, deals=deals, name=name, rule_set=rules, series=series
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        seconds = time.perf_counter() - start
        again = _again(players=players, seed=seed, deals=deals, rules=rules, series=series)
        lines = _report(night, seconds=seconds, again=again)
        self.stdout.write("\n".join(lines))


def fours_only(rules: str) -> bool:
    """Does the rule set seat tables of four only (a count of players it seats is a multiple
    of four)?"""
    return rules in RULE_SETS and RULE_SETS[rules]().table_sizes == (4,)


def default_players(rules: str) -> int:
    """A demo night's players: 13, or 12 where the rule set seats tables of four only."""
    return 12 if fours_only(rules) else 13


def season_played(
    nights: int, players: int | None, seed: int, deals: int | None, rules: str
) -> str:
    """N demo nights in one season (seasons/demo.py): a player or two more or fewer a night."""
    if not 1 <= nights <= 60:
        raise CommandError(_("A demo season has 1 to 60 nights."))
    size = players or default_players(rules)
    # One club's people: each night some of them (a player or two more or fewer a night).
    pool = demo_players(random.Random(seed), size + 2)  # noqa: S311 (a demo)

    def play(number: int, date: datetime.date) -> Tournament:
        count = size if fours_only(rules) else size + number % 3 - 1
        people = random.Random(seed + number).sample(pool, count)  # noqa: S311 (a demo)
        return demo_night_play(players=count, seed=seed + number, deals=deals or 12,
                               date=date, rule_set=rules, people=people).tournament  # fmt: skip

    try:
        season = demo_season(nights=nights, play=play)
    except ValidationError as error:
        raise CommandError(" ".join(error.messages)) from error
    url = base_url() + reverse("seasons:standings", args=[season.pk])
    return _("Season %(pk)s, “%(name)s”: %(nights)s nights. Standings: %(url)s") % {
        "pk": season.pk, "name": season.name, "nights": nights, "url": url}  # fmt: skip


def _report(night: DemoNight, *, seconds: float, again: str) -> list[str]:
    """What the command prints: the night made, its pages, and how to make it again."""
    tournament = night.tournament
    base = base_url()
    pages = [
        (_("Progress (organiser): %s"), "scoring:dashboard"),
        (_("Standings (organiser): %s"), "scoring:standings"),
    ]
    made = {
        "name": tournament.name,
        "pk": tournament.pk,
        "players": night.players,
        "tables": tournament.tables.count(),
        "series": night.series,
    }
    return [
        (
            _(
                "Tournament %(pk)s, “%(name)s”: %(players)s players, %(series)s series at "
                "%(tables)s tables in all,"
            )
            if night.series > 1
            else _("Tournament %(pk)s, “%(name)s”: %(players)s players at %(tables)s tables,")
        )
        % made,
        (
            _(
                "%(deals)s deals played and %(passed)s where all passed, entered in "
                "%(seconds).1f s (seed %(seed)s)."
            )
            if night.passed  # a race, or a night where nobody passed, has none to say
            else _("%(deals)s deals played, entered in %(seconds).1f s (seed %(seed)s).")
        )
        % {"deals": night.deals, "passed": night.passed, "seconds": seconds, "seed": night.seed},
        "",
        *(text % (base + reverse(route, args=[tournament.pk])) for text, route in pages),
        _("Board for the projector: %s")
        % (base + reverse("scoring:board", args=[tournament.board_token])),
        "",
        _("The same night again: %(command)s") % {"command": again},
    ]


def _again(*, players: int, seed: int, deals: int | None, rules: str, series: int = 1) -> str:
    command = f"manage.py demo_night --players {players} --seed {seed}"
    command += "" if deals is None else f" --deals {deals}"
    command += "" if series == 1 else f" --series {series}"
    return command if rules == FIRST_RULES else f"{command} --rules {rules}"


def base_url() -> str:
    """Where the organiser's browser finds the app: PREISFIPSEN_PUBLIC_URL, or `make run`'s."""
    if settings.PUBLIC_URL:
        return str(settings.PUBLIC_URL)
    host = os.environ.get("HOST", "127.0.0.1")
    host = "127.0.0.1" if host in ("", "0.0.0.0") else host  # noqa: S104 (only compared)
    return f"http://{host}:{os.environ.get('PORT', '8000')}"
