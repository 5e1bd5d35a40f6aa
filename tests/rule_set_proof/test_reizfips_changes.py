"""A deal shows the rule set's own changes of every seat (issue 27), played with Reizfips, a
game of the tests where a lost game costs the declarer twice the bid (−36 for "Farbe 18
verloren") while each other player gains 10 and the dealer, sitting out at a table of four,
nothing: the captain's preview and receipt, the history, the totals, the sheet and the
scoresheet PDF (the declarer's own −36, not the others' gain), the standings, and the night's
file (version 7, with the seats' changes, imported again as they were; changed, refused).
Runs on SQLite and PostgreSQL."""

import json
import re
import uuid

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring import selectors
from scoring.models import Deal, DealChange
from scoring.night_file.transfer import (
    VERSION,
    NightFileError,
    night_export_bytes,
    night_import_bytes,
)
from scoring.scoresheets import scoresheet
from scoring.standings import selectors as standings_selectors
from tests.night_file_helpers import without_accounts
from tests.rule_set_proof.reizfips import NAME
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = [
    pytest.mark.django_db(transaction=True),  # the database is emptied before the import
    pytest.mark.usefixtures("reizfips_registered"),
]


def _table() -> Table:
    tournament = night(present=4, rule_set=NAME)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    return Table.objects.select_related("tournament").get(tournament=tournament)


def _entered(client: Client, table: Table, declarer: int, taps: dict[str, str]) -> str:
    upcoming = selectors.next_deal(table=table)
    data = {
        "sequence": str(upcoming.sequence),
        "submission": str(uuid.uuid4()),
        "declarer": str(declarer),
        **taps,
    }
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data, follow=True)
    return " ".join(response.content.decode().split())


def test_a_lost_game_shows_the_declarers_loss_and_each_seats_change() -> None:
    table = _table()
    client = Client()
    dealer = selectors.next_deal(table=table).dealer
    declarer, out = (dealer + 1) % 4, dealer
    lost = {"contract": "farbe", "bid": "18", "result": "lost"}

    preview = client.post(
        reverse("scoring:table_preview", args=[table.token]),
        {"sequence": "1", "submission": str(uuid.uuid4()), "declarer": str(declarer), **lost},
    )
    assert (
        'Farbe 18 verloren</span> = <strong class="preview-score">−36, je Gegenspieler +10'
        in " ".join(preview.content.decode().split())
    )
    receipt = _entered(client, table, declarer, lost)
    assert "Farbe 18 verloren −36 – die Gegner je +10" in receipt

    deal = Deal.objects.get(table=table)
    expected = tuple(-36 if seat == declarer else 0 if seat == out else 10 for seat in range(4))
    assert deal.seat_changes[:4] == expected
    assert deal.value == -36
    after = DealChange.objects.get(deal=deal).after
    assert after.endswith(": Farbe 18 verloren −36 – die Gegner je +10")
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == expected

    sheet = selectors.table_sheet(table=table)
    assert [(row.deal.value, row.totals) for row in sheet.rows] == [(-36, expected)]
    page = client.get(reverse("scoring:table_sheet", args=[table.token])).content.decode()
    assert re.search(r'<td title="Farbe 18 verloren">\s*−36\s*</td>', page)
    printed = scoresheet(sheet)
    assert printed.lines[0].value == -36
    assert tuple(cell.total for cell in printed.lines[0].cells) == expected

    standings = standings_selectors.standings(tournament=table.tournament)
    assert {s.seat.position: s.points for s in standings} == dict(enumerate(expected))
    assert {s.seat.position: s.lost for s in standings}[declarer] == 1


def test_the_night_file_carries_the_changes_and_imports_them_again() -> None:
    table = _table()
    client = Client()
    dealer = selectors.next_deal(table=table).dealer
    _entered(client, table, (dealer + 1) % 4, {"contract": "farbe", "bid": "20", "result": "lost"})
    _entered(client, table, (dealer + 3) % 4, {"contract": "grand", "bid": "48", "result": "won"})
    content = night_export_bytes(tournament=table.tournament)
    data = json.loads(content)
    deals = data["tables"][0]["deals_played"]
    assert data["preisfipsen_night"] == VERSION == 7
    changes = [deal.get("seat_changes") for deal in deals]
    assert sorted(changes[0] or ()) == [-40, 0, 10, 10]
    assert changes[1] is None  # the declarer's alone: as a Preisfipsen of before totals it
    figures = _figures(table)

    call_command("flush", interactive=False, verbosity=0)
    imported = night_import_bytes(content)

    again = Table.objects.get(tournament=imported)
    assert _figures(again) == figures
    assert (
        night_export_bytes(tournament=imported)
        == json.dumps(without_accounts(data), ensure_ascii=False, indent=1).encode()
    )
    call_command("flush", interactive=False, verbosity=0)
    deals[0]["seat_changes"] = [-40, 10, 10, 10]  # the dealer did not sit out: not these rules
    with pytest.raises(NightFileError, match="Tisch 1, Spiel 1: Die Punkte je Platz"):
        night_import_bytes(json.dumps(data).encode())


def _figures(table: Table) -> tuple[object, ...]:
    seats = seats_of(table=table)
    sheet = selectors.table_sheet(table=table)
    return (
        selectors.seat_totals(table=table, seats=seats),
        [(row.deal.value, row.totals) for row in sheet.rows],
    )
