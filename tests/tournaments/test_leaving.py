"""A player who has to stop leaves after a deal the table has played (the walk's finding: a
leave "after deal 50" at deal 12 was taken, shown as done, and could not be undone)."""

from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring import selectors
from tests.scoring.helpers import enter, playing_table
from tournaments.draw.seats import seat_leave
from tournaments.models import Seat, Table, Tournament, TournamentEvent

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_the_service_refuses_a_deal_not_played_yet_and_changes_nothing() -> None:
    table = playing_table(players=4, deals=100, played=12)
    seat = Seat.objects.get(table=table, position=1)

    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=50)

    assert refused.value.code == "deal_not_played"
    assert refused.value.messages == [
        "Spiel 50 ist noch nicht gespielt: Tisch 1 hat 12 Spiele gespielt. Ein Spieler hört "
        "nach einem gespielten Spiel auf, spätestens nach Spiel 12."
    ]
    seat.refresh_from_db()
    assert seat.left_after_deal is None
    assert not TournamentEvent.objects.exists()


def test_the_last_deal_played_is_taken() -> None:
    table = playing_table(players=4, deals=100, played=12)
    seat = Seat.objects.get(table=table, position=1)
    seat_leave(seat=seat, after_deal=12)
    seat.refresh_from_db()
    assert seat.left_after_deal == 12


# An earlier deal: the organiser heard late that a player left, and the three went on entering
# deals on the phone, which still seated him. Those deals must be ones the three could play.


def _late_leaver(deals: int, *, declares: int | None = None) -> tuple[Table, Seat]:
    """A table of four whose player dealing deal 2 left after it (the organiser learns it
    late): ``deals`` deals entered, the declarer never he unless in deal ``declares``."""
    table = playing_table(players=4, deals=100)
    leaver = (table.first_dealer + 1) % 4  # deals deal 2, and next deal 6 at a table of four
    for number in range(1, deals + 1):
        other = next(seat for seat in range(4) if seat != leaver)
        enter(table, leaver if number == declares else other, "2 gewonnen")
    return table, Seat.objects.select_related("registration__player").get(
        table=table, position=leaver
    )


def test_an_earlier_deal_is_taken_when_he_sat_out_the_deals_after_it() -> None:
    table, seat = _late_leaver(5)  # deals 3 to 5: the other three dealt, as at a table of 3

    seat_leave(seat=seat, after_deal=2)

    seat.refresh_from_db()
    assert seat.left_after_deal == 2
    assert selectors.next_deal(table=table).dealer != seat.position


@pytest.mark.parametrize("played", [0, 2])
def test_leaving_now_is_taken_after_a_redeal_he_dealt(played: int) -> None:
    """All passed at his deal, and the organiser learns now that he must go: the passed deal
    scores nothing and is no deal he played (the hypothesis run that found it: at deal 0)."""
    table = playing_table(players=4, deals=100)
    leaver = (table.first_dealer + played) % 4  # deals deal played + 1
    for _number in range(played):
        enter(table, (leaver + 1) % 4, "2 gewonnen")
    enter(table, None, "alle gepasst")
    seat = Seat.objects.get(table=table, position=leaver)

    seat_leave(seat=seat, after_deal=played)

    seat.refresh_from_db()
    assert seat.left_after_deal == played
    assert selectors.next_deal(table=table).dealer == (leaver + 1) % 4


@pytest.mark.parametrize(
    ("deals", "declares", "unfit", "last"),
    [(6, None, "Spiel 6 wurde", 6), (5, 4, "Spiel 4 wurde", 4), (7, 4, "Die Spiele 4, 6", 6)],
    ids=["he-dealt", "he-declared", "both"],
)
def test_an_earlier_deal_is_refused_naming_the_deals_he_was_in(
    deals: int, declares: int | None, unfit: str, last: int
) -> None:
    _table, seat = _late_leaver(deals, declares=declares)

    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=2)

    assert refused.value.code == "deals_after_with_player"
    [message] = refused.value.messages
    name = seat.registration.player.name
    assert message.startswith(f"{name} kann nicht nach Spiel 2 aufgehört haben: {unfit}")
    assert message.endswith(
        f"Er hat frühestens nach Spiel {last} aufgehört; nach Spiel {deals}, dem zuletzt "
        "gespielten, kann er immer aufhören."
    )
    seat.refresh_from_db()
    assert seat.left_after_deal is None


