"""A race night as one file (scoring/night_file/transfer.py, scoring/race_transfer.py): its deals
(trick counts and taps) go into the file and come back, so the games, tallies and money of the
evening are the same after export → wipe → import; a file whose race deals the rules refuse
is refused and saves nothing. Runs on SQLite and PostgreSQL (make test)."""

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.thedinghausen import selectors, services
from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.thedinghausen.rules import is_race
from scoring.night_file.transfer import NightFileError, night_export, night_import_bytes
from tests.factories import UserFactory
from tests.night_file_helpers import without_accounts
from tests.thedinghausen.helpers import deals_entered, race_night
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("german")]

#: Table 1 (five): a game won by seat 0 with a sweep by seat 1 on the way, a new game begun;
#: table 2 (four): two deals, the second tapped.
FIVE = [(2, 1, 1, 1, 0)] * 4 + [(0, 5, 0, 0, 0), (2, 0, 0, 0, 0), (1, 1, 1, 1, 1)]


@pytest.fixture
def raced() -> Tournament:
    tournament = race_night(5, 4)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, *FIVE)
    deals_entered(second, (2, 1, 1, 1))
    services.race_deal_record(table=second, sequence=2, taps=[3, 3, 0, 1, 3])
    deal = RaceDeal.objects.get(table=second, sequence=1)
    services.race_deal_correct(deal=deal, counts=[2, 2, 0, 1])  # the captain's phone
    organiser = UserFactory(username="leitung", is_staff=True)
    services.race_deal_correct(deal=deal, counts=[1, 2, 1, 1], user=organiser)
    return tournament


def evening(tournament: Tournament) -> list[tuple[Any, ...]]:
    """What the standings and the cash box show of each player."""
    return [
        (p.name, p.table, p.place, p.games, p.games_won, p.sweeps, p.cents, p.buns)
        for p in selectors.race_players(tournament=tournament)
    ]


def wipe() -> None:
    call_command("flush", interactive=False, verbosity=0)


def test_export_wipe_import_gives_back_the_same_race(raced: Tournament) -> None:
    exported = night_export(tournament=raced)
    before = evening(raced)
    wipe()
    UserFactory(username="leitung")  # an account of the same name exists here

    imported = night_import_bytes(json.dumps(exported).encode())

    assert is_race(imported)
    assert RaceDeal.objects.count() == len(FIVE) + 2
    assert evening(imported) == before
    assert night_export(tournament=imported) == without_accounts(exported)
    tapped = RaceDeal.objects.get(table__number=2, sequence=2)
    assert tapped.taps == [3, 3, 0, 1, 3]
    captain, organiser = RaceDealChange.objects.order_by("created_at", "pk")
    assert (captain.user, captain.before_counts, captain.after_counts) == (
        None,
        [2, 1, 1, 1],
        [2, 2, 0, 1],
    )
    assert organiser.user is None  # a file's line is never given to an account here
    assert organiser.before_counts == [2, 2, 0, 1]
    corrected = RaceDeal.objects.get(table__number=2, sequence=1)
    assert corrected.corrected_at is not None
    assert corrected.counts == [1, 2, 1, 1]


def test_the_file_carries_every_race_deal(raced: Tournament) -> None:
    tables = night_export(tournament=raced)["tables"]
    assert [len(table["race_deals"]) for table in tables] == [len(FIVE), 2]
    assert tables[0]["race_deals"][4]["counts"] == [0, 5, 0, 0, 0]
    assert all(table["deals_played"] == [] for table in tables)


def _spoilt(data: dict[str, Any], change: str) -> None:
    deals = data["tables"][0]["race_deals"]
    if change == "an eleventh trick":
        deals[3]["counts"] = [5, 0, 0, 0, 0]  # seat 0 has 6 tricks: five more make eleven
    elif change == "six tricks":
        deals[0]["counts"] = [2, 2, 1, 1, 0]
    elif change == "a deal left out":
        del deals[2]
    elif change == "taps that do not give the counts":
        data["tables"][1]["race_deals"][1]["taps"] = [0, 0, 0, 1, 3]
    elif change == "a seat that is not at the table":
        deals[0]["counts"] = [2, 1, 1, 1, 0, 0]
    elif change == "counts as text":
        deals[0]["counts"] = "21110"
    elif change == "a correction that is no object":
        data["tables"][1]["race_deals"][0]["changes"] = ["korrigiert"]
    elif change == "a correction without its counts":
        del data["tables"][1]["race_deals"][0]["changes"][0]["after_counts"]


SPOILT = [
    "an eleventh trick",
    "six tricks",
    "a deal left out",
    "taps that do not give the counts",
    "a seat that is not at the table",
    "counts as text",
    "a correction that is no object",
    "a correction without its counts",
]


@pytest.mark.parametrize("change", SPOILT)
def test_a_file_with_a_race_deal_the_rules_refuse_saves_nothing(
    raced: Tournament, change: str
) -> None:
    data = night_export(tournament=raced)
    wipe()
    _spoilt(data, change)
    with pytest.raises(NightFileError):
        night_import_bytes(json.dumps(data).encode())
    assert Tournament.objects.count() == 0
    assert RaceDeal.objects.count() == 0


def test_a_version_2_file_of_a_night_without_race_deals_still_imports(raced: Tournament) -> None:
    data = night_export(tournament=raced)
    wipe()
    data["preisfipsen_night"] = 2
    for table in data["tables"]:
        del table["race_deals"]
    imported = night_import_bytes(json.dumps(data).encode())
    assert is_race(imported)
    assert RaceDeal.objects.count() == 0


def test_the_print_page_offers_the_export(organiser: Client, raced: Tournament) -> None:
    page = organiser.get(reverse("night:print", args=[raced.pk])).content.decode()
    assert reverse("night:export", args=[raced.pk]) in page


def test_the_export_address_downloads_the_race(organiser: Client, raced: Tournament) -> None:
    response = organiser.get(reverse("night:export", args=[raced.pk]))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(b"".join(response.streaming_content))
    assert len(data["tables"][0]["race_deals"]) == len(FIVE)


def test_the_commands_take_a_race_there_and_back(tmp_path: Path, raced: Tournament) -> None:
    output = tmp_path / "race.json"
    before = evening(raced)
    call_command("export_night", raced.pk, output=output, verbosity=0)
    wipe()
    call_command("import_night", output, verbosity=0)
    assert evening(Tournament.objects.get()) == before


def test_an_announced_fipsen_travels_in_the_file_and_is_checked() -> None:
    tournament = race_night(5)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_options={"filler": 4, "must_trump": False, "announced_fipsen": True}
    )
    tournament.refresh_from_db()
    table = Table.objects.select_related("tournament").get(tournament=tournament)
    services.race_deal_record(table=table, sequence=1, counts=[4, 1, 0, 0, 0], announcer=0)
    data = night_export(tournament=tournament)
    before = evening(tournament)
    wipe()
    imported = night_import_bytes(json.dumps(data).encode())
    assert RaceDeal.objects.get().announcer == 0
    assert evening(imported) == before
    wipe()
    data["tournament"]["rule_options"]["announced_fipsen"] = False
    with pytest.raises(NightFileError, match="ohne angesagten Fipsen"):
        night_import_bytes(json.dumps(data).encode())
    assert RaceDeal.objects.count() == 0
