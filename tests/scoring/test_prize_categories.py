"""Prizes as clubs give them, through the database: the players' categories in the directory,
the lines by category, from the end and for the highest game, who gets what on the prize page
and the standings, Tippen's standings' prize column, and the money paid out for the cash box
(issue 21.3). The allocation itself: tests/scoring/test_prize_allocation.py."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.models import Prize
from scoring.night_file.deals import prizes_export, prizes_import
from scoring.standings import awards
from scoring.standings import selectors as standings_selectors
from scoring.standings.prize_allocation import Kind, Line
from scoring.standings.prize_forms import PrizeListForm
from scoring.standings.prizes import prizes_given
from scoring.standings.services import prizes_set
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import enter, playing_table
from tests.tippen.helpers import deals_entered, tippen_night
from tournaments.models import Player, Seat, Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

LIST = "1. 30 €\n2. 20 €\nBeste Dame: 10 €\nLetzter: Trostpreis\nBester Senior: Wein"


def lines(text: str) -> list[Line]:
    form = PrizeListForm({"lines": text})
    assert form.is_valid(), form.errors
    prizes: list[Line] = form.cleaned_data["lines"]
    return prizes


def categorised(table: Table, **by_position: dict[str, object]) -> dict[int, str]:
    """The seats' players given categories; their names by position."""
    names = {}
    for seat in Seat.objects.filter(table=table).select_related("registration__player"):
        Player.objects.filter(pk=seat.registration.player_id).update(
            **by_position.get(f"seat{seat.position}", {})
        )
        names[seat.position] = seat.registration.player.name
    return names


@pytest.fixture
def played() -> tuple[Table, dict[int, str]]:
    """Seat 0: 6 points, seat 1: 3, seat 3: 0, seat 2: −4 (the places 1 to 4); seat 1 a lady,
    seat 3 a lady and a senior by her year of birth (1950), seat 2 a guest."""
    table = playing_table(tie_break="")
    names = categorised(
        table,
        seat1={"lady": True},
        seat3={"lady": True, "birth_year": 1950},
        seat2={"guest": True},
    )
    enter(table, 0, "3 +")
    enter(table, 0, "3 +")
    enter(table, 1, "3 +")
    enter(table, 2, "2 -")
    return table, names


def test_the_prize_list_reads_every_kind_of_line_and_writes_it_back() -> None:
    typed = lines(
        "1. 50 €\nLetzter: Trostpreis\nVorletzter: Kartenspiel\nBeste Dame: 10 €\n"
        "2. Beste Dame: 5 € + Blumen\nHöchstes Spiel des Abends: Flasche Sekt\n"
        "Bester Gast: Wein\nBestes Mitglied: 5 €\nBeste Jugend: Buch"
    )
    assert [(line.kind, line.rank, line.category) for line in typed] == [
        (Kind.PLACE, 1, ""),
        (Kind.FROM_END, 1, ""),
        (Kind.FROM_END, 2, ""),
        (Kind.CATEGORY, 1, "lady"),
        (Kind.CATEGORY, 2, "lady"),
        (Kind.DEAL, 1, ""),
        (Kind.CATEGORY, 1, "guest"),
        (Kind.CATEGORY, 1, "member"),
        (Kind.CATEGORY, 1, "youth"),
    ]
    table = playing_table()
    prizes_set(tournament=table.tournament, prizes=typed)
    written = PrizeListForm.initial_text(list(awards.prize_rows(tournament=table.tournament)))
    assert written.splitlines()[:3] == [
        "1. 50,00 €",
        "Letzter: Trostpreis",
        "Vorletzter: Kartenspiel",
    ]
    assert "2. Beste Dame: 5,00 € + Blumen" in written
    assert lines(written) == typed  # read back, the same list


def test_a_line_of_no_kind_is_refused_in_german() -> None:
    form = PrizeListForm({"lines": "1. 50 €\nHauptgewinn: Auto"})
    assert not form.is_valid()
    assert "Zeile 2: Bitte mit dem Platz beginnen" in str(form.errors["lines"])
    assert "„Letzter: Trostpreis“" in str(form.errors["lines"])


def test_the_clubs_own_category_must_be_a_players_and_a_bad_list_saves_nothing() -> None:
    table = playing_table()
    prizes_set(tournament=table.tournament, prizes=lines("1. 50 €"))
    with pytest.raises(ValidationError) as error:
        prizes_set(tournament=table.tournament, prizes=lines("Bester Kegler: 5 €"))
    assert error.value.code == "unknown_category"
    assert "„Bester Kegler“" in error.value.messages[0]
    assert [str(p) for p in Prize.objects.all()] == ["1. 50,00 €"]
    Player.objects.filter(
        pk=Seat.objects.filter(table=table).first().registration.player_id
    ).update(  # type: ignore[union-attr]
        categories="Vorstand, Kegler"
    )
    prizes_set(tournament=table.tournament, prizes=lines("Bester Kegler: 5 €"))
    assert [str(p) for p in Prize.objects.all()] == ["Bester Kegler: 5,00 €"]


