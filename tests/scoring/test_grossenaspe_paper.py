"""A Großenaspe paper sheet typed in (SPEC C3): its lines in Großenaspe's words, each
opponent's gain on a failed game, the dealer of a table of five sitting out; every wrong line
named in German, nothing saved of a sheet with one."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from fipsen_rules import GROSSENASPE, Grossenaspe
from scoring import selectors
from scoring.models import Deal, DealChange
from scoring.paper import SeatInfo, SheetError, SheetStart, check_sheet
from scoring.paper_forms import PaperSheetForm
from scoring.standings.selectors import standings
from tests.scoring.helpers import aspe_night
from tests.scoring.paper_sheets import NAMES
from tournaments.draw.tables import seats_of
from tournaments.models import Table

FIVE = tuple(SeatInfo(position, name) for position, name in enumerate((*NAMES, "Erika Kahl")))
FOUR = FIVE[:4]


def _start(seats: tuple[SeatInfo, ...] = FOUR, dealer: int = 3, number: int = 1) -> SheetStart:
    deals = 125 if len(seats) == 5 else 100
    return SheetStart(seats, number, deals, (0,) * len(seats), dealer=dealer)


def _german(error: SheetError) -> list[str]:
    """Every wrong line's message as the page shows it, in German."""
    with translation.override("de"):
        form = PaperSheetForm({"text": "x"})
        form.is_valid()
        form.add_sheet_error(error)
        return [line.message for line in form.wrong_lines]


def _refused(text: str, start: SheetStart, rules: Grossenaspe = GROSSENASPE) -> SheetError:
    with pytest.raises(SheetError) as caught:
        check_sheet(text, start=start, rules=rules)
    return caught.value


# The check, without a database


def test_a_sheet_of_four_in_grossenaspe_s_words() -> None:
    text = (
        "1. Anna 3 Gute beet | 0 6 6 6\n"  # each opponent of Anna gains 6
        "2. 2 Fips gewonnen | 0 26 6 6\n"  # seat 2 gains 20
        "3. Jürgen Kieker aufgegeben -5 | 5 31 6 11\n"  # each opponent 5; its value written
        "Dora 3 Kreuz gewonnen\n"  # a plain bid, clubs chosen: doubled
        "anna 4 POTT beet\n"
        "Bernd 2 Durch verloren\n"  # played on for five and lost: 5 to each opponent
    )
    sheet = check_sheet(text, start=_start(), rules=GROSSENASPE)
    rows = [(row.number, row.declarer, str(row.game), row.score) for row in sheet.rows]
    assert rows == [
        (1, 0, "3 Gute beet", -6),
        (2, 1, "Fips gewonnen", 20),
        (3, 2, "Kieker aufgegeben", -5),
        (4, 3, "3 Kreuz gewonnen", 6),
        (5, 0, "4 pott beet", -5),
        (6, 1, "2 Durch verloren", -5),
    ]
    assert sheet.rows[2].written_value == -5
    assert sheet.rows[-1].totals == (10, 36, 16, 27)
    assert all(row.sitting_out is None for row in sheet.rows)


def test_at_five_the_dealer_of_each_line_sits_out_and_keeps_his_total() -> None:
    # Deal 1 is dealt by seat 5, deal 2 by seat 1, deal 3 by seat 2: each gains nothing.
    text = (
        "1 3 Gute beet | 0 6 6 6 0\n2 Fips gewonnen | 0 26 6 6 0\n3 Kieker aufgegeben | 5 26 6 11 5"
    )
    sheet = check_sheet(text, start=_start(FIVE, dealer=4), rules=GROSSENASPE)
    assert [row.sitting_out for row in sheet.rows] == [4, 0, 1]
    assert sheet.rows[-1].totals == (5, 26, 6, 11, 5)


def test_at_five_a_line_for_the_dealer_is_named_with_who_dealt() -> None:
    error = _refused("1 3 gewonnen\n1 Fips gewonnen", _start(FIVE, dealer=4))
    assert [wrong.line for wrong in error.lines] == [2]
    assert error.lines[0].problems[0].code == "paper_dealer_sits_out"
    assert _german(error) == [
        "Zeile 2 (Spiel 2): Anna Möller hat Spiel 2 gegeben und dabei ausgesetzt (an diesem "
        "Tisch setzt der Geber aus): Ein anderer Spieler hat es gespielt. Stimmt der Platz "
        "oder der Name nicht, oder fehlt eine Zeile?"
    ]


def test_a_wrong_total_at_five_names_the_line_and_the_player() -> None:
    # The dealer's column is written as if he had been an opponent: +6 too many.
    error = _refused("1 3 Gute beet | 0 6 6 6 6", _start(FIVE, dealer=4))
    (message,) = _german(error)
    assert message.startswith("Zeile 1 (Spiel 1): ")
    assert "Die Summe von Erika Kahl müsste 0 sein, auf dem Zettel steht 6." in message


