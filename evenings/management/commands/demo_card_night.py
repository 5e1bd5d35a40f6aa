"""`manage.py demo_card_night` (also `demo_night --card-night`): a whole card night to look at,
a Preisskat and a Preisfipsen of one evening played by the same people, one desk, one cash box."""

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from evenings.demo import card_night_played
from scoring.management.commands.demo_night import base_url


class Command(BaseCommand):
    @property
    def help(self) -> str:  # type: ignore[override]
        return _(
            "Play a demo card night: the same made-up players play a Preisskat and a "
            "Preisfipsen of one evening, run from one desk and one cash box."
        )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=12, help=_("How many (default 12)."))
        parser.add_argument("--seed", type=int, help=_("The same seed makes the same night again."))
        parser.add_argument("--deals", type=int, help=_("Deals per table, for a quick look."))

    def handle(self, *args: Any, **options: Any) -> None:
        seed = secrets.randbits(32) if options.get("seed") is None else options["seed"]
        try:
            card_night, nights = card_night_played(
                players=options["players"], seed=seed, deals=options.get("deals"),
                date=timezone.localdate(),
            )  # fmt: skip
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        desk, cash = (base_url() + reverse(f"evenings:{page}", args=[card_night.pk])
                      for page in ("desk", "cash"))  # fmt: skip
        lines = [
            _("Card night “%(name)s”: %(games)s, %(players)s players each (seed %(seed)s).")
            % {"name": card_night.name, "players": options["players"], "seed": seed,
               "games": ", ".join(night.tournament.name for night in nights)},
            _("The evening's desk: %s") % desk,
            _("The evening's cash box: %s") % cash,
        ]  # fmt: skip
        self.stdout.write("\n".join(lines))