def test_the_standings_and_the_prize_page_say_who_gets_what_and_the_cash_box_its_money(
    organiser: Client, played: tuple[Table, dict[int, str]]
) -> None:
    table, names = played
    prizes_set(tournament=table.tournament, prizes=lines(LIST))
    prizes = {
        s.seat.position: s for s in standings_selectors.standings(tournament=table.tournament)
    }
    # 1st 30 €, 2nd (a lady) 20 €: her lady's prize passes to seat 3, the next lady; the
    # last takes the consolation; the senior's wine finds nobody (seat 3 has taken more).
    assert [(prizes[n].place, prizes[n].money) for n in (0, 1, 3, 2)] == [
        (1, Decimal(30)),
        (2, Decimal(20)),
        (3, Decimal(10)),
        (4, Decimal(0)),
    ]
    assert prizes[3].prize_reasons == ("Beste Dame",)
    assert (prizes[2].prize_names, prizes[2].prize_reasons) == (("Trostpreis",), ("Letzter",))
    assert prizes_given(tournament=table.tournament).money == Decimal(60)
    assert prizes_given(tournament=table.tournament).goods == ("Trostpreis",)

    page = " ".join(
        organiser.get(reverse("scoring:prizes", args=[table.tournament_id]))
        .content.decode()
        .split()
    )
    start = page.index("Wer was bekommt")
    who = page[start : page.index("</table>", start)]
    row = f'<td>{names[3]}</td><td class="club">SC Prisdorf</td>'
    assert f'{row}<td class="prize">10,00 € – Beste Dame</td>' in who
    assert "Trostpreis – Letzter" in who
    assert "Wein" not in who
    standings = organiser.get(reverse("scoring:standings", args=[table.tournament_id]))
    assert "10,00 € – Beste Dame" in standings.content.decode()


def test_with_several_a_player_takes_a_place_and_his_category_and_the_best_game_is_shared(
    played: tuple[Table, dict[int, str]],
) -> None:
    table, _names = played
    prizes_set(
        tournament=table.tournament,
        prizes=lines(LIST + "\nHöchstes Spiel: 4 € + Sekt"),
        several=True,
    )
    table.tournament.refresh_from_db()
    assert table.tournament.prizes_several
    prizes = {
        s.seat.position: s for s in standings_selectors.standings(tournament=table.tournament)
    }
    assert prizes[1].money == Decimal(32)  # 20 € + 10 € (lady) + 2 € (shared best game 3)
    assert prizes[1].prize_reasons == ("Beste Dame", "Höchstes Spiel")
    assert prizes[0].money == Decimal(32)  # 30 € + 2 €
    assert prizes[3].prize_names == ("Wein",)  # the senior's, now hers
    assert prizes_given(tournament=table.tournament).money == Decimal(64)


def test_the_money_paid_out_is_read_in_a_fixed_number_of_queries(
    played: tuple[Table, dict[int, str]],
) -> None:
    table, _names = played
    prizes_set(tournament=table.tournament, prizes=lines(LIST))
    with CaptureQueriesContext(connection) as few:
        prizes_given(tournament=table.tournament)
    for declarer in (0, 1, 2, 3) * 3:
        enter(table, declarer, "3 +")
    with CaptureQueriesContext(connection) as more:
        prizes_given(tournament=table.tournament)
    assert len(more) == len(few) <= 6


def test_tippen_has_categories_a_last_place_and_a_prize_column_but_no_highest_game(
    organiser: Client,
) -> None:
    tournament = tippen_night(4)
    table = Table.objects.get(tournament=tournament)
    deals_entered(table, "- - - -", "2 1 - 0")
    lady = Seat.objects.filter(table=table).order_by("position").last()
    Player.objects.filter(pk=lady.registration.player_id).update(lady=True)  # type: ignore[union-attr]
    with pytest.raises(ValidationError) as error:
        prizes_set(tournament=tournament, prizes=lines("Höchstes Spiel: Sekt"))
    assert error.value.code == "no_deal_value"
    prizes_set(tournament=tournament, prizes=lines("1. 20 €\nBeste Dame: Blumen"))
    page = organiser.get(reverse("pots:standings", args=[tournament.pk])).content.decode()
    assert '<th class="prize">Preis</th>' in page
    assert "20,00 €" in page
    assert "Blumen – Beste Dame" in page
    assert prizes_given(tournament=tournament).money == Decimal(20)


def test_the_player_form_keeps_the_categories(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:player_create"),
        {
            "name": "Erna Kröger",
            "club": "SC",
            "lady": "on",
            "birth_year": "1951",
            "categories": "Vorstand ,  Kegler",
        },
    )
    assert response.status_code == 302
    erna = Player.objects.get(name="Erna Kröger")
    assert (erna.lady, erna.birth_year, erna.senior, erna.categories) == (
        True,
        1951,
        False,
        "Vorstand, Kegler",
    )
    page = organiser.get(reverse("tournaments:player_edit", args=[erna.pk])).content.decode()
    assert 'value="1951"' in page
    assert "Eigene Kategorien des Vereins" in page