@pytest.mark.parametrize(
    ("line", "code", "german"),
    [
        # Prisdorf's words are not Großenaspe's.
        ("Anna 3 Hand verloren", "notation_unknown_word", "„Hand“"),
        # A value alone: "-6" is 3 Gute beet, 3 Kreuz beet …
        ("Anna -6", "paper_aspe_value_only", "„−6“ allein sagt nicht, welches Spiel es war"),
        ("Anna", "paper_aspe_entry_missing", "„3 Gute beet“, „4 gewonnen“ oder „Kieker"),
        ("Anna 3 Gute beet -3", "value_mismatch", "−6"),
        ("Anna 3 beet geklopft", "kloppen_option", "Kloppen"),
        ("Anna 1 beet", "beet_impossible", ""),
        ("Anna 3 verloren", "failure_unsaid", ""),
        ("Anna alle gepasst", "paper_passed", "alle gepasst"),
    ],
)
def test_each_wrong_line_is_named_in_german(line: str, code: str, german: str) -> None:
    error = _refused(f"Bernd 2 gewonnen\n{line}\nDora 2 gewonnen", _start())
    assert [wrong.line for wrong in error.lines] == [2]
    assert error.lines[0].problems[0].code == code
    (message,) = _german(error)
    assert message.startswith("Zeile 2 (Spiel 2): ")
    assert german in message


def test_geklopft_counts_double_where_the_tournament_plays_kloppen() -> None:
    sheet = check_sheet("Anna 3 beet geklopft", start=_start(), rules=Grossenaspe(kloppen=True))
    assert sheet.rows[0].totals == (0, 6, 6, 6)


# The pages and the save


def _lines(table: Table, games: list[tuple[str, int, int]]) -> tuple[str, tuple[int, ...]]:
    """A sheet for ``table``: each game played by the seat after the dealer (by seat number),
    with the totals as the club works them out by hand (SPEC C3.2: the declarer's gain, else
    each opponent's; the dealer of a five gains nothing)."""
    seats = table.seats.count()
    dealer = selectors.next_deal(table=table).dealer
    totals = [0] * seats
    lines = []
    for number, (game, declarer_gain, opponents_gain) in enumerate(games, 1):
        declarer = (dealer + 1) % seats
        for seat in range(seats):
            if seat == declarer:
                totals[seat] += declarer_gain
            elif seats == 4 or seat != dealer:
                totals[seat] += opponents_gain
        lines.append(f"{number}. {declarer + 1} {game} | " + " ".join(map(str, totals)))
        dealer = (dealer + 1) % seats
    return "\n".join(lines), tuple(totals)


GAMES = [
    ("3 gewonnen", 3, 0),
    ("3 Gute beet", 0, 6),
    ("Kieker aufgegeben", 0, 5),
    ("Fips Gute verloren", 0, 40),
    ("2 Kreuz gewonnen", 4, 0),
    ("5 pott beet", 0, 5),
    ("Kieker Kreuz gewonnen", 20, 0),
]


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 5])
def test_the_organiser_checks_and_saves_a_sheet(players: int, organiser: Client) -> None:
    tournament = aspe_night(players)
    table = Table.objects.get(tournament=tournament)
    text, totals = _lines(table, GAMES)
    url = reverse("scoring:organiser_paper", args=[tournament.pk, table.pk])

    page = organiser.get(url).content.decode()
    assert "Papierzettel lassen sich nur" not in page
    assert "Großenasper Worten" in page
    assert "3 Gute beet" in page
    assert "3 Hand verloren" not in page

    preview = organiser.post(url, {"text": text, "check": ""}).content.decode()
    assert "Alle Zeilen stimmen. Das wird gespeichert:" in preview
    assert (players == 5) == ("setzt aus" in preview)
    assert not Deal.objects.filter(table=table).exists()  # the check saves nothing
    batch = re.search(r'name="batch" value="([^"]+)"', preview).group(1)  # type: ignore[union-attr]

    organiser.post(url, {"text": text, "batch": batch, "save": ""})

    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [deal.game for deal in deals] == [game for game, _, _ in GAMES]
    assert [deal.value for deal in deals] == [3, -6, -5, -40, 4, -5, 20]
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == totals
    assert selectors.table_sheet(table=table).totals == totals
    points = {s.seat.position: s.points for s in standings(tournament=tournament)}
    assert tuple(points[p] for p in range(players)) == totals
    entered = DealChange.objects.filter(deal__table=table, action=DealChange.Action.ENTERED)
    assert entered.count() == len(GAMES)
    assert all(change.user is not None for change in entered)


@pytest.mark.django_db
def test_a_sheet_with_a_wrong_line_saves_nothing_and_names_it(organiser: Client) -> None:
    tournament = aspe_night(5)
    table = Table.objects.get(tournament=tournament)
    text, _ = _lines(table, GAMES)
    lines = text.splitlines()
    lines[3] = lines[3].replace("Fips Gute verloren", "Fips Gute beet")
    url = reverse("scoring:organiser_paper", args=[tournament.pk, table.pk])

    for action in ("check", "save"):
        page = " ".join(
            organiser.post(url, {"text": "\n".join(lines), action: ""}).content.decode().split()
        )
        assert "Zeile 4 (Spiel 4):" in page
        assert "beet passt nicht zu Fips." in page
        assert "nichts gespeichert" in page
        assert not Deal.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_the_captain_types_in_a_grossenaspe_sheet_too() -> None:
    table = Table.objects.get(tournament=aspe_night(4))
    text, totals = _lines(table, GAMES[:3])
    client = Client()
    url = reverse("scoring:table_paper", args=[table.token])
    preview = client.post(url, {"text": text, "check": ""}).content.decode()
    batch = re.search(r'name="batch" value="([^"]+)"', preview).group(1)  # type: ignore[union-attr]
    client.post(url, {"text": text, "batch": batch, "save": ""})
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == totals
    assert all(deal.user is None for deal in DealChange.objects.filter(deal__table=table))
