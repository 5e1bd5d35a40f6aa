"""A paper Spielliste typed in afterwards (issue 28 item 3): each line's game in the list
keeper's words, long or short ("Kr m2 +"), "eingepasst" a line that counts, and the running
total in the declarer's column checked against the rules: a won game adds its value, a lost
one takes twice it off. A wrong line is named in German and nothing of the list is saved; the
list goes on from deals entered on the phone. SQLite and PostgreSQL."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.preisskat.paper_help import skat_example
from scoring import paper, selectors, services
from scoring.evaluation import spoken_game
from scoring.models import Deal
from scoring.paper_forms import PaperSheetForm
from scoring.services.sheets import sheet_rules
from tests.preisskat.test_preisskat_night import _post, _table
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _declarers(table: Table, count: int) -> list[int]:
    """The Vorhand of each of the next ``count`` deals: never the dealer who sits out."""
    dealer = selectors.next_deal(table=table).dealer
    return [(dealer + 1 + n) % 4 for n in range(count)]


def _german(error: paper.SheetError) -> list[str]:
    form = PaperSheetForm({"text": "x"})
    form.is_valid()
    form.add_sheet_error(error)
    return [line.message for line in form.wrong_lines]


def test_a_list_typed_in_is_saved_with_its_running_totals_checked(organiser: Client) -> None:
    table = _table(organiser)
    a, b, c, d = _declarers(table, 4)
    # Kreuz mit 2: 36; Grand ohne 1 Hand lost: 72 twice off; Karo ohne 1 overbid at 22,
    # lost as 27: 54 off; Null ouvert won: 46.
    lines = [
        f"1. {a + 1} Kreuz mit 2 gewonnen | 36",
        "2. eingepasst",
        f"3 {c + 1} Gr o1 H - | -144",
        f"4. {d + 1} Karo ohne1 verloren Reizung 22 | -54",  # "ohne1" as typed in a hurry
        f"5. {a + 1} Null o + | 82",
    ]
    assert b == (a + 1) % 4  # deal 2 was all passed
    deals = services.sheet_import(table=table, text="\n".join(lines), user=None)

    assert [deal.game for deal in deals] == [
        "Kreuz mit 2 gewonnen",
        "eingepasst",
        "Grand ohne 1 Hand verloren",
        "Karo ohne 1 verloren Reizung 22",
        "Null ouvert gewonnen",
    ]
    assert [deal.number for deal in deals] == [1, 2, 3, 4, 5]  # eingepasst counts
    seats = seats_of(table=table)
    columns = selectors.declarer_columns(table=table, seats=seats, rules=sheet_rules(table))
    expected = {a: 82, c: -144, d: -54}
    assert columns == tuple(expected.get(seat, 0) for seat in range(4))
    # The list points: ±50 for the declarer, 30 to each other seat for a lost game.
    totals = selectors.seat_totals(table=table, seats=seats)
    won, lost = {a: 2}, {c: 1, d: 1}
    assert totals == tuple(
        expected.get(seat, 0) + 50 * (won.get(seat, 0) - lost.get(seat, 0))
        + 30 * (2 - lost.get(seat, 0))
        for seat in range(4)
    )  # fmt: skip


def test_a_list_goes_on_from_the_deals_the_phone_entered(organiser: Client) -> None:
    table = _table(organiser)
    first, second = _declarers(table, 2)
    _post(Client(), table, declarer=str(first), contract="kreuz", tops="2", result="won")
    # The first player's column goes on from the phone's 36: Pik mit 1 lost takes 44 off.
    text = f"2. {second + 1} Herz mit 1 + | 20\n3. {first + 1} Pik mit 1 - | -8"
    services.sheet_import(table=table, text=text, user=None)
    assert Deal.objects.filter(table=table).count() == 3
    wrong = f"4. {second + 1} Herz mit 1 + | 20"  # his column was at 20 already
    with pytest.raises(paper.SheetError) as raised:
        services.sheet_check(table=table, text=wrong)
    assert "müsste 40 sein, auf dem Zettel steht 20" in _german(raised.value)[0]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{a} Kreuz mit 2 gewonnen | 48",
         "müsste 36 sein, auf dem Zettel steht 48"),
        ("{a} Kreuz mit 2 gewonnen | 36 0 0 0",
         "einen Zwischenstand, den des Alleinspielers, nach „|“; diese Zeile hat 4"),
        ("eingepasst | 0", "Ein eingepasstes Spiel hat keinen Zwischenstand"),
        ("{dealer} Kreuz mit 2 gewonnen", "hat Spiel 1 gegeben und dabei ausgesetzt"),
        ("{a} Kreuz mit 2 Kontra gewonnen", "Dieses Turnier wird ohne Kontra und Re gespielt"),
        ("{a} Karo ohne 1 gewonnen Reizung 22", "Gereizt 22, das Spiel ist aber nur 18 wert"),
        ("{a} Pik Schneider angesagt gewonnen", "nur in einem Handspiel angesagt werden"),
        ("{a} 36", "„36“ allein sagt nicht, welches Spiel es war"),
        ("{a}", "Schreiben Sie nach dem Spieler das Spiel"),
        ("Kr m2 +", "Wer hat gespielt?"),  # the walk's finding: "„Kr“ spielt nicht …"
    ],
)  # fmt: skip
def test_a_wrong_line_is_named_in_german_and_nothing_is_saved(
    organiser: Client, line: str, message: str
) -> None:
    table = _table(organiser)
    upcoming = selectors.next_deal(table=table)
    seat = {"a": upcoming.declarers[0] + 1, "dealer": upcoming.dealer + 1}
    text = f"{line.format(**seat)}\n2. {upcoming.declarers[1] + 1} Herz mit 1 gewonnen | 20"

    with pytest.raises(paper.SheetError) as raised:
        services.sheet_import(table=table, text=text, user=None)

    said = _german(raised.value)
    assert message in said[0], said
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_help_s_example_lines_check_as_they_are_shown(organiser: Client, language: str) -> None:
    """The paper page's example, in the page's language, reads and checks whole."""
    table = _table(organiser)
    seats = seats_of(table=table)
    with translation.override(language):
        example = [spoken_game(line) for line in skat_example(seats, table.tournament, 0)]
    info = tuple(paper.SeatInfo(s.position, s.registration.player.name) for s in seats)
    # Deals 12 to 15 dealt by seats 4, 1, 2 and 3: none of the example's declarers deals.
    start = paper.SheetStart(info, 12, 48, (0,) * 4, dealer=3, sizes=(3, 4))
    sheet = paper.check_sheet("\n".join(example), start=start, rules=sheet_rules(table))
    assert [row.totals[0] for row in sheet.rows] == [36, 36, 36, -4]
    assert sheet.rows[2].totals[2] == -144


def test_the_captain_s_paper_page_shows_the_list_s_help(organiser: Client) -> None:
    table = _table(organiser)
    first = _declarers(table, 1)[0]
    _post(Client(), table, declarer=str(first), contract="kreuz", tops="2", result="won")
    page = Client().get(reverse("scoring:table_paper", args=[table.token])).content.decode()
    # Each seat's column as the list has it now: the walk's finding (the sheet showed 86).
    assert page.count("bisher 36") == 1
    assert page.count("bisher 0") == 3
    assert "Zwischenstand in der Spalte des Alleinspielers" in page
    assert "13. eingepasst" in page
    assert "Papierbögen" not in page  # no refusal: the list is read