def test_the_ranking_pdf_prints_who_gets_what_with_the_categories(
    played: tuple[Table, dict[int, str]],
) -> None:
    table, names = played
    prizes_set(tournament=table.tournament, prizes=lines(LIST))
    job = FileJob(GeneratedFile(owner=owner_of_tournament(table.tournament), kind="ranking"))

    text = " ".join(pdf_text(kinds.kind_named("ranking").renderer()(job)).split())

    assert "10,00 € – Beste Dame" in text
    assert "Trostpreis – Letzter" in text
    assert text.index(names[0]) < text.index(names[1]) < text.index(names[3]) < text.index(names[2])
    assert "den höheren; der andere geht weiter" in text


def test_the_ranking_pdf_of_a_tippen_night_prints_its_category_and_last_place() -> None:
    tournament = tippen_night(4)
    table = Table.objects.get(tournament=tournament)
    deals_entered(table, "- - - -", "2 1 - 0")
    prizes_set(tournament=tournament, prizes=lines("1. 20 €\nLetzter: Kartenspiel"))
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind="ranking"))

    text = " ".join(pdf_text(kinds.kind_named("ranking").renderer()(job)).split())

    assert "20,00 €" in text
    assert "Kartenspiel – Letzter" in text


def test_the_board_at_the_end_shows_who_gets_what(
    client: Client, played: tuple[Table, dict[int, str]]
) -> None:
    table, names = played
    prizes_set(tournament=table.tournament, prizes=lines(LIST))
    tournament = table.tournament
    url = reverse("scoring:board", args=[tournament.board_token])
    assert "Beste Dame" not in client.get(url).content.decode()  # during play: no prizes
    Tournament.objects.filter(pk=tournament.pk).update(
        state=Tournament.State.FINISHED, board_after_finish=True
    )
    page = " ".join(client.get(url, {"page": "1"}, HTTP_HX_REQUEST="true").content.decode().split())
    assert '<th scope="col" class="board-prize">Preis</th>' in page
    row = page[page.index(names[3]) : page.index("</tr>", page.index(names[3]))]
    assert "10,00 € – Beste Dame" in row


def test_the_board_at_the_end_of_a_tippen_night_shows_its_prizes(client: Client) -> None:
    tournament = tippen_night(4)
    table = Table.objects.get(tournament=tournament)
    deals_entered(table, "- - - -", "2 1 - 0")
    prizes_set(tournament=tournament, prizes=lines("1. 20 €\nLetzter: Kartenspiel"))
    Tournament.objects.filter(pk=tournament.pk).update(
        state=Tournament.State.FINISHED, board_after_finish=True
    )
    page = client.get(reverse("scoring:board", args=[tournament.board_token])).content.decode()
    assert "20,00 €" in page
    assert "Kartenspiel – Letzter" in page


def test_the_nights_file_keeps_a_lines_kind_and_an_old_file_reads_as_places() -> None:
    table = playing_table()
    prizes_set(tournament=table.tournament, prizes=lines("1. 9 €\nLetzter: Korb"))
    exported = prizes_export(tournament=table.tournament)
    assert exported[1]["label"] == "Letzter"
    Prize.objects.all().delete()
    prizes_import(tournament=table.tournament, items=exported)
    prizes_import(tournament=table.tournament, items=[{"place": 2, "money": "5.00", "name": ""}])
    assert [str(p) for p in Prize.objects.order_by("pk")] == [
        "1. 9,00 €",
        "Letzter: Korb",
        "2. 5,00 €",
    ]


def test_the_prize_page_says_a_category_prize_goes_to_nobody_when_no_player_has_it(
    organiser: Client,
) -> None:
    """A newcomer's walk: "Beste Dame: 10 €" with no lady marked in the directory was given
    to nobody without a word; the prize page says so, until a lady of the night is marked."""
    table = playing_table(tie_break="")
    enter(table, 0, "3 +")
    prizes_set(tournament=table.tournament, prizes=lines(LIST))
    url = reverse("scoring:prizes", args=[table.tournament_id])

    page = " ".join(organiser.get(url).content.decode().split())

    assert "„Beste Dame: 10,00 €“: Kein Spieler dieses Abends hat diese Kategorie" in page
    assert "„Bester Senior: Wein“: Kein Spieler" in page
    assert "„Letzter: Trostpreis“: Kein" not in page
    categorised(table, seat1={"lady": True})
    page = " ".join(organiser.get(url).content.decode().split())
    assert "„Beste Dame: 10,00 €“: Kein" not in page
    assert "„Bester Senior: Wein“: Kein Spieler" in page
