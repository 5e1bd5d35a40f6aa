"""A table ended early can play on again while the tournament is not finished ("Tisch wieder
aufnehmen", confirmed, kept in the history); ending one says so, and warns in words when the
table has not played a deal yet."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from tests.factories import UserFactory
from tests.scoring.test_closing import CONFIRMED, play, playing_night, table
from tournaments import services as tournament_services
from tournaments.models import Table, Tournament, TournamentEvent

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


@pytest.fixture
def user() -> object:
    return UserFactory(is_staff=True, username="leitung")


@pytest.fixture
def organiser(client: Client, user: object) -> Client:
    client.force_login(user)  # type: ignore[arg-type]
    return client


@pytest.fixture
def ended_night() -> Tournament:
    """Table 2 ended early after 2 of its 5 deals."""
    tournament = playing_night()
    play(table(tournament, 2), 2)
    services.table_end_early(table=table(tournament, 2), reason="Zeit", user=None)
    return tournament


def resume_url(tournament: Tournament, number: int) -> str:
    return reverse("scoring:table_resume", args=[tournament.pk, table(tournament, number).pk])


def test_a_resumed_table_plays_on_with_its_deals_and_the_history_says_who(
    ended_night: Tournament, user: object
) -> None:
    resumed = services.table_resume(table=table(ended_night, 2), user=user)  # type: ignore[arg-type]

    assert not resumed.ended_early
    assert resumed.ended_early_reason == ""
    assert selectors.deals_played(table=resumed) == 2
    assert selectors.next_deal(table=resumed).number == 3
    play(table(ended_night, 2), 1)  # it takes deals again
    assert selectors.deals_played(table=resumed) == 3
    event = TournamentEvent.objects.get(kind=TournamentEvent.Kind.TABLE_RESUMED)
    assert (event.table_number, event.deals_played, event.user) == (2, 2, user)


def test_a_table_not_ended_cannot_be_resumed(ended_night: Tournament) -> None:
    with pytest.raises(ValidationError) as refused:
        services.table_resume(table=table(ended_night, 1), user=None)
    assert refused.value.code == "table_not_ended"


def test_after_the_finish_a_table_is_not_resumed(ended_night: Tournament) -> None:
    tournament_services.tournament_finish(tournament=ended_night)
    with pytest.raises(ValidationError) as refused:
        services.table_resume(table=table(ended_night, 2), user=None)
    assert refused.value.code == "locked"
    assert Table.objects.get(tournament=ended_night, number=2).ended_early
    assert not TournamentEvent.objects.filter(kind=TournamentEvent.Kind.TABLE_RESUMED).exists()


def test_the_tables_page_offers_resuming_only_the_ended_table(
    organiser: Client, ended_night: Tournament
) -> None:
    page = organiser.get(reverse("tournaments:tables", args=[ended_night.pk])).content.decode()
    assert "Tisch wieder aufnehmen" in page
    assert resume_url(ended_night, 2) in page
    assert resume_url(ended_night, 1) not in page


def test_resuming_asks_first_then_resumes_and_the_history_shows_it(
    organiser: Client, ended_night: Tournament
) -> None:
    url = resume_url(ended_night, 2)
    page = organiser.get(url).content.decode()
    assert "Tisch 2 wieder aufnehmen?" in page
    assert "Tisch 2 spielt weiter ab Spiel 3 von 5." in page

    organiser.post(url)  # without the confirm field: nothing happens
    assert Table.objects.get(tournament=ended_night, number=2).ended_early

    response = organiser.post(url, CONFIRMED)
    assert response.status_code == 302
    assert not Table.objects.get(tournament=ended_night, number=2).ended_early
    history = organiser.get(reverse("night:history", args=[ended_night.pk])).content.decode()
    assert "Tisch wieder aufgenommen" in history
    assert "leitung" in history


def test_the_end_page_says_the_table_can_be_resumed(organiser: Client) -> None:
    tournament = playing_night()
    play(table(tournament, 2), 1)
    page = organiser.get(
        reverse("scoring:table_end", args=[tournament.pk, table(tournament, 2).pk])
    ).content.decode()
    assert "Tisch wieder aufnehmen" in page
    assert "noch kein einziges Spiel" not in page


def test_ending_a_table_after_no_deal_warns_in_words(organiser: Client) -> None:
    tournament = playing_night()
    page = organiser.get(
        reverse("scoring:table_end", args=[tournament.pk, table(tournament, 2).pk])
    ).content.decode()
    assert "Tisch 2 hat noch kein einziges Spiel gespielt" in page
