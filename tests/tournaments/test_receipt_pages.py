"""Where the receipts are shown: after each save on the three captain pages (and the answer's
``X-Preisfipsen-Receipt``), the table's sheet and the organiser's table pages, the PDFs; and
the organiser's page that checks a receipt typed from a phone or a sheet."""

import re
import uuid

import pytest
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from fipsen_rules import Game
from games.thedinghausen.models import RaceDeal
from games.tippen.models import PotDeal
from scoring import renderers, services
from scoring.models import Deal, DealChange
from scoring.scoresheets import scoresheet
from scoring.selectors import table_sheets
from scoring.standings.selectors import standings
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import deals_played, enter, playing_table
from tests.thedinghausen.helpers import deals_entered as races_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pots_entered
from tests.tippen.helpers import tippen_table
from tournaments.ledger.receipts import last_codes, table_chain
from tournaments.middleware import RECEIPT_HEADER, ReceiptHeaderMiddleware
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def last_code(table: Table) -> str:
    last = table_chain(table).last
    assert last is not None
    return last.code


def scored_post(client: Client, table: Table, **headers: str) -> tuple[object, dict[str, str]]:
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    data = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }
    data |= {"declarer": "1", "contract": "3", "result": "won"}
    url = reverse("scoring:table_entry", args=[table.token])
    return client.post(url, data, headers=headers), data


def test_a_scored_deal_s_answer_carries_its_receipt_and_the_screen_shows_it(
    client: Client,
) -> None:
    table = playing_table(deals=20, played=3)
    response, data = scored_post(client, table, HX_Request="true")
    code = last_code(table)
    assert response[RECEIPT_HEADER] == code  # type: ignore[index]
    assert f'data-receipt="{code}"' in response.content.decode()  # type: ignore[attr-defined]
    assert "Quittung für Spiel 4:" in response.content.decode()  # type: ignore[attr-defined]
    # The same form sent again (a dropped connection): the same deal, the same receipt.
    again = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert again[RECEIPT_HEADER] == code
    assert Deal.objects.filter(table=table).count() == 4


def test_a_refused_deal_has_no_receipt(client: Client) -> None:
    table = playing_table(deals=20, played=1)
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    sequence = re.search(r'name="sequence" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    data = {"sequence": sequence, "submission": str(uuid.uuid4()), "declarer": "1",
            "contract": "kieker", "hand": "on"}  # fmt: skip
    response = client.post(reverse("scoring:table_entry", args=[table.token]), data)
    assert RECEIPT_HEADER not in response
    assert Deal.objects.filter(table=table).count() == 1


def test_the_race_s_save_carries_its_receipt(client: Client) -> None:
    table = race_table()
    counts = {f"count-{seat}": count for seat, count in enumerate([2, 1, 1, 1, 0])}
    data = {"action": "save_counts", "sequence": 1, "submission": str(uuid.uuid4()), **counts}
    response = client.post(reverse("races:entry", args=[table.token]), data)
    assert RaceDeal.objects.filter(table=table).count() == 1
    code = last_code(table)
    assert response[RECEIPT_HEADER] == code
    page = client.get(reverse("races:entry", args=[table.token])).content.decode()
    assert f'data-receipt="{code}"' in page


def test_tippen_s_save_carries_its_receipt(client: Client) -> None:
    table = tippen_table(3)
    data = {"action": "save", "sequence": 1, "submission": str(uuid.uuid4()),
            "seat-0": "2", "seat-1": "1", "seat-2": "0"}  # fmt: skip
    response = client.post(reverse("pots:entry", args=[table.token]), data)
    assert PotDeal.objects.filter(table=table).count() == 1
    code = last_code(table)
    assert response[RECEIPT_HEADER] == code
    page = client.get(reverse("pots:entry", args=[table.token])).content.decode()
    assert f'data-receipt="{code}"' in page


def test_a_correction_says_that_the_receipts_are_new_from_its_deal(organiser: Client) -> None:
    table = tippen_table(3)
    pots_entered(table, "- - -", "1 1 1", "- - -")
    before = last_code(table)
    deal = PotDeal.objects.get(table=table, sequence=2)
    url = reverse("pots:table_deals", args=[table.tournament_id, table.pk])
    organiser.post(url, {"deal": deal.pk, "seat-0": "-", "seat-1": "-", "seat-2": "0"})
    after = last_code(table)
    assert after != before
    said = "Ab Spiel 2 neue Quittungen, weil Spiel 2 berichtigt wurde."
    page = organiser.get(url).content.decode()
    assert said in page
    assert after in page
    captain = Client().get(reverse("pots:entry", args=[table.token])).content.decode()
    assert said in captain
    history = organiser.get(reverse("night:history", args=[table.tournament_id]))
    assert said in history.content.decode()


