"""Nothing irreversible on one tap (issue 9): drawing, starting, a table's new link, finishing,
reopening and ending a table early each lead to a confirmation page. Its GET and a POST
without the confirm field change nothing; the confirmed POST acts once."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament, TournamentEvent
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db

CONFIRMED = {"confirm": "yes"}


def _registered() -> Tournament:
    return night(present=7)


def _drawn() -> Tournament:
    return tournament_draw(tournament=night(present=7), seed=3)


def _playing() -> Tournament:
    return services.tournament_start(tournament=_drawn())


def _finished() -> Tournament:
    return services.tournament_finish(tournament=_playing())


def _state(tournament: Tournament) -> object:
    """Everything a confirmation could change: the state, the seats' tables and links, the
    tables ended early, the history."""
    tournament.refresh_from_db()
    tables = Table.objects.filter(tournament=tournament).order_by("number")
    return (
        tournament.state,
        tournament.draw_seed,
        [(t.number, t.token, t.ended_early_at) for t in tables],
        TournamentEvent.objects.filter(tournament=tournament).count(),
    )


@dataclass(frozen=True)
class Case:
    """A confirmation page: the night before, its URL, what the confirmed POST sends, the
    title it asks with, and what must hold once it acted."""

    setup: Callable[[], Tournament]
    url: Callable[[Tournament], str]
    title: str
    acted: Callable[[Tournament], bool]
    data: tuple[tuple[str, str], ...] = ()


def _first_table(tournament: Tournament) -> Table:
    return Table.objects.filter(tournament=tournament).order_by("number").first()  # type: ignore[return-value]


CASES = {
    "draw": Case(
        _registered,
        lambda t: reverse("tournaments:draw", args=[t.pk]),
        "Tische auslosen?",
        lambda t: Table.objects.filter(tournament=t).count() == 2,
    ),
    "draw again": Case(
        _drawn,
        lambda t: reverse("tournaments:draw", args=[t.pk]),
        "Tische neu auslosen?",
        lambda t: Tournament.objects.get(pk=t.pk).draw_seed != 3,
    ),
    "start": Case(
        _drawn,
        lambda t: reverse("tournaments:start", args=[t.pk]),
        "Spielbeginn?",
        lambda t: Tournament.objects.get(pk=t.pk).state == Tournament.State.PLAYING,
    ),
    "new link": Case(
        _playing,
        lambda t: reverse("tournaments:reissue_link", args=[t.pk, _first_table(t).pk]),
        "Neuer Link für Tisch 1?",
        lambda t: TournamentEvent.objects.filter(
            kind=TournamentEvent.Kind.LINK_RENEWED, table_number=1
        ).exists(),
    ),
    "finish": Case(
        _playing,
        lambda t: reverse("scoring:finish", args=[t.pk]),
        "Turnier beenden?",
        lambda t: Tournament.objects.get(pk=t.pk).is_finished,
    ),
    "reopen": Case(
        _finished,
        lambda t: reverse("scoring:reopen", args=[t.pk]),
        "Turnier wieder öffnen?",
        lambda t: Tournament.objects.get(pk=t.pk).state == Tournament.State.PLAYING,
    ),
    "end a table": Case(
        _playing,
        lambda t: reverse("scoring:table_end", args=[t.pk, _first_table(t).pk]),
        "Tisch 1 vorzeitig beenden?",
        lambda t: _first_table(t).ended_early,
        data=(("reason", "Die Zeit war um"),),
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_get_shows_the_question_in_the_site_layout_and_changes_nothing(
    organiser: Client, case: Case
) -> None:
    tournament = case.setup()
    before = _state(tournament)
    response = organiser.get(case.url(tournament))
    page = response.content.decode()
    assert response.status_code == 200
    assert f"<h1>{case.title}</h1>" in page
    assert 'class="site-header"' in page  # the site's layout
    assert "Was dann geschieht" in page
    assert 'name="confirm" value="yes"' in page
    assert "Zurück" in page
    assert _state(tournament) == before


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_post_without_the_confirm_field_changes_nothing(organiser: Client, case: Case) -> None:
    tournament = case.setup()
    before = _state(tournament)
    response = organiser.post(case.url(tournament), dict(case.data))
    assert response.status_code == 200  # the question again
    assert case.title in response.content.decode()
    assert _state(tournament) == before
    assert not case.acted(tournament)


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_confirmed_post_acts_and_redirects(organiser: Client, case: Case) -> None:
    tournament = case.setup()
    response = organiser.post(case.url(tournament), {**dict(case.data), **CONFIRMED})
    assert response.status_code == 302
    assert case.acted(tournament)


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_pages_need_the_organiser(client: Client, case: Case) -> None:
    tournament = case.setup()
    before = _state(tournament)
    response = client.post(case.url(tournament), {**dict(case.data), **CONFIRMED})
    assert response.status_code == 302
    assert "login" in response["Location"]
    assert _state(tournament) == before


def test_a_step_not_possible_now_says_why_and_offers_only_back(organiser: Client) -> None:
    tournament = _drawn()
    registration_add(
        tournament=tournament,
        player=player_create(name="Spät Dran"),
        check_in=True,
    )
    url = reverse("tournaments:start", args=[tournament.pk])
    page = organiser.get(url).content.decode()
    assert "erneut auslosen" in page or "neu auslosen" in page
    assert 'name="confirm"' not in page
    organiser.post(url, CONFIRMED)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.DRAWN


def test_drawing_again_says_what_is_replaced(organiser: Client) -> None:
    tournament = _drawn()
    page = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    assert "7 anwesende Spieler werden an die Tische gelost." in page
    assert "1 Vierertisch, 1 Dreiertisch." in page
    assert "Schon gedruckte Tischkarten und Sitzlisten passen nicht mehr" in page


def test_a_new_link_says_the_old_one_stops_at_once_and_offers_the_card(organiser: Client) -> None:
    tournament = _playing()
    table = _first_table(tournament)
    url = reverse("tournaments:reissue_link", args=[tournament.pk, table.pk])
    assert "gelten sofort nicht mehr" in organiser.get(url).content.decode()

    response = organiser.post(url, CONFIRMED, follow=True)

    page = response.content.decode()
    assert response.redirect_chain[-1][0].endswith("?renewed=1#table-1")
    new_token = Table.objects.get(pk=table.pk).token
    assert new_token != table.token
    assert new_token in page  # the new link on the screen
    assert "Dieser Tisch hat einen neuen Link" in page
    assert "Karte von Tisch 1 drucken" in page
    event = TournamentEvent.objects.get(kind=TournamentEvent.Kind.LINK_RENEWED)
    assert event.user is not None
