"""Two entries of one player merged into one (tournaments/players/directory.py): every
registration and with it every seat, deal and point follows, nothing is lost, the merge is in
the directory's history; refused, with the reason and nothing changed, where both entries were
at the same night."""

import dataclasses
import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.demo import demo_night_play
from scoring.models import Deal
from tests.factories import UserFactory
from tournaments.ledger.totals import SeatTotal
from tournaments.models import Player, PlayerMerge, Registration, Seat
from tournaments.players.directory import player_merge, player_merge_check, player_retire
from tournaments.players.night_figures import night_figures, ranked_nights
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db


def two_nights_one_player_split() -> tuple[list, Player, Player]:
    """Two demo nights of the same players; in the second, one of them was entered at the desk
    as a new entry ("Hans Mueller" beside "Hans Müller"): the split a merge mends."""
    first = demo_night_play(players=8, seed=3, deals=6, name="Nacht 1").tournament
    second = demo_night_play(
        players=8, seed=3, deals=6, name="Nacht 2", date=datetime.date(2026, 12, 5)
    ).tournament
    original = Registration.objects.filter(tournament=second).order_by("pk")[0].player
    duplicate = player_create(name=original.name + " II", club=original.club)
    Registration.objects.filter(tournament=second, player=original).update(player=duplicate)
    return [first, second], original, duplicate


def by_player(nights: list) -> dict:
    return {
        pk: {figures.key: figures for figures in players}
        for pk, players in night_figures(tournaments=nights).items()
    }


def test_everything_played_follows_the_merge() -> None:
    nights, original, duplicate = two_nights_one_player_split()
    figures = by_player(nights)
    places = ranked_nights(tournaments=nights)
    deals, seats, totals = Deal.objects.count(), Seat.objects.count(), SeatTotal.objects.count()
    assert duplicate.pk in figures[nights[1].pk]
    assert original.pk not in figures[nights[1].pk]

    player_merge(keep=original, merge=duplicate)

    after = by_player(nights)
    assert after[nights[0].pk] == figures[nights[0].pk]
    moved = figures[nights[1].pk].pop(duplicate.pk)
    assert after[nights[1].pk].pop(original.pk) == dataclasses.replace(moved, key=original.pk)
    assert after[nights[1].pk] == figures[nights[1].pk]
    assert {
        pk: [(p.place, p.shared) for p in placed if p.figures.key == original.pk]
        for pk, placed in ranked_nights(tournaments=nights).items()
    } == {
        pk: [(p.place, p.shared) for p in placed if p.figures.key in (original.pk, duplicate.pk)]
        for pk, placed in places.items()
    }
    assert (Deal.objects.count(), Seat.objects.count(), SeatTotal.objects.count()) == (
        deals,
        seats,
        totals,
    )
    assert Registration.objects.filter(player=original).count() == 2
    assert not Player.objects.filter(pk=duplicate.pk).exists()


def test_the_merge_is_in_the_directory_history() -> None:
    nights, original, duplicate = two_nights_one_player_split()
    Player.objects.filter(pk=duplicate.pk).update(contact="0170 123", lady=True)
    duplicate.refresh_from_db()
    user = UserFactory()

    record = player_merge(keep=original, merge=duplicate, user=user)

    stored = PlayerMerge.objects.get(player=original)
    assert stored == record
    assert (stored.merged_id, stored.merged_name, stored.merged_club, stored.user) == (
        duplicate.pk,
        duplicate.name,
        duplicate.club,
        user,
    )
    assert stored.merged_fields["contact"] == "0170 123"
    assert stored.merged_fields["lady"] is True
    assert stored.nights == [
        {"pk": nights[1].pk, "name": "Nacht 2", "date": "2026-12-05"},
    ]


def test_the_kept_entry_takes_what_it_lacks() -> None:
    keep = player_create(name="Hans Müller", categories="Vorstand")
    merge = player_create(
        name="Hans Mueller",
        club="SC Prisdorf",
        contact="0170 123",
        senior=True,
        birth_year=1950,
        categories="Kegelclub, vorstand",
    )

    player_merge(keep=keep, merge=merge)

    keep.refresh_from_db()
    assert (keep.name, keep.club, keep.contact, keep.birth_year, keep.senior) == (
        "Hans Müller",
        "SC Prisdorf",
        "0170 123",
        1950,
        True,
    )
    assert keep.categories == "Vorstand, Kegelclub"


def test_earlier_merges_follow_too() -> None:
    a = player_create(name="Hans Müller")
    b = player_create(name="Hans Mueller")
    c = player_create(name="H. Müller")
    player_merge(keep=b, merge=c)

    player_merge(keep=a, merge=b)

    assert [m.merged_name for m in PlayerMerge.objects.filter(player=a)] == [
        "H. Müller",
        "Hans Mueller",
    ]


def test_both_at_the_same_night_is_refused_and_nothing_changes() -> None:
    night = demo_night_play(players=8, seed=3, deals=6, name="Nacht 1").tournament
    one, other = [r.player for r in Registration.objects.filter(tournament=night)[:2]]
    before = night_figures(tournaments=[night])

    with pytest.raises(ValidationError) as refused:
        player_merge(keep=one, merge=other)

    assert refused.value.code == "same_night"
    assert "Nacht 1" in refused.value.messages[0]
    assert Player.objects.filter(pk=other.pk).exists()
    assert night_figures(tournaments=[night]) == before
    assert not PlayerMerge.objects.exists()


def test_a_player_is_not_merged_with_himself() -> None:
    player = player_create(name="Hans Müller")

    with pytest.raises(ValidationError) as refused:
        player_merge_check(keep=player, merge=player)

    assert refused.value.code == "same"


def test_retired_only_when_both_were() -> None:
    keep = player_retire(player=player_create(name="Hans Müller"))
    merge = player_create(name="Hans Mueller")

    player_merge(keep=keep, merge=merge)

    keep.refresh_from_db()
    assert keep.retired_at is None