def test_the_page_offers_leaving_now_after_the_last_deal_played(organiser: Client) -> None:
    table = playing_table(players=4, deals=100, played=12)
    seat = Seat.objects.get(table=table, position=1)
    url = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])

    page = organiser.get(url).content.decode()

    assert 'name="after_deal" value="12"' in page
    assert "Tisch 1 hat bisher 12 Spiele gespielt." in page
    assert "Das letzte gespielte Spiel ist Spiel 12" in page


def _twelve_played() -> tuple[Table, Seat]:
    table = playing_table(players=4, deals=100, played=12)
    return table, Seat.objects.get(table=table, position=1)


@pytest.mark.parametrize(
    ("setting", "after_deal", "reason"),
    [
        (_twelve_played, "50", "Spiel 50 ist noch nicht gespielt"),
        (lambda: _late_leaver(6), "2", "Spiel 6 wurde mit ihm am Tisch eingegeben"),
    ],
    ids=["deal-to-come", "earlier-deal-he-played-in"],
)
def test_the_page_refuses_a_deal_with_the_reason_and_saves_nothing(
    organiser: Client, setting: Callable[[], tuple[Table, Seat]], after_deal: str, reason: str
) -> None:
    table, seat = setting()
    url = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])

    response = organiser.post(url, {"after_deal": after_deal, "confirm": "yes"})

    assert response.status_code == 200
    assert reason in response.content.decode()
    seat.refresh_from_db()
    assert seat.left_after_deal is None


@pytest.mark.parametrize("rule_set", ["grossenaspe", "thedinghausen"])
def test_under_rules_that_cannot_play_short_the_table_is_ended_instead(
    rule_set: str, organiser: Client
) -> None:
    # Großenaspe at four would become the three-player Karo Fipsen, whose scoring is unknown,
    # and its five would count the leaver on as an opponent; a race is seated for its five.
    table = playing_table(players=4, deals=100, played=12)
    Tournament.objects.filter(pk=table.tournament_id).update(rule_set=rule_set, rule_options={})
    seat = Seat.objects.get(table=table, position=1)

    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=12)

    assert refused.value.code == "rules_no_leaving"
    seat.refresh_from_db()
    assert seat.left_after_deal is None
    tables_page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id]))
    leave = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])
    assert leave not in tables_page.content.decode()
    assert f"?player={seat.pk}" in tables_page.content.decode()


def test_under_prisdorf_the_tables_page_offers_leaving() -> None:
    table = playing_table(players=4, deals=100, played=12)
    assert table.tournament.players_may_leave


ASPE_NO_LEAVING = (
    "Großenaspe Fipsen geht nicht ohne einen Spieler weiter: Muss einer aufhören, endet der "
    "ganze Tisch vorzeitig, und seine Spiele zählen."
)


@pytest.mark.parametrize("players", [4, 5])
def test_a_grossenaspe_table_says_before_any_tap_that_a_leaver_ends_it(
    players: int, organiser: Client
) -> None:
    from tests.scoring.helpers import aspe_night

    tournament = aspe_night(players)
    table = tournament.tables.get()
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)

    tables_page = " ".join(
        organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode().split()
    )
    assert ASPE_NO_LEAVING in tables_page  # on the page with the button, before its click
    assert "Karo Fipsen spielen, dessen Wertung unbekannt ist" in tables_page
    assert reverse("tournaments:leave", args=[tournament.pk, seat.pk]) not in tables_page

    end = reverse("scoring:table_end", args=[tournament.pk, table.pk]) + f"?player={seat.pk}"
    confirmation = " ".join(organiser.get(end).content.decode().split())
    assert ASPE_NO_LEAVING in confirmation
    assert "Dreiertisch" not in confirmation
    assert f"{seat.registration.player.name} musste aufhören." in confirmation
    table.refresh_from_db()
    assert not table.ended_early  # the page asks first

    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=0)
    assert refused.value.messages[0].startswith(ASPE_NO_LEAVING)


def test_a_prisdorf_table_of_four_shows_no_such_note(organiser: Client) -> None:
    table = playing_table(players=4, deals=100, played=12)
    page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id])).content
    assert "no-leaving" not in page.decode()
