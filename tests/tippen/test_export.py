"""A Tippen night as one file (scoring/night_file/transfer.py, scoring/pot_transfer.py): its deals
go into the file and come back, so the chips, the pot and the chips set aside are the same
after export → wipe → import; a file whose deals the rules refuse saves nothing. Runs on
SQLite and PostgreSQL (make test)."""

import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.tippen import selectors, services
from games.tippen.models import PotDeal, PotDealChange
from scoring.night_file.transfer import NightFileError, night_export, night_import_bytes
from tests.factories import UserFactory
from tests.night_file_helpers import without_accounts
from tests.tippen.helpers import deals_entered, tippen_night
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]


@pytest.fixture
def tipped() -> Tournament:
    tournament = tippen_night(4, 3, katira=True, max_bete=9)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - - -", "- - - -", "- - - -", "- - - -", "2 1 0 -", "- - - t")
    deals_entered(second, "1 1 1", "- - -")
    services.pot_deal_correct(deal=PotDeal.objects.get(table=second, sequence=2), taps=[0, 3, None])
    organiser = UserFactory(username="leitung", is_staff=True)
    deal = PotDeal.objects.get(table=second, sequence=1)
    services.pot_deal_correct(deal=deal, taps=[2, 1, 0], user=organiser)
    return tournament


def ledgers(tournament: Tournament) -> list[tuple[Any, ...]]:
    return [
        (pot.table.number, pot.ledger.current, [deal.taps for deal in pot.deals])
        for pot in selectors.table_pots(tournament=tournament)
    ]


def test_export_wipe_import_gives_back_the_same_ledgers(tipped: Tournament) -> None:
    exported = night_export(tournament=tipped)
    before = ledgers(tipped)
    assert [len(table["pot_deals"]) for table in exported["tables"]] == [6, 2]
    call_command("flush", interactive=False, verbosity=0)
    UserFactory(username="leitung")  # an account of the same name exists here

    imported = night_import_bytes(json.dumps(exported).encode())

    assert imported.rule_set == "tippen"
    captain, organiser = PotDealChange.objects.order_by("created_at", "pk")
    assert (captain.user, captain.before_taps, captain.after_taps) == (
        None,
        [None, None, None],
        [0, 3, None],
    )
    assert organiser.user is None  # a file's line is never given to an account here
    assert (organiser.before_taps, organiser.after_taps) == ([1, 1, 1], [2, 1, 0])
    assert ledgers(imported) == before
    assert PotDeal.objects.get(table__number=2, sequence=2).corrected_at is not None
    assert night_export(tournament=imported) == without_accounts(exported)


@pytest.mark.parametrize(
    "taps", [[2, 2, None], [None, 3, None], "2 1 0", [True, 1, 1], [1, 1, 1, 0]]
)
def test_a_file_with_a_deal_the_rules_refuse_saves_nothing(
    tipped: Tournament, taps: object
) -> None:
    data = night_export(tournament=tipped)
    call_command("flush", interactive=False, verbosity=0)
    data["tables"][1]["pot_deals"][0]["taps"] = taps
    with pytest.raises(NightFileError):
        night_import_bytes(json.dumps(data).encode())
    assert Tournament.objects.count() == 0
    assert PotDeal.objects.count() == 0


def test_the_print_page_offers_the_export(organiser: Client, tipped: Tournament) -> None:
    page = organiser.get(reverse("night:print", args=[tipped.pk])).content.decode()
    assert reverse("night:export", args=[tipped.pk]) in page