def test_the_sheet_shows_every_deal_s_receipt_and_the_history_the_new_chain(
    organiser: Client,
) -> None:
    table = playing_table(deals=20, played=4)
    deal = Deal.objects.get(table=table, sequence=2)
    services.deal_correct(deal=deal, declarer=2, game=Game.parse("3 gewonnen"),
                          reason="vertippt", user=UserFactory())  # fmt: skip
    assert DealChange.objects.filter(deal=deal, action="corrected").exists()
    chain = table_chain(table)
    sheet = organiser.get(reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk]))
    page = sheet.content.decode()
    assert all(f'<td class="receipt-code">{link.code}</td>' in page for link in chain.links)
    assert "Ab Spiel 2 neue Quittungen, weil Spiel 2 berichtigt wurde." in page
    check = reverse("tournaments:receipt_check", args=[table.tournament_id])
    assert f'href="{check}?table=1&amp;deal=4"' in page
    captain = Client().get(reverse("scoring:table_sheet", args=[table.token])).content.decode()
    assert f'data-receipt="{chain.links[-1].code}"' in captain
    assert check not in captain


@pytest.mark.parametrize("played", [2, 60])
def test_the_pages_cost_the_same_queries_however_many_deals(organiser: Client, played: int) -> None:
    table = playing_table(deals=100, played=played)
    pages = [
        reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk]),
        reverse("scoring:table_entry", args=[table.token]),
        reverse("scoring:table_sheet", args=[table.token]),
        reverse("tournaments:receipt_check", args=[table.tournament_id])
        + f"?table=1&deal=2&code={table_chain(table).links[1].code}",
    ]
    counts = []
    for url in pages:
        with CaptureQueriesContext(connection) as queries:
            assert organiser.get(url).status_code == 200
        counts.append(len(queries))
    assert counts == EXPECTED_COUNTS.setdefault("pages", counts)


#: The first parametrized run's counts, which the second must match.
EXPECTED_COUNTS: dict[str, list[int]] = {}


def check(client: Client, at: Table, **query: object) -> str:
    url = reverse("tournaments:receipt_check", args=[at.tournament_id])
    response = client.get(url, query)
    assert response.status_code == 200
    return response.content.decode()


def test_the_check_says_when_a_receipt_matches(organiser: Client) -> None:
    table = race_table()
    races_entered(table, [2, 1, 1, 1, 0], [1, 1, 1, 1, 1], [0, 2, 1, 1, 1])
    code = table_chain(table).links[1].code
    page = check(organiser, table, table=1, deal=2, code=code)
    assert f"Stimmt: Spiel 2 an Tisch 1 ist so gespeichert (Quittung {code})." in page
    # Typed from a phone: small letters, a space, 0 for D and 1 for 7.
    typed = code.lower().replace("d", "0").replace("7", "1")
    page = check(organiser, table, table=1, deal=2, code=f"{typed[:2]} {typed[2:]}")
    assert "Stimmt: Spiel 2" in page


def test_the_check_says_what_the_server_has_when_it_does_not_match(organiser: Client) -> None:
    table = tippen_table(3)
    pots_entered(table, "- - -", "1 1 1", "- - -")
    chain = table_chain(table)
    wrong = next(c for c in ("AAA-AAA", "CCC-CCC") if c != chain.links[1].code)
    page = check(organiser, table, table=1, deal=2, code=wrong)
    assert (
        f"Stimmt nicht: Für Spiel 2 an Tisch 1 hat der Server die Quittung "
        f"{chain.links[1].code}, nicht {wrong}."
    ) in page
    assert "anders gespeichert" in page
    # Another deal's receipt is named as such.
    page = check(organiser, table, table=1, deal=2, code=chain.links[2].code)
    assert f"{chain.links[2].code} ist die Quittung von Spiel 3 an diesem Tisch." in page


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"table": 9, "deal": 1, "code": "AAAA"}, "Einen Tisch 9 gibt es in diesem Turnier nicht."),
        (
            {"table": 1, "deal": 7, "code": "AAAA"},
            "An Tisch 1 ist kein Spiel 7 gespeichert; gespeichert sind die Spiele 1 bis 2.",
        ),
        (
            {"table": 1, "deal": 1, "code": "AB5"},
            "Eine Quittung besteht aus 6 dieser Zeichen (eine ältere aus 4)",
        ),
        ({"table": "x", "deal": 1, "code": "AAAA"}, "Bitte eine ganze Zahl eingeben."),
    ],
)
def test_the_check_refuses_what_it_cannot_check_and_changes_nothing(
    organiser: Client, query: dict[str, object], said: str
) -> None:
    table = playing_table(deals=20, played=2)
    before = last_code(table)
    page = check(organiser, table, **query)
    assert said in page
    assert "Stimmt" not in page
    assert last_code(table) == before
    assert Deal.objects.filter(table=table).count() == 2


