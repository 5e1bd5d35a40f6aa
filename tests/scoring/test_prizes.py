"""The prize list: typed lines, entry fees split in percentages, shared places in the standings."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring.models import Prize
from scoring.standings import selectors as standings_selectors
from scoring.standings.prize_allocation import Kind, Line
from scoring.standings.prize_forms import FeeSplitForm, PrizeListForm
from scoring.standings.ranking import Prize as PrizeValue
from scoring.standings.services import prizes_set, prizes_split_fees
from scoring.standings.tables import prize_text
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import all_paid, night

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("line", "place", "money", "name"),
    [
        ("1. 50 €", 1, Decimal(50), ""),
        ("2: Präsentkorb", 2, Decimal(0), "Präsentkorb"),
        ("3) 20,50 € + Flasche Wein", 3, Decimal("20.50"), "Flasche Wein"),
        ("4 10 EUR", 4, Decimal(10), ""),
        # The place with its word: money, not goods called "Platz: 20 €" (a newcomer's night:
        # the cash report counted 30 € of prizes as goods).
        ("1. Platz: 20 €", 1, Decimal(20), ""),
        ("Platz 2 - 10 € + Pokal", 2, Decimal(10), "Pokal"),
        ("3. Platzdeckchen", 3, Decimal(0), "Platzdeckchen"),
    ],
)
def test_a_prize_line(line: str, place: int, money: Decimal, name: str) -> None:
    form = PrizeListForm({"lines": line})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["lines"] == [Line(Kind.PLACE, place, money, name)]


@pytest.mark.parametrize(
    ("typed", "money"),
    [
        ("50,-", Decimal(50)),
        ("5,- €", Decimal(5)),
        ("5.-", Decimal(5)),
        ("50,--", Decimal(50)),
        ("€20", Decimal(20)),
        ("€ 20", Decimal(20)),
        ("20 Euro", Decimal(20)),
        ("20 EUR", Decimal(20)),
        ("7,50", Decimal("7.50")),
        ("7.50 €", Decimal("7.50")),
    ],
)
def test_money_as_clubs_write_it_is_money(typed: str, money: Decimal) -> None:
    """Issue 30, 3: "50,-" was saved as goods, and the cash report paid out nothing."""
    form = PrizeListForm({"lines": f"1. {typed}\nBeste Dame: {typed} + Rose"})
    assert form.is_valid(), form.errors
    assert [(line.money, line.goods) for line in form.cleaned_data["lines"]] == [
        (money, ""),
        (money, "Rose"),
    ]


@pytest.mark.parametrize("lines", ["1.", "2. 20 €\n1.", "1 ", "12", "3:", "Beste Dame:"])
def test_a_place_without_a_prize_is_refused_naming_the_line(lines: str) -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "1. 50 €"})

    page = client.post(url, {"lines": lines}).content.decode()

    line = len(lines.strip().splitlines())
    assert f"Zeile {line}: Der Preis fehlt: schreiben Sie ihn hinter den Platz" in page
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]


def test_a_line_without_a_place_is_pointed_out() -> None:
    form = PrizeListForm({"lines": "1. 50 €\nPräsentkorb"})
    assert not form.is_valid()
    assert "Zeile 2" in str(form.errors["lines"])


@pytest.mark.parametrize("typed", ["50 % / 30,5 / 19.5", "50, 30,5; 19.5", "50%30,5%19.5%"])
def test_the_percentages(typed: str) -> None:
    form = FeeSplitForm({"percentages": typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["percentages"] == [Decimal(50), Decimal("30.5"), Decimal("19.5")]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-10 50", "Ein Anteil am Startgeld kann nicht negativ sein: -10 %."),
        ("50 − 10", "Ein Anteil am Startgeld kann nicht negativ sein: -10 %."),
        ("50 -5 -5,5", "Ein Anteil am Startgeld kann nicht negativ sein: -5 %, -5,5 %."),
        ("50 dreißig 20", "„dreißig“ ist kein Prozentsatz: Bitte Zahlen angeben"),
        ("50 3O", "„3O“ ist kein Prozentsatz"),
        ("50,30,20", "„50,30,20“ ist kein Prozentsatz"),
    ],
    ids=["negative", "minus-sign-apart", "two-negative", "word", "letter-o", "commas"],
)
def test_percentages_that_are_no_shares_are_refused_naming_them_and_nothing_is_saved(
    typed: str, message: str
) -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "1. Präsentkorb"})

    page = client.post(url, {"percentages": typed, "confirm": "yes"}).content.decode()

    assert message in page
    assert [str(p) for p in Prize.objects.all()] == ["1. Präsentkorb"]


def test_the_service_refuses_a_negative_share_too() -> None:
    table = playing_table(entry_fee=Decimal(5))
    with pytest.raises(ValidationError) as error:
        prizes_split_fees(tournament=table.tournament, percentages=[Decimal(-10), Decimal(50)])
    assert error.value.code == "negative_share"
    assert not Prize.objects.exists()


def test_the_prize_list_is_replaced_whole() -> None:
    table = playing_table()
    prizes_set(
        tournament=table.tournament,
        prizes=[PrizeValue(1, Decimal(50)), PrizeValue(2, name="Präsentkorb")],
    )
    prizes_set(tournament=table.tournament, prizes=[PrizeValue(1, Decimal(40))])
    assert [str(p) for p in Prize.objects.all()] == ["1. 40,00 €"]


@pytest.mark.parametrize(
    ("prizes", "code"),
    [
        ([PrizeValue(2)], "empty_prize"),
        ([PrizeValue(0, Decimal(5))], None),
    ],
)
def test_a_bad_prize_list_saves_nothing(prizes: list[PrizeValue], code: str | None) -> None:
    table = playing_table()
    prizes_set(tournament=table.tournament, prizes=[PrizeValue(1, Decimal(50))])
    with pytest.raises(ValidationError) as error:
        prizes_set(tournament=table.tournament, prizes=prizes)
    if code:
        assert error.value.code == code
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]


def test_splitting_the_entry_fees_keeps_the_named_prizes() -> None:
    table = playing_table(entry_fee=Decimal(5))
    all_paid(table.tournament)  # 4 players: 20 €
    prizes_set(tournament=table.tournament, prizes=[PrizeValue(4, name="Korb")])
    prizes_split_fees(tournament=table.tournament, percentages=[Decimal(60), Decimal(40)])
    assert [(p.place, p.money, p.name) for p in Prize.objects.all()] == [
        (1, Decimal("12.00"), ""),
        (2, Decimal("8.00"), ""),
        (4, Decimal("0.00"), "Korb"),
    ]


@pytest.mark.parametrize(
    ("fee", "shares", "code"), [(5, [60, 50], "over_100"), (0, [100], "no_fee")]
)
def test_a_fee_split_that_cannot_be(fee: int, shares: list[int], code: str) -> None:
    table = playing_table(entry_fee=Decimal(fee))
    with pytest.raises(ValidationError) as error:
        prizes_split_fees(tournament=table.tournament, percentages=[Decimal(s) for s in shares])
    assert error.value.code == code


def test_tied_players_share_the_money_in_the_standings() -> None:
    table = playing_table(tie_break="")
    enter(table, 0, "4 +")
    enter(table, 1, "3 +")
    enter(table, 2, "3 +")
    prizes_set(
        tournament=table.tournament,
        prizes=[PrizeValue(1, Decimal(50)), PrizeValue(2, Decimal(30)), PrizeValue(3, Decimal(21))],
    )
    rows = {
        row.seat.position: row for row in standings_selectors.standings(tournament=table.tournament)
    }
    assert rows[0].money == Decimal(50)
    assert rows[1].money == rows[2].money == Decimal("25.50")
    assert prize_text(rows[1]) == "25,50 € (geteilt)"
    assert prize_text(rows[3]) == ""


def test_the_prizes_page() -> None:
    table = playing_table(entry_fee=Decimal(5))
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:prizes", args=[table.tournament_id])
    response = client.post(url, {"lines": "1. 50 €\n2. Präsentkorb"})
    assert response.status_code == 302
    assert "Präsentkorb" in client.get(url).content.decode()
    response = client.post(url, {"lines": "1. 32,50 €\n1. Präsentkorb\n2. 20 €"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "1. 32,50 €" in page
    assert "32.50" not in page
    assert [str(p) for p in Prize.objects.all()] == ["1. 32,50 €", "1. Präsentkorb", "2. 20,00 €"]


def test_a_place_may_have_several_prizes() -> None:
    table = playing_table()
    prizes_set(
        tournament=table.tournament,
        prizes=[PrizeValue(1, Decimal(30)), PrizeValue(1, name="Präsentkorb")],
    )
    assert Prize.objects.filter(place=1).count() == 2


def test_tied_players_share_every_prize_of_the_places_they_cover() -> None:
    table = playing_table(tie_break="")
    enter(table, 0, "4 +")
    enter(table, 1, "4 +")
    prizes_set(
        tournament=table.tournament,
        prizes=[
            PrizeValue(1, Decimal(30)),
            PrizeValue(1, name="Präsentkorb"),
            PrizeValue(2, Decimal(10)),
            PrizeValue(2, name="Wein"),
        ],
    )
    rows = {
        row.seat.position: row for row in standings_selectors.standings(tournament=table.tournament)
    }
    assert rows[0].money == rows[1].money == Decimal(20)
    assert prize_text(rows[0]) == "20,00 € + Präsentkorb + Wein (geteilt)"


def test_splitting_the_fees_keeps_several_named_prizes_of_a_place() -> None:
    table = playing_table(entry_fee=Decimal(5))
    all_paid(table.tournament)  # 4 players: 20 €
    prizes_set(
        tournament=table.tournament,
        prizes=[PrizeValue(1, name="Korb"), PrizeValue(1, name="Wein")],
    )
    prizes_split_fees(tournament=table.tournament, percentages=[Decimal(100)])
    assert sorted((p.place, p.money, p.name) for p in Prize.objects.all()) == [
        (1, Decimal("0.00"), "Korb"),
        (1, Decimal("0.00"), "Wein"),
        (1, Decimal("20.00"), ""),
    ]


def prizes_page(table_fee: int = 10) -> tuple[Client, str, object]:
    table = playing_table(entry_fee=Decimal(table_fee))
    all_paid(table.tournament)  # 4 players seated, each paid
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(UserFactory(is_staff=True))
    return client, reverse("scoring:prizes", args=[table.tournament_id]), table.tournament


def test_the_prizes_page_shows_the_pot() -> None:
    client, url, _tournament = prizes_page()
    assert (
        "Startgeld eingenommen: 4 Spieler × 10,00 € = 40,00 €" in client.get(url).content.decode()
    )


def test_splitting_the_fees_over_typed_money_prizes_asks_first_and_names_them() -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "1. 50 €\n2. Präsentkorb"})

    page = client.post(url, {"percentages": "50 50"}).content.decode()

    assert "Preise durch die Aufteilung des Startgelds ersetzen?" in page
    assert "1. 50,00 €" in page  # what is replaced
    assert "Neu: 1. 20,00 €" in page
    assert "Das Startgeld eingenommen: 4 Spieler × 10,00 € = 40,00 €." in page
    assert 'value="50 50"' in page  # the percentages go back with the confirm button
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €", "2. Präsentkorb"]

    response = client.post(url, {"percentages": "50 50", "confirm": "yes"})

    assert response.status_code == 302
    assert [str(p) for p in Prize.objects.all()] == ["1. 20,00 €", "2. 20,00 €", "2. Präsentkorb"]


def test_splitting_the_fees_without_money_prizes_saves_at_once() -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "3. Präsentkorb"})
    response = client.post(url, {"percentages": "100"})
    assert response.status_code == 302
    assert [str(p) for p in Prize.objects.all()] == ["1. 40,00 €", "3. Präsentkorb"]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("1. 99999999999999 €", "Zeile 1: „99999999999999 €“ ist kein Betrag von 0 bis"),
        ("1. 50 €\n2. -10 €", "Zeile 2: Ein Preis kann kein negatives Geld sein („-10 €“)."),
        ("1. 20 € + -5 €", "Zeile 1: Ein Preis kann kein negatives Geld sein („-5 €“)."),
        ("1. 100000 €", "Zeile 1: „100000 €“ ist kein Betrag von 0 bis 99.999,99 €"),
    ],
)
def test_an_amount_no_prize_can_have_is_refused_naming_the_line(lines: str, message: str) -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "1. 50 €"})

    page = client.post(url, {"lines": lines}).content.decode()

    assert message in page.replace("&#x27;", "'")
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]


def test_shares_over_100_percent_are_refused_before_any_confirmation() -> None:
    client, url, _tournament = prizes_page()
    client.post(url, {"lines": "1. 50 €"})

    page = client.post(url, {"percentages": "60 60"}).content.decode()

    assert "ersetzen?" not in page  # no confirmation page offering 120 % of the pot
    assert "Die Anteile ergeben zusammen 120 %: höchstens 100 % des Startgelds" in page
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]
    page = client.post(url, {"percentages": "60 60", "confirm": "yes"}).content.decode()
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]


def test_the_shares_check_names_their_total() -> None:
    with pytest.raises(ValidationError) as error:
        prizes_split_fees(
            tournament=playing_table(entry_fee=Decimal(5)).tournament,
            percentages=[Decimal("60.5"), Decimal(50)],
        )
    assert error.value.code == "over_100"
    assert error.value.params == {"total": "110,5"}  # German by default


def test_a_split_without_an_entry_fee_is_refused_before_any_confirmation() -> None:
    client, url, _tournament = prizes_page(table_fee=0)
    client.post(url, {"lines": "1. 50 €"})

    page = client.post(url, {"percentages": "60 40"}).content.decode()

    assert "Das Turnier hat kein Startgeld zum Aufteilen." in page
    assert "Ja, Preise ersetzen" not in page  # no confirmation page offering 0,00 € prizes
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]


def test_splitting_the_fees_before_the_draw_says_to_split_them_after_it() -> None:
    """A newcomer's walk: "Startgeld aufteilen" before the draw answered "Platz 1 hat weder
    Geld noch einen Sachpreis" (a pot of no player); it says why, and saves nothing."""
    tournament = night(present=6, entry_fee=Decimal(10))
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:prizes", args=[tournament.pk])

    page = " ".join(client.post(url, {"percentages": "60 40"}).content.decode().split())

    assert "Die Tische sind noch nicht ausgelost" in page
    assert "weder Geld noch einen Sachpreis" not in page
    assert not Prize.objects.exists()
    with pytest.raises(ValidationError) as error:
        prizes_split_fees(tournament=tournament, percentages=[Decimal(100)])
    assert error.value.code == "not_drawn"
