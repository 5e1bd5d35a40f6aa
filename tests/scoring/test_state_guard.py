"""Every write at a table goes through the one guard of tournaments/states.py: once the
tournament is finished, or the table ended early, it is refused with the guard's message and
changes nothing (issue 11: a deal could still be confirmed at a table ended early)."""

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from fipsen_rules import Game
from scoring import selectors, services
from scoring.models import Deal, DealChange, Prize
from scoring.standings.ranking import Prize as PrizeLine
from scoring.standings.services import prizes_set
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.models import Table, TournamentEvent
from tournaments.states import NotAllowedNow

pytestmark = pytest.mark.django_db

Write = Callable[[Table, Deal, User], object]


def _last(table: Table) -> Deal:
    last = selectors.next_deal(table=table).last
    assert last is not None
    return last


#: The writes at a table, each on a table with one deal waiting for its confirmation.
TABLE_WRITES: dict[str, Write] = {
    "enter a deal": lambda table, deal, user: enter(table, 2, "3 +"),
    "correct at the table": lambda table, deal, user: services.deal_correct(
        deal=deal, declarer=1, game=Game.parse("4 +"), user=None
    ),
    "confirm": lambda table, deal, user: services.deal_confirm(deal=deal, seat=2),
    "type in a paper sheet": lambda table, deal, user: services.sheet_import(
        table=table, text="2: 3 +\n", user=user
    ),
    "end the table early": lambda table, deal, user: services.table_end_early(
        table=table, reason="Zeit", user=user
    ),
}

#: The organiser's writes that a finished tournament refuses (a table ended early takes them).
ORGANISER_WRITES: dict[str, Write] = {
    "correct by the organiser": lambda table, deal, user: services.deal_correct(
        deal=deal, declarer=1, game=Game.parse("4 +"), user=user, reason="Verschrieben"
    ),
    "resume the table": lambda table, deal, user: services.table_resume(table=table, user=user),
    "set the prizes": lambda table, deal, user: prizes_set(
        tournament=table.tournament, prizes=[PrizeLine(place=1, money=Decimal(10))]
    ),
}


def _night_so_far(table: Table) -> list[object]:
    """Everything a write at the table could change."""
    table = Table.objects.get(pk=table.pk)
    return [
        list(Deal.objects.filter(table=table).values()),
        DealChange.objects.count(),
        TournamentEvent.objects.count(),
        Prize.objects.count(),
        (table.ended_early_at, table.ended_early_reason),
    ]


def _closed(closing: str) -> tuple[Table, Deal, User]:
    """A table with one deal awaiting confirmation, then ``closing`` happens to it."""
    organiser = UserFactory(is_staff=True)
    table = playing_table(confirmation_required=True)
    enter(table, 1, "3 +")
    if closing == "finished":
        tournament_services.tournament_finish(tournament=table.tournament, user=organiser)
    else:
        services.table_end_early(table=table, reason="Spieler fehlt", user=organiser)
    table = Table.objects.select_related("tournament").get(pk=table.pk)
    return table, _last(table), organiser


@pytest.mark.parametrize("closing", ["finished", "ended early"])
@pytest.mark.parametrize("write", TABLE_WRITES, ids=str)
def test_a_closed_table_takes_no_write(write: str, closing: str) -> None:
    table, deal, organiser = _closed(closing)
    before = _night_so_far(table)

    with pytest.raises(NotAllowedNow) as refused:
        TABLE_WRITES[write](table, deal, organiser)

    assert refused.value.code == ("locked" if closing == "finished" else "table_ended")
    assert _night_so_far(table) == before


@pytest.mark.parametrize("write", ORGANISER_WRITES, ids=str)
def test_a_finished_tournament_takes_no_write_of_the_organiser(write: str) -> None:
    organiser = UserFactory(is_staff=True)
    table = playing_table(confirmation_required=True)
    enter(table, 1, "3 +")
    services.table_end_early(table=table, reason="Spieler fehlt", user=organiser)
    tournament_services.tournament_finish(tournament=table.tournament, user=organiser)
    table = Table.objects.select_related("tournament").get(pk=table.pk)
    before = _night_so_far(table)

    with pytest.raises(NotAllowedNow) as refused:
        ORGANISER_WRITES[write](table, _last(table), organiser)

    assert refused.value.code == "locked"
    assert _night_so_far(table) == before


def test_the_organiser_still_corrects_a_table_ended_early() -> None:
    table, deal, organiser = _closed("ended early")

    ORGANISER_WRITES["correct by the organiser"](table, deal, organiser)

    deal.refresh_from_db()
    assert deal.game == "4 gewonnen"


def test_the_captains_page_says_why_a_table_ended_early_confirms_nothing() -> None:
    table, deal, _organiser = _closed("ended early")
    url = reverse("scoring:table_confirm", args=[table.token, deal.pk])

    page = Client().post(url, {"seat": 2}, follow=True).content.decode()

    assert "wurde von der Turnierleitung vorzeitig beendet" in page
    deal.refresh_from_db()
    assert deal.confirmed_by is None
    assert not DealChange.objects.filter(action=DealChange.Action.CONFIRMED).exists()


def test_the_captains_page_of_a_table_ended_early_offers_no_confirmation() -> None:
    table, _deal, _organiser = _closed("ended early")

    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()

    assert "vorzeitig beendet" in page
    assert "bestätigt</button>" not in page
