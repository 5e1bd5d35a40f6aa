"""The night as one journey: the tournament's home, its navigation, the start page."""

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from preisfipsen.journey import NightFigures, StepKey, current_step
from scoring.models import Deal
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.models import GeneratedFile, Tournament

pytestmark = pytest.mark.django_db

#: Every organiser page of a tournament, in the navigation's order.
NAV_PAGES = [
    "night:home",
    "tournaments:night",
    "tournaments:tables",
    "scoring:dashboard",
    "scoring:standings",
    "scoring:prizes",
    "scoring:board",
    "night:print",
    "tournaments:tournament_edit",
    "night:history",
]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.current: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
            if found.get("aria-current") == "page":
                self.current.append(str(found["href"]))


def links(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def organiser(client: Client) -> Client:
    client.force_login(UserFactory(is_staff=True))
    return client


def tournament_page(href: str, tournament: Tournament) -> str | None:
    """The view name of a link to a page of this tournament, else None."""
    parts = urlsplit(href)
    if parts.netloc or not parts.path.startswith("/"):
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return None
    return match.view_name if match.kwargs.get("pk") == tournament.pk else None


def test_the_organiser_reaches_every_page_of_the_tournament_within_two_links(
    client: Client,
) -> None:
    tournament = playing_table(deals=10).tournament
    organiser(client)
    start = links(client.get(reverse("tournaments:home")).content.decode()).hrefs
    home = reverse("night:home", args=[tournament.pk])
    assert home in start

    reached: dict[str, int] = {}
    frontier = [home]
    for depth in (1, 2):
        following = []
        for url in frontier:
            response = client.get(url)
            assert response.status_code == 200, url
            for href in links(response.content.decode()).hrefs:
                name = tournament_page(href, tournament)
                if name is not None and name not in reached:
                    reached[name] = depth
                    following.append(href)
        frontier = following

    one_link = sorted(name for name, depth in reached.items() if depth == 1)
    two_links = sorted(name for name, depth in reached.items() if depth == 2)
    assert one_link == sorted(NAV_PAGES)
    assert two_links == ["scoring:organiser_sheet"]


@pytest.mark.parametrize("page", [name for name in NAV_PAGES if name != "scoring:board"])
def test_every_page_links_to_every_other_and_marks_itself(client: Client, page: str) -> None:
    tournament = playing_table(deals=10).tournament
    url = reverse(page, args=[tournament.pk])
    found = links(organiser(client).get(url).content.decode())
    for other in NAV_PAGES:
        assert reverse(other, args=[tournament.pk]) in found.hrefs, other
    assert found.current == [url]


def test_the_board_is_left_out_of_the_navigation_when_switched_off(client: Client) -> None:
    tournament = playing_table(deals=10, board_enabled=False).tournament
    html = organiser(client).get(reverse("night:home", args=[tournament.pk])).content.decode()
    assert reverse("scoring:board", args=[tournament.pk]) not in links(html).hrefs
