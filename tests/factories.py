import datetime

import factory
from django.contrib.auth import get_user_model

from tournaments.players.names import player_name_key

#: The password every UserFactory user has, unless given.
PASSWORD = "Herz-Dame-im-Skat-7"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"spieler{n}")
    password = factory.django.Password(PASSWORD)


# The player directory and tournaments


class PlayerFactory(factory.django.DjangoModelFactory):
    """A player of the directory, with the folded name the services would give him."""

    class Meta:
        model = "tournaments.Player"

    name = factory.Sequence(lambda n: f"Spieler {n:03d}")
    club = "Skatclub Prisdorf"
    name_key = factory.LazyAttribute(lambda player: player_name_key(player.name))


class TournamentFactory(factory.django.DjangoModelFactory):
    """A tournament open for registration, with the default rules."""

    class Meta:
        model = "tournaments.Tournament"

    name = factory.Sequence(lambda n: f"Preisfipsen {n}")
    date = datetime.date(2026, 11, 21)
    place = "Prisdorf"
