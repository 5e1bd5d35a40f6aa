"""The navigation of a night whose rule set has pages of its own (the race, Tippen): its tables
are on its standings, so "Fortschritt" and "Rangliste" led to the same page, and that page
marked no tab (issue 18, a newcomer's finding)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.project.test_night_journey import links
from tests.thedinghausen.helpers import race_night
from tests.tippen.helpers import tippen_night

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "standings"), [("race", "races:standings"), ("tippen", "pots:standings")]
)
def test_one_standings_tab_marked_on_its_page(client: Client, kind: str, standings: str) -> None:
    tournament = race_night(5) if kind == "race" else tippen_night(4)
    client.force_login(UserFactory(is_staff=True))
    url = reverse(standings, args=[tournament.pk])
    page = client.get(url).content.decode()
    start = page.index('<nav class="tournament-nav"')
    nav = page[start : page.index("</nav>", start)]
    assert "Fortschritt" not in nav
    assert nav.count("Rangliste") == 1
    assert links(nav).current == [url]
    # The tables page and the others still mark their own tab.
    tables = reverse("tournaments:tables", args=[tournament.pk])
    assert links(client.get(tables).content.decode()).current == [tables]
