"""The games the app plays, as the web finds them: each game's package (``games/<name>/``)
declares its :class:`Game` in its ``game`` module (``GAMES``), and :func:`discover` registers
them once the apps are ready: offered on the new-tournament form
(:data:`tournaments.rule_choice.CHOICES`) and played with their pages
(:func:`tournaments.rule_pages.pages_of`). This is the one place the web learns its games."""

from dataclasses import dataclass
from importlib import import_module

from django.apps import AppConfig, apps
from django.utils.module_loading import module_has_submodule
from django_stubs_ext import StrOrPromise

from tournaments.rule_choice import CHOICES, Choice, offer, withdraw
from tournaments.rule_pages import RulePages, register, registered, unregister


@dataclass(frozen=True)
class Game:
    """A game as the web plays it: the new-tournament form's choice (its name is the rules
    library's rule set) and its pages. Each game's package declares its own in its ``game``
    module (``GAMES``), found by :func:`discover`."""

    choice: Choice
    pages: RulePages

    @property
    def name(self) -> str:
        return self.choice.name


def register_game(game: Game) -> None:
    """Offer ``game`` to the organiser and play it with its pages; all or nothing: pages
    refused leave the game not offered either.

    :raises ValueError: as :func:`tournaments.rule_choice.offer` and :func:`register`.
    """
    offer(game.choice)
    try:
        register(game.name, game.pages)
    except ValueError:
        withdraw(game.name)
        raise


def withdraw_game(name: str) -> None:
    """No longer offer or play game ``name`` (a test's, when it is done)."""
    unregister(name)
    withdraw(name)


#: The module of an app that declares its games (``GAMES``, a tuple of :class:`Game`).
GAME_MODULE = "game"


def _game_apps() -> list[AppConfig]:
    """The installed apps that declare games (a :data:`GAME_MODULE`), in the order of
    ``INSTALLED_APPS``."""
    return [
        config
        for config in apps.get_app_configs()
        if config.module is not None and module_has_submodule(config.module, GAME_MODULE)
    ]


def game_urls() -> list[str]:
    """The URL modules of the installed games that have pages of their own (``urls``)."""
    return [
        f"{config.name}.urls"
        for config in _game_apps()
        if module_has_submodule(config.module, "urls")
    ]


def discover() -> None:
    """Register the games of every installed app that has a :data:`GAME_MODULE`, in the order
    of ``INSTALLED_APPS`` (the order the form offers them): the one place the web finds its
    games. Called once the apps are ready."""
    for config in _game_apps():
        for game in import_module(f"{config.name}.{GAME_MODULE}").GAMES:
            register_game(game)


def games_with_paper_sheets() -> list[StrOrPromise]:
    """The names of the games whose paper sheets can be typed in, in the order offered."""
    return [CHOICES[name].label for name, pages in registered().items() if pages.paper_help]
