"""One person, one player: desks adding the same person at the same moment (issue 30, 2).

Real concurrent requests to the live server (a thread each, with its own database
connection), on SQLite and PostgreSQL. Each request's check of the directory is held at a
meeting point until all of them have read it (``tests.desks.all_past``), so that every one of
them has found the name new before any writes: the race is certain, not likely.
"""

import pytest
from pytest_django.live_server_helper import LiveServer

from tests.desks import Answer, Desk, at_once, meeting_point
from tests.factories import UserFactory
from tests.tournaments.night_helpers import night
from tournaments.models import Player, PlayerMerge, Registration
from tournaments.players import directory_views
from tournaments.players import forms as player_forms
from tournaments.players import services as player_services
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db(transaction=True)

DESKS = 4


def _desks(live_server: LiveServer) -> list[Desk]:
    organiser = UserFactory(is_staff=True, is_superuser=True)
    return [Desk(live_server, organiser) for _ in range(DESKS)]


def _held_after(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, parties: int = DESKS
) -> None:
    """Every request's call of ``owner.name`` waits, after it, for all the others'."""
    original = getattr(owner, name)
    meet = meeting_point(parties)

    def held(*args: object, **kwargs: object) -> object:
        answer = original(*args, **kwargs)
        meet()
        return answer

    monkeypatch.setattr(owner, name, held)


def test_one_walk_in_typed_at_four_desks_at_once_is_one_player(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = night(present=0)
    _held_after(monkeypatch, player_forms, "player_likely_duplicates")  # the form's check
    path = f"/tournaments/{tournament.pk}/walk-in/"

    answers = at_once(
        [
            lambda d=desk: d.post(path, {"name": "Erwin Neumann", "club": ""})
            for desk in _desks(live_server)
        ]
    )

    assert Player.objects.filter(name="Erwin Neumann").count() == 1
    assert Registration.objects.filter(tournament=tournament).count() == 1
    assert sorted(answer.status for answer in answers) == [200] * (DESKS - 1) + [302]
    for answer in answers:
        if answer.status == 200:  # asked, and he is there already
            assert "Ist es einer dieser Spieler?" in answer.text
            assert "angemeldet und da" in answer.text


def test_add_anyway_tapped_twice_at_once_adds_one_player(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = night(present=0)
    known = player_create(name="Hans Müller")
    _held_after(monkeypatch, player_forms, "player_likely_duplicates")
    path = f"/tournaments/{tournament.pk}/walk-in/"
    confirmed = {"name": "Hans Mueller", "confirm_name": "hans mueller", "confirm_known": known.pk}

    answers = at_once([lambda d=desk: d.post(path, confirmed) for desk in _desks(live_server)])

    assert Player.objects.filter(name="Hans Mueller").count() == 1
    assert sorted(answer.status for answer in answers) == [200] * (DESKS - 1) + [302]


def test_add_anyway_after_another_like_player_was_added_asks_again(organiser: object) -> None:
    """Sent twice one after the other (a tap repeated): the second finds the first."""
    tournament = night(present=0)
    known = player_create(name="Hans Müller")
    path = f"/tournaments/{tournament.pk}/walk-in/"
    confirmed = {"name": "Hans Mueller", "confirm_name": "hans mueller", "confirm_known": known.pk}

    first = organiser.post(path, confirmed)  # type: ignore[attr-defined]
    second = organiser.post(path, confirmed)  # type: ignore[attr-defined]

    assert (first.status_code, second.status_code) == (302, 200)
    assert Player.objects.filter(name="Hans Mueller").count() == 1


def test_a_new_player_saved_at_two_desks_at_once_is_one_player(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    _held_after(monkeypatch, player_forms, "player_likely_duplicates")

    answers = at_once(
        [
            lambda d=desk: d.post("/players/new/", {"name": "Erwin Neumann"})
            for desk in _desks(live_server)
        ]
    )

    assert Player.objects.filter(name="Erwin Neumann").count() == 1
    assert sorted(answer.status for answer in answers) == [200] * (DESKS - 1) + [302]
    assert all("Ist es einer dieser Spieler?" in a.text for a in answers if a.status == 200)


def test_one_list_imported_at_two_desks_at_once_adds_each_player_once(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fresh look inside the import's transaction is the one held (the first is outside).
    _held_after(monkeypatch, player_services, "_directory_keys")
    lines = "Name;Verein\n" + "".join(f"Spieler {n:02};SC Prisdorf\n" for n in range(20))

    answers = at_once(
        [lambda d=desk: d.post("/players/import/", {"text": lines}) for desk in _desks(live_server)]
    )

    assert [answer.status for answer in answers] == [302] * DESKS
    assert Player.objects.count() == 20


def _answer_of_merge(desk: Desk, keep: Player, merge: Player) -> Answer:
    return desk.post(f"/players/{keep.pk}/merge/{merge.pk}/?as_asked=1", {"confirm": "yes"})


def test_a_merge_confirmed_twice_at_once_is_done_once_and_both_say_so(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    keep = player_create(name="Hans Müller", club="SC Prisdorf")
    merge = player_create(name="Hans Mueller")
    _held_after(monkeypatch, directory_views, "player_merge_check", parties=2)  # the page's check
    desks = _desks(live_server)[:2]

    answers = at_once([lambda d=desk: _answer_of_merge(d, keep, merge) for desk in desks])

    assert [answer.status for answer in answers] == [302, 302], answers
    assert {answer.location for answer in answers} == {f"/players/{keep.pk}/"}
    assert PlayerMerge.objects.filter(player=keep, merged_id=merge.pk).count() == 1
    assert list(Player.objects.all()) == [keep]
