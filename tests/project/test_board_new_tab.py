"""Issue 21: the navigation's "Anzeige" opened the board (for the projector, no navigation of
its own) in the organiser's own tab, with no way back to the night. It opens in a new tab,
and says so."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.night_helpers import night

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


@pytest.mark.parametrize("page", ["night:home", "tournaments:night", "scoring:standings"])
def test_the_board_opens_in_a_new_tab(organiser: Client, page: str) -> None:
    tournament = night(present=4)
    html = organiser.get(reverse(page, args=[tournament.pk])).content.decode()
    board = reverse("scoring:board", args=[tournament.board_token])
    link = re.search(rf'<a href="{re.escape(board)}"([^>]*)>(.*?)</a>', html, re.S)
    assert link, "the board is in the navigation"
    assert 'target="_blank"' in link.group(1)
    assert 'rel="noopener"' in link.group(1)
    assert "neuen Tab" in link.group(2)  # said, for whoever cannot see where it opened
