"""The walk's small findings: a save with nothing tapped says what is missing; a Mecklenburg
rules page says which of its two buttons changes what; after a table's last deal no dealer or
Vorhand is marked (no deal follows)."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.helpers import enter, meck_night, playing_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db

NOTHING = "Noch nichts angetippt: bitte antippen, wer gespielt hat und was gespielt wurde."


def _save(table: Table, **taps: str) -> str:
    client = Client()
    url = reverse("scoring:table_entry", args=[table.token])
    page = client.get(url).content.decode()
    data = dict(taps)
    for name in ("sequence", "submission"):
        data[name] = re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    return html.unescape(" ".join(client.post(url, data).content.decode().split()))


@pytest.mark.parametrize("rule_set", ["prisdorf", "ansegger", "duttfips"])
def test_a_save_with_nothing_tapped_says_both_what_is_missing(rule_set: str) -> None:
    if rule_set == "prisdorf":
        table = playing_table()
    else:
        table = Table.objects.get(tournament=meck_night(rule_set))
    assert NOTHING in _save(table)
    assert not table.deal_set.exists()


def test_a_save_with_the_player_tapped_asks_for_the_game_only() -> None:
    text = _save(playing_table(), declarer="0")
    assert "Bitte das Spiel antippen." in text
    assert NOTHING not in text


def test_the_rules_page_of_a_mecklenburg_night_names_its_two_buttons() -> None:
    tournament = meck_night("ansegger")
    tournament.state = "drawn"
    tournament.save(update_fields=["state"])
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("tournaments:tournament_rules", args=[tournament.pk]))
    text = " ".join(page.content.decode().split())
    assert ">Regeln ändern</a>" in text
    assert ">Punktetabelle ändern</a>" in text
    assert ">Ändern</a>" not in text


def test_no_dealer_or_vorhand_is_marked_after_the_last_deal() -> None:
    table = playing_table(deals=2)
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert page.count('class="badge"') == 2  # the first deal's dealer and Vorhand
    enter(table, 0, "2 gewonnen")
    enter(table, 1, "2 gewonnen")
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert "Alle Spiele sind gespielt." in page
    assert 'class="badge"' not in page
    assert "total is-dealer" not in page
