"""The tournament's "Regeln" tab shows the rules, with "Ändern" while they can change; the
tie-break is fixed from Spielbeginn like the other rules; a read-only rule posted anyway is
refused by name and nothing is saved (the walk found it ignored with "Gespeichert.")."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.draw.services import tournament_draw
from tournaments.models import TieBreak, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def playing() -> Tournament:
    tournament = tournament_draw(tournament=night(present=4, deals_at_four=10), seed=1)
    return services.tournament_start(tournament=tournament)


def test_the_rules_tab_shows_the_rules_with_a_change_button(organiser: Client) -> None:
    tournament = playing()
    rules = reverse("tournaments:tournament_rules", args=[tournament.pk])
    edit = reverse("tournaments:tournament_edit", args=[tournament.pk])
    tables = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert f'href="{rules}">Regeln</a>' in tables

    page = organiser.get(rules).content.decode()

    assert "<form" not in page.split("<main", 1)[-1], "a page to read, not the form"
    for line in tournament.rules_summary:
        assert line in page
    assert "Spiele am Vierertisch" in page
    assert "<dd>10</dd>" in page
    assert "Bei Punktgleichheit" in page
    assert str(TieBreak(tournament.tie_break).label) in page
    assert "Die Regeln stehen seit Spielbeginn fest" in page
    assert f'href="{edit}">Ändern</a>' in page


def test_a_finished_tournament_has_no_change_button(organiser: Client) -> None:
    tournament = services.tournament_finish(tournament=playing())
    page = organiser.get(reverse("tournaments:tournament_rules", args=[tournament.pk]))
    assert "Das Turnier ist beendet." in page.content.decode()
    assert ">Ändern</a>" not in page.content.decode()


def test_the_tie_break_is_fixed_from_the_start_of_play(organiser: Client) -> None:
    tournament = playing()
    with pytest.raises(ValidationError) as refused:
        services.tournament_update(tournament=tournament, tie_break=TieBreak.SHARED)
    assert refused.value.code == "rules_fixed"
    page = organiser.get(reverse("tournaments:tournament_edit", args=[tournament.pk]))
    html = page.content.decode()
    assert "disabled" in html[html.index('name="tie_break"') :].split(">", 1)[0]


def test_before_play_the_tie_break_can_change() -> None:
    tournament = night(present=4)
    services.tournament_update(tournament=tournament, tie_break=TieBreak.SHARED)
    tournament.refresh_from_db()
    assert tournament.tie_break == TieBreak.SHARED


def test_a_read_only_rule_posted_anyway_is_refused_by_name_and_nothing_saved(
    organiser: Client,
) -> None:
    tournament = playing()
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {"name": "Neu", "date": "2026-11-21", "deals_at_four": 5, "tie_break": "",
            "entry_fee": "0", "deals_at_three": tournament.deals_at_three}  # fmt: skip

    response = organiser.post(url, data)

    assert response.status_code == 200
    page = response.content.decode()
    assert "Nichts wurde gespeichert. Nicht mehr zu ändern ist: " in page
    assert "Spiele am Vierertisch" in page.split("Nicht mehr zu ändern ist: ", 1)[1][:200]
    assert "Gespeichert." not in page
    tournament.refresh_from_db()
    assert tournament.name != "Neu", "nothing saved, not even the allowed change"
    assert tournament.deals_at_four == 10


def test_a_read_only_rule_sent_unchanged_is_no_change(organiser: Client) -> None:
    tournament = playing()
    url = reverse("tournaments:tournament_edit", args=[tournament.pk])
    data = {"name": "Neu", "date": "2026-11-21", "deals_at_four": "10",
            "tie_break": tournament.tie_break, "entry_fee": "0"}  # fmt: skip
    assert organiser.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Neu"
