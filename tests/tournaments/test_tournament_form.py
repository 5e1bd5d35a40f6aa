"""The tournament's form: what may not change any more is shown read-only, not refused."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def playing() -> Tournament:
    tournament = tournament_draw(tournament=night(present=4, deals_at_four=10), seed=1)
    return services.tournament_start(tournament=tournament)


def tag_of(html: str, field: str) -> str:
    return html[html.index(f'name="{field}"') :].split(">", 1)[0]


def test_the_rules_are_read_only_once_play_has_started(client: Client) -> None:
    tournament = playing()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    html = client.get(url).content.decode()
    assert (
        "Seit Spielbeginn fest: Regeln, Preisturnier (mit Preisen), Mindestgebot, Kontra und "
        "Rekontra, Durch kann gereizt werden, Spiele am Vierertisch, Spiele am Dreiertisch, "
        "Bei Punktgleichheit. "
        "Alles andere lässt sich noch ändern."
    ) in html
    for field in ("rule_set", "prisdorf_min_bid", "deals_at_four", "deals_at_three", "tie_break"):
        assert "disabled" in tag_of(html, field), field
    assert "disabled" not in tag_of(html, "name")
    # A changed rule posted anyway is refused by name, and nothing is saved.
    data = {"name": "Neu", "date": "2026-11-21", "rule_set": "prisdorf",
            "prisdorf_min_bid": 3, "deals_at_four": 5,
            "deals_at_three": 5, "tie_break": "", "entry_fee": "0"}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Mindestgebot, Spiele am Vierertisch" in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.rule_options["min_bid"], tournament.deals_at_four) == (2, 10)
    assert tournament.name != "Neu"


def test_before_play_the_rules_can_change(client: Client) -> None:
    tournament = night(present=4)
    client.force_login(UserFactory(is_staff=True))
    html = client.get(reverse("tournaments:tournament_edit", args=[tournament.pk])).content
    assert " disabled" not in html.decode()


def test_a_finished_tournament_shows_every_field_read_only(client: Client) -> None:
    tournament = services.tournament_finish(tournament=playing())
    client.force_login(UserFactory(is_staff=True))
    html = client.get(reverse("tournaments:tournament_edit", args=[tournament.pk])).content
    page = html.decode()
    assert "Das Turnier ist beendet." in page
    inputs = page.count("<input") + page.count("<select") - page.count('type="hidden"')
    assert page.count(" disabled") == inputs
    assert "Speichern" not in page


def test_the_entry_fee_is_shown_with_a_german_decimal_comma(client: Client) -> None:
    tournament = night(present=4)
    Tournament.objects.filter(pk=tournament.pk).update(entry_fee="10.00")
    client.force_login(UserFactory(is_staff=True))
    html = client.get(reverse("tournaments:tournament_edit", args=[tournament.pk])).content
    tag = tag_of(html.decode(), "entry_fee")
    assert 'value="10,00"' in tag
    assert 'inputmode="decimal"' in tag


@pytest.mark.parametrize("typed", ["10,50", "10.50", "10,5"])
def test_the_entry_fee_is_taken_with_a_comma_or_a_point(client: Client, typed: str) -> None:
    tournament = night(present=4)
    client.force_login(UserFactory(is_staff=True))
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {"name": "Neu", "date": "2026-11-21", "rule_set": "prisdorf",
            "prisdorf_min_bid": 2, "deals_at_four": 5,
            "deals_at_three": 5, "tie_break": "", "entry_fee": typed}  # fmt: skip
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.entry_fee == Decimal("10.50")


@pytest.mark.parametrize("typed", ["10,-", "10,- €", "10.-", "€ 10", "€10", "10 Euro", "10 EUR"])
def test_the_entry_fee_is_taken_as_clubs_write_it(client: Client, typed: str) -> None:
    tournament = night(present=4)
    client.force_login(UserFactory(is_staff=True))
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {"name": "Neu", "date": "2026-11-21", "rule_set": "prisdorf",
            "prisdorf_min_bid": 2, "deals_at_four": 5,
            "deals_at_three": 5, "tie_break": "", "entry_fee": typed}  # fmt: skip
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.entry_fee == Decimal(10)


def test_a_wrong_entry_fee_says_so_and_changes_nothing(client: Client) -> None:
    tournament = night(present=4)
    client.force_login(UserFactory(is_staff=True))
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {"name": "Neu", "date": "2026-11-21", "rule_set": "prisdorf",
            "prisdorf_min_bid": 2, "deals_at_four": 5,
            "deals_at_three": 5, "tie_break": "", "entry_fee": "zehn"}  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Zahl" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.name != "Neu"
