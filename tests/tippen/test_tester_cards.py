"""A Tippen night's table card, the chips' minus sign, a table that takes no more deals on the
phone, and the tables page's link for a player who has to stop: what a tester found."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.services.tables import table_end_early
from tests.printing.pdf_reading import pdf_text
from tests.tippen.helpers import deals_entered, tippen_table
from tests.tournaments.test_grossenaspe_table_card import _cards_text
from tournaments.models import Seat, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _card_lines(tournament: Tournament) -> list[str]:
    """The first card's lines as laid out (a line that wraps after "Tippen" began with "·")."""
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind="table_cards"),
        {"base_url": "http://pf.local"},
    )
    pdf = kinds.kind_named("table_cards").renderer()(job)
    return [line.strip() for line in pdf_text(pdf, page=1, layout=True).splitlines()]


def test_the_table_card_names_the_bete_rule_and_the_maximum_bete() -> None:
    table = tippen_table(4, katira=True, max_bete=9)
    (card,) = _cards_text(table.tournament)
    assert "Tisch 1 Tippen Einsatz 3 · Platz 1 gibt zuerst" in card
    lines = _card_lines(table.tournament)
    assert not [line for line in lines if line.startswith("·")], lines
    assert "Bête: der Pott (Katira) höchste Bête 9" in card


def test_a_grupp_card_says_the_bete_is_the_stake() -> None:
    (card,) = _cards_text(tippen_table(3).tournament)
    assert "Bête: der Einsatz (Grupp)" in card
    assert "höchste Bête" not in card


def test_chips_below_zero_have_a_true_minus_on_every_page(organiser: Client) -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -", "2 1 0")  # seat 2 pays a bête of 3: −3
    tournament = table.tournament
    pages = [
        organiser.get(reverse("pots:standings", args=[tournament.pk])),
        Client().get(reverse("scoring:board", args=[tournament.board_token])),
        Client().get(reverse("scoring:table_entry", args=[table.token])),
    ]
    for response in pages:
        page = response.content.decode()
        assert "−3" in page, response.request["PATH_INFO"]
        assert not re.search(r">\s*-\d", page), response.request["PATH_INFO"]


def test_a_table_ended_early_shows_no_next_stake_or_dealer(client: Client) -> None:
    table = tippen_table(3)
    deals_entered(table, "- - -")
    table_end_early(table=table, reason="Feierabend", user=None)
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert "Im Pott geblieben: 3." in page
    assert "mit dem Einsatz von" not in page
    assert 'class="badge">Geber<' not in page
    assert "total is-dealer" not in page


def test_a_tippen_player_who_has_to_stop_ends_the_table_and_the_link_says_so(
    organiser: Client,
) -> None:
    table = tippen_table(5)
    page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id]))
    text = page.content.decode()
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)
    assert f"{seat.registration.player.name} muss aufhören: Tisch beenden…</a>" in text
    assert "Beim Tippen kann kein Spieler einen Tisch verlassen" in text
    assert "muss aufhören…</a>" not in text
