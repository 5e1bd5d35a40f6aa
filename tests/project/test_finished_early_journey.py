"""Issue 21: after a night finished early the home said "✓ erledigt: 14 von 460 Spielen
gespielt", as if play had been done. It now says that the night was finished early."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.night.journey import NightFigures, StepKey, night_steps
from tests.factories import UserFactory
from tests.scoring.helpers import playing_table
from tournaments import services


def play_label(figures: NightFigures) -> str:
    with translation.override("de"):
        return next(step.label for step in night_steps(figures) if step.key == StepKey.PLAY)


def test_a_night_finished_early_says_so() -> None:
    figures = NightFigures("finished", deals_played=14, deals_total=460, deals_planned=460)
    assert play_label(figures) == "Vorzeitig beendet nach 14 von 460 Spielen"


def test_a_night_finished_early_with_tables_ended_says_both() -> None:
    figures = NightFigures(
        "finished", deals_played=14, deals_total=14, deals_planned=460, tables_ended_early=2
    )
    assert play_label(figures) == (
        "Vorzeitig beendet nach 14 von 460 Spielen · 2 Tische vorzeitig beendet"
    )


def test_a_night_played_to_the_end_or_still_playing_keeps_its_count() -> None:
    done = NightFigures("finished", deals_played=460, deals_total=460, deals_planned=460)
    assert play_label(done) == "460 von 460 Spielen gespielt"
    playing = NightFigures("playing", deals_played=14, deals_total=460, deals_planned=460)
    assert play_label(playing) == "14 von 460 Spielen gespielt"


@pytest.mark.django_db
def test_the_home_of_a_night_finished_early(client: Client, german: None) -> None:
    table = playing_table(deals=3)
    tournament = services.tournament_finish(tournament=table.tournament)
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    html = client.get(reverse("night:home", args=[tournament.pk])).content.decode()
    assert "0 von 3 Spielen gespielt" not in html
    assert "Vorzeitig beendet nach 0 von 3 Spielen" in html
