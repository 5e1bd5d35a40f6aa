"""The proof of issue 27 (who sits out, and a passed deal that counts, come from the rule set):
Reizfips, whose dealer sits out at a table of FOUR as in Skat (all play at three) and whose
passed deals ("eingepasst") count and pass the deal on, plays a short night through the
captain's pages. At the table of four the sitting-out dealer is never offered as the declarer,
and is refused when posted; at three everyone is offered. The deal numbers, the dealers, every
seat's totals (a lost game moves the others' too), the sheet and the standings are right, and
the form's deal counts are the rule set's. No file of the project names Reizfips. Runs on
SQLite and PostgreSQL."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from tests.rule_set_proof.reizfips import BIDS, NAME, OPPONENTS_GAIN
from tournaments.draw.rule_seating import table_deals
from tournaments.models import Player, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german", "reizfips_registered")]

#: Seven players: a table of four (four deals) and one of three (three deals).
PLAYERS = [f"Reizer {number}" for number in range(1, 8)]
DEALS = {4: 4, 3: 3}
#: The deal where all pass (it counts, and the deal passes on).
PASSED_DEAL = 2
FORM = {
    "name": "Reizfips-Runde",
    "date": "2026-12-06",
    "place": "Prisdorf",
    "rule_set": NAME,
    "deals_at_four": "4",
    "deals_at_three": "3",
    "tie_break": "",
    "entry_fee": "0",
}


def _hidden(page: str) -> dict[str, str]:
    """The deal form's own hidden fields (the sequence expected, this entry's id)."""
    found = {}
    for name in ("sequence", "submission"):
        match = re.search(rf'name="{name}" value="([^"]+)"', page)
        assert match, f"no {name} on the page"
        found[name] = match.group(1)
    return found


def _offered(page: str) -> set[int]:
    """The seats the captain's form offers as the declarer."""
    return {int(seat) for seat in re.findall(r'name="declarer" id="[^"]*" value="(\d+)"', page)}


def _night(organiser: Client) -> list[Table]:
    """Created on the form, the players checked in, drawn and started. The form's counts are
    the rule set's own: none is stored, and every table plays the rule set's."""
    assert organiser.post(reverse("tournaments:tournament_create"), FORM).status_code == 302
    tournament = Tournament.objects.get(name=FORM["name"])
    assert (tournament.deals_at_four, tournament.deals_at_three) == (None, None)
    for name in PLAYERS:
        player = Player.objects.create(name=name, club="Skatclub", name_key=name.lower())
        url = reverse("tournaments:registration_add", args=[tournament.pk])
        assert organiser.post(url, {"player": player.pk, "check_in": "on"}).status_code == 302
    draw = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    # The rule set's sitting out is said of the table of four, not of the three.
    assert "1 Vierertisch (der Geber setzt jedes Spiel aus)" in draw
    assert "1 Dreiertisch" in draw
    assert "Dreiertisch (der Geber" not in draw
    confirmed = {"confirm": "yes"}
    organiser.post(reverse("tournaments:draw", args=[tournament.pk]), confirmed)
    organiser.post(reverse("tournaments:start", args=[tournament.pk]), confirmed)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    assert sorted(table.seats.count() for table in tables) == [3, 4]
    assert {table.seats.count(): table.deals for table in tables} == DEALS
    return tables


def _game(declarer: int, contract: str, bid: int, result: str) -> dict[str, str]:
    return {"declarer": str(declarer), "contract": contract, "bid": str(bid), "result": result}


def _refused_as_declarer(phone: Client, table: Table, page: str, dealer: int) -> None:
    """The sitting-out dealer posted as the declarer anyway: refused, nothing saved."""
    taps = {**_hidden(page), **_game(dealer, "farbe", 18, "won")}
    before = Deal.objects.filter(table=table).count()
    preview = phone.post(reverse("scoring:table_preview", args=[table.token]), taps)
    answer = phone.post(reverse("scoring:table_entry", args=[table.token]), taps, follow=True)
    for page_text in (preview.content.decode(), answer.content.decode()):
        assert "setzt in diesem Spiel aus" in page_text or "spielt dieses Spiel nicht" in page_text
    assert Deal.objects.filter(table=table).count() == before


