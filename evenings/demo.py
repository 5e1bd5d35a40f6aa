"""A demo card night (``manage.py demo_card_night``, or ``demo_night --card-night``): the same
made-up people play a Preisskat and a Preisfipsen of one evening, each night played through
as ``demo_night`` plays one, both run from one card night's desk and cash box."""

import datetime
import random

from django.db import transaction

from evenings import services
from evenings.models import CardNight
from scoring.demo import DemoNight, demo_night_play, demo_players
from tournaments.rule_choice import FIRST_RULES

#: The evening's games: the Preisskat, then the Preisfipsen.
SKAT, FIPSEN = "preisskat", FIRST_RULES


def card_night_played(
    *, players: int, seed: int, deals: int | None = None, date: datetime.date
) -> tuple[CardNight, tuple[DemoNight, DemoNight]]:
    """The card night and its two demo nights, all or nothing."""
    people = demo_players(random.Random(seed), players)  # noqa: S311 (a demo)
    with transaction.atomic():
        card_night = services.card_night_create(name="Kartenabend (Demo)", date=date,
                                                place="Vereinsheim (Demo)")  # fmt: skip
        games = ((SKAT.capitalize(), SKAT), ("Preisfipsen", FIPSEN))
        nights = tuple(
            demo_night_play(players=players, seed=seed + number, deals=deals, name=name,
                            date=date, rule_set=rules, people=people)
            for number, (name, rules) in enumerate(games)
        )  # fmt: skip
        for night in nights:
            services.card_night_take_in(card_night=card_night, tournament=night.tournament)
    return card_night, (nights[0], nights[1])