def test_the_check_is_the_organiser_s(client: Client) -> None:
    table = playing_table(deals=20, played=1)
    url = reverse("tournaments:receipt_check", args=[table.tournament_id])
    assert client.get(url).status_code == 302


def test_the_pdfs_print_each_table_s_last_receipt() -> None:
    table = playing_table(deals=20, played=0)
    for declarer, game in [(0, "2 gewonnen"), (1, "3 Hand verloren")]:
        enter(table, declarer, game)
    tournament = table.tournament
    code = last_code(table)
    assert last_codes(tournament) == {1: code}
    sheets = [scoresheet(sheet) for sheet in table_sheets(tournament=tournament)]
    text = pdf_text(renderers.scoresheets_pdf(tournament=tournament, sheets=sheets,
                                              receipts=last_codes(tournament)))  # fmt: skip
    assert f"Quittung {code}" in text
    ranking = renderers.ranking_pdf(
        tournament=tournament, standings=standings(tournament=tournament),
        receipts={1: last_codes(tournament)},
    )  # fmt: skip
    assert f"Tisch 1 {code}" in " ".join(pdf_text(ranking).split())


def test_a_long_table_s_receipts_need_no_more_queries() -> None:
    small, large = playing_table(deals=100, played=1), playing_table(deals=100, played=100)
    deals_played(small, 0)
    for table in (small, large):
        with CaptureQueriesContext(connection) as queries:
            table_chain(table)
        assert len(queries) == 1


def test_the_same_deal_from_another_form_gets_the_receipt_of_the_deal_stored() -> None:
    """The queue's ``duplicate`` (another form, the same deal: nothing to do): the receipt of
    the deal stored at that place, as a view that says so would answer."""
    table = tippen_table(3)
    pots_entered(table, "- - -", "1 1 1")
    chain = table_chain(table)

    def answer(word: str) -> HttpResponse:
        def view(request: HttpRequest) -> HttpResponse:
            response = HttpResponse("ok")
            response["X-Preisfipsen-Entry"] = word
            return response

        request = RequestFactory().post("/", {"submission": str(uuid.uuid4()), "sequence": "1"})
        request.resolver_match = resolve(reverse("pots:entry", args=[table.token]))
        return ReceiptHeaderMiddleware(view)(request)

    assert answer("duplicate")[RECEIPT_HEADER] == chain.links[0].code
    assert RECEIPT_HEADER not in answer("conflict")
    assert RECEIPT_HEADER not in answer("saved")  # saved, yet not stored: no receipt to give


def test_the_receipt_of_an_all_passed_is_checked_by_the_deal_before_it(organiser: Client) -> None:
    table = playing_table(deals=20, played=0)
    enter(table, 0, "2 gewonnen")
    enter(table, None, "alle gepasst")
    chain = table_chain(table)
    assert chain.links[-1].number is None
    page = check(organiser, table, table=1, deal=1, code=chain.links[-1].code)
    assert "Stimmt: Spiel 1 an Tisch 1 und das „alle gepasst“ danach sind so gespeichert" in page


def test_the_new_receipts_are_said_once_not_under_every_later_receipt(
    client: Client, organiser: Client
) -> None:
    """ "Ab Spiel 2 neue Quittungen …" stood under every receipt after the correction; it is
    said with the receipt the correction changed, until the next deal is saved."""
    table = playing_table(deals=20, played=4)
    services.deal_correct(deal=Deal.objects.get(table=table, sequence=2), declarer=2,
                          game=Game.parse("3 gewonnen"), reason="vertippt",
                          user=UserFactory())  # fmt: skip
    said = "Ab Spiel 2 neue Quittungen, weil Spiel 2 berichtigt wurde."
    captain = reverse("scoring:table_entry", args=[table.token])
    sheet = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    assert said in client.get(captain).content.decode()
    assert said in organiser.get(sheet).content.decode()

    scored_post(client, table)
    assert Deal.objects.filter(table=table).count() == 5
    for page in (client.get(captain), organiser.get(sheet)):
        receipt = re.search(r'<p class="receipt[^>]*>.*?</p>', page.content.decode(), re.DOTALL)
        assert receipt is not None
        assert f'data-receipt="{last_code(table)}"' in receipt.group()
        assert "neue Quittungen" not in receipt.group()
    # The correction's line in the history (the sheet's, the night's) keeps saying it.
    assert said in organiser.get(sheet).content.decode()
    history = organiser.get(reverse("night:history", args=[table.tournament_id]))
    assert said in history.content.decode()
