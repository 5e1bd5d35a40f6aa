"""Finding 11: the board has an unguessable address, and goes dark after the night unless the
organiser keeps the final ranking on it."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring import services as scoring_services
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.models import Seat, Tournament

pytestmark = pytest.mark.django_db


def _finished(**options: object) -> Tournament:
    table = playing_table(deals=10, **options)
    enter(table, 1, "3 +")
    return tournament_services.tournament_finish(tournament=table.tournament)


def _a_name(tournament: Tournament) -> str:
    seat = Seat.objects.filter(table__tournament=tournament).select_related("registration__player")
    return seat.first().registration.player.name


def test_the_board_is_not_found_by_counting_ids() -> None:
    tournament = playing_table().tournament
    for guess in (tournament.pk, tournament.pk - 1, tournament.pk + 1):
        assert Client().get(f"/board/{guess}/").status_code == 404
    board = Client().get(reverse("scoring:board", args=[tournament.board_token]))
    assert board.status_code == 200
    assert len(tournament.board_token) >= 24


def test_each_tournament_has_its_own_secret() -> None:
    tokens = {playing_table().tournament.board_token for _ in range(3)}
    assert len(tokens) == 3


def test_the_board_goes_dark_when_the_tournament_is_finished_if_the_organiser_says_so() -> None:
    tournament = _finished(board_after_finish=False)
    response = Client().get(reverse("scoring:board", args=[tournament.board_token]))
    page = response.content.decode()
    assert response.status_code == 404
    assert "Das Turnier ist beendet; die Anzeige ist aus." in page
    assert _a_name(tournament) not in page


def test_the_board_can_keep_the_final_ranking_alone() -> None:
    tournament = _finished(board_after_finish=True)
    url = reverse("scoring:board", args=[tournament.board_token])
    first = Client().get(url)
    assert first.status_code == 200
    assert _a_name(tournament) in first.content.decode()
    # The standings only: four players make one page; no page of the tables' progress.
    assert "Seite 1 von" not in first.content.decode()
    second = Client().get(f"{url}?page=2").content.decode()
    assert "board-progress" not in second
    assert _a_name(tournament) in second


def test_during_play_the_board_shows_the_tables_too() -> None:
    table = playing_table(deals=10)
    url = reverse("scoring:board", args=[table.tournament.board_token])
    assert "Seite 1 von 2" in Client().get(url).content.decode()
    assert "board-progress" in Client().get(f"{url}?page=2").content.decode()


def test_the_board_shows_a_table_ended_early() -> None:
    table = playing_table(deals=10)
    enter(table, 0, "3 +")
    scoring_services.table_end_early(table=table, reason="Die Zeit war um", user=None)
    url = reverse("scoring:board", args=[table.tournament.board_token])
    page = Client().get(f"{url}?page=2").content.decode()
    item = page[page.index('class="board-table is-ended"') :].split("</li>", 1)[0]
    assert "1 / 10 · <strong" in item
    assert "vorzeitig beendet" in item


def test_a_table_still_playing_is_not_called_ended_on_the_board() -> None:
    table = playing_table(deals=10)
    url = reverse("scoring:board", args=[table.tournament.board_token])
    page = Client().get(f"{url}?page=2").content.decode()
    assert "board-progress" in page
    assert "vorzeitig beendet" not in page
    assert "board-table is-ended" not in page


@pytest.mark.parametrize(("keep", "listed"), [(False, False), (True, True)])
def test_the_start_page_lists_a_finished_board_only_if_kept(keep: bool, listed: bool) -> None:
    tournament = _finished(board_after_finish=keep)
    Tournament.objects.filter(pk=tournament.pk).update(date=timezone.localdate())
    page = _organiser().get("/").content.decode()
    assert (reverse("scoring:board", args=[tournament.board_token]) in page) is listed


def test_the_start_page_links_tonights_board_by_its_secret() -> None:
    tournament = playing_table().tournament
    Tournament.objects.filter(pk=tournament.pk).update(date=timezone.localdate())
    page = _organiser().get("/").content.decode()
    assert f'href="/board/{tournament.board_token}/"' in page
    assert f'href="/board/{tournament.pk}/"' not in page


def _organiser() -> Client:
    """The start page lists tonight's boards to the organiser only."""
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    return client


def test_by_default_the_board_keeps_the_final_ranking_for_the_prize_giving() -> None:
    """A newcomer's walk: the board went dark at the finish, just when the hall looked for
    the winners. A new night keeps the final ranking on it unless the organiser unticks it."""
    tournament = _finished()
    assert tournament.board_after_finish
    response = Client().get(reverse("scoring:board", args=[tournament.board_token]))
    assert response.status_code == 200
    assert _a_name(tournament) in response.content.decode()
    form = _organiser().get(reverse("tournaments:tournament_create")).content.decode()
    assert 'id="id_board_after_finish" checked' in form


@pytest.mark.parametrize(
    ("keep", "said"),
    [
        (True, "Die Anzeige im Saal zeigt die Siegerliste, für die Preisverteilung"),
        (False, "Die Anzeige im Saal wird dunkel"),
    ],
)
def test_the_finish_says_what_the_board_will_show(keep: bool, said: str) -> None:
    table = playing_table(deals=10, board_after_finish=keep)
    client = _organiser()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = client.get(reverse("scoring:finish", args=[table.tournament_id])).content.decode()
    assert said in " ".join(page.split())