def _played(table: Table) -> list[int]:
    """Every deal of ``table`` tapped on its captain's link; each seat's total."""
    phone = Client()
    size = table.seats.count()
    totals = [0] * size
    for number in range(1, table.deals + 1):
        page = phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
        assert f"Spiel {number} eintragen" in page
        # Every deal counts, the passed one too: the deal passes on after each.
        dealer = (table.first_dealer + number - 1) % size
        out = dealer if size == 4 else None
        assert _offered(page) == set(range(size)) - {out}, number
        if out is not None and number == 1:
            _refused_as_declarer(phone, table, page, dealer)
        if number == PASSED_DEAL:
            taps = {**_hidden(page), "contract": "passed"}
        else:
            declarer = (dealer + 1 + number) % size
            declarer = (declarer + 1) % size if declarer == out else declarer
            won = number != 3  # deal 3 lost at both tables: the others gain
            bid = BIDS[number]
            taps = {**_hidden(page), **_game(declarer, "farbe", bid, "won" if won else "lost")}
            for seat in set(range(size)) - {out}:
                mine = seat == declarer
                totals[seat] += (bid if won else -2 * bid) if mine else 0 if won else OPPONENTS_GAIN
        saved = phone.post(reverse("scoring:table_entry", args=[table.token]), taps, follow=True)
        assert "Eingetragen:" in saved.content.decode(), number
    # The passed deal in its own word, German as stored, English on an English page.
    url = reverse("scoring:table_entry", args=[table.token])
    assert "eingepasst" in phone.get(url).content.decode()
    english = phone.get(url, headers={"Accept-Language": "en"}).content.decode()
    assert "passed in" in english
    assert "eingepasst" not in english
    deals = list(Deal.objects.filter(table=table).order_by("sequence"))
    assert [deal.number for deal in deals] == list(range(1, table.deals + 1))
    assert [deal.dealer for deal in deals] == [
        (table.first_dealer + n) % size for n in range(table.deals)
    ]
    assert [deal.is_passed for deal in deals] == [
        n == PASSED_DEAL for n in range(1, table.deals + 1)
    ]
    assert Deal.objects.get(table=table, number=PASSED_DEAL).game == "eingepasst"
    if size == 4:
        assert all(deal.declarer != deal.dealer for deal in deals)
    done = phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert f"Spiel {table.deals + 1} eintragen" not in done
    return totals


def _passed_corrected_to_a_game(organiser: Client, table: Table, totals: list[int]) -> None:
    """The organiser makes the older passed deal at the table of four a game: it counted
    already, so nothing is renumbered (Fipsen refuses this: it would renumber every later
    deal); its dealer sat it out and is not offered."""
    deal = Deal.objects.get(table=table, number=PASSED_DEAL)
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, deal.pk])
    page = organiser.get(url).content.decode()
    assert _offered(page) == set(range(4)) - {deal.dealer}
    declarer = (deal.dealer + 1) % 4
    taps = {**_game(declarer, "grand", 24, "won"), "reason": "Zettel"}
    organiser.post(url, {**_hidden(page), **taps}, follow=True)
    deal.refresh_from_db()
    assert (deal.number, deal.declarer, deal.game, deal.score) == (
        PASSED_DEAL,
        declarer,
        "Grand 24 gewonnen",
        24,
    )
    numbers = Deal.objects.filter(table=table).order_by("sequence").values_list("number", flat=True)
    assert list(numbers) == list(range(1, table.deals + 1))
    totals[declarer] += 24


def test_a_reizfips_night_through_the_captains_pages(organiser: Client) -> None:
    tables = _night(organiser)
    totals = {table.pk: _played(table) for table in tables}
    tournament = tables[0].tournament
    four = next(table for table in tables if table.seats.count() == 4)
    _passed_corrected_to_a_game(organiser, four, totals[four.pk])

    # The sheet: every deal counted ("4 von 4"), each seat's running total after the last.
    for table in tables:
        url = reverse("scoring:organiser_sheet", args=[tournament.pk, table.pk])
        sheet = organiser.get(url).content.decode()
        assert f"{table.deals} von {table.deals} Spielen" in sheet
        last = sheet.split(f'<th scope="row">{table.deals}</th>', 1)[1].split("</tr>", 1)[0]
        cells = re.findall(r"<td class=\"[^\"]*\">([^<]*)</td>", last)
        printed = [int(cell.replace("−", "-")) for cell in cells[: table.seats.count()]]
        assert printed == totals[table.pk]

    standings = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    for table in tables:
        for seat in table.seats.select_related("registration__player"):
            points = totals[table.pk][seat.position]
            row = standings.split(seat.registration.player.name, 1)[1].split("</tr>", 1)[0]
            assert re.search(rf">\s*{str(points).replace('-', '[-−]')}\s*<", row), row


def test_deal_counts_come_from_the_rule_set_unless_the_organiser_changes_them(
    organiser: Client,
) -> None:
    form = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    # Every shipped rule set's counts, shown as before.
    assert re.search(r'name="deals_at_four"[^>]*value="100"', form)
    assert re.search(r'name="deals_at_three"[^>]*value="120"', form)
    posted = {**FORM, "name": "Eigene Zahl", "deals_at_four": "8"}
    assert organiser.post(reverse("tournaments:tournament_create"), posted).status_code == 302
    own = Tournament.objects.get(name="Eigene Zahl")
    # The organiser's count at four is kept; the three plays the rule set's.
    assert (own.deals_at_four, own.deals_at_three, table_deals(own)) == (8, None, {4: 8, 3: 3})
    assert organiser.post(reverse("tournaments:tournament_create"), FORM).status_code == 302
    left = Tournament.objects.get(name=FORM["name"])
    assert (left.deals_at_four, table_deals(left)) == (None, {4: 4, 3: 3})
