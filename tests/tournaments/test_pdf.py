"""The table cards and the seating list: what the PDFs say, read back with pdftotext."""

import datetime
import re
from collections.abc import Iterator

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils import translation
from pytest_django import DjangoAssertNumQueries, DjangoDbBlocker

from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_fonts, pdf_pages, pdf_text
from tests.tournaments.pdf_helpers import BASE_URL, NAMES, drawn_night
from tournaments import renderers, selectors, services
from tournaments.draw.tables import tables_with_seats
from tournaments.links import qr_svg, table_entry_url
from tournaments.models import Player, Seat, Table, Tournament
from tournaments.players.names import family_name_key
from tournaments.printing_kinds import SEATING_LIST, TABLE_CARDS, owner_of_tournament

pytestmark = pytest.mark.usefixtures("german")


@pytest.fixture(scope="module")
def night(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[Tournament]:
    """One drawn night for the whole module (made once: each PDF takes a moment), committed,
    and removed again after the module."""
    with django_db_blocker.unblock():
        tournament = drawn_night()
        players = list(Player.objects.filter(registrations__tournament=tournament))
        yield tournament
        Seat.objects.filter(table__tournament=tournament).delete()
        tournament.delete()
        Player.objects.filter(pk__in=[player.pk for player in players]).delete()


@pytest.fixture(scope="module")
def cards_pdf(night: Tournament, django_db_blocker: DjangoDbBlocker) -> bytes:
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(night), kind=TABLE_CARDS),
        {"base_url": BASE_URL},
    )
    with django_db_blocker.unblock(), translation.override("de"):
        return renderers.render_table_cards(job)


@pytest.fixture(scope="module")
def seating_pdf(night: Tournament, django_db_blocker: DjangoDbBlocker) -> bytes:
    job = FileJob(GeneratedFile(owner=owner_of_tournament(night), kind=SEATING_LIST))
    with django_db_blocker.unblock(), translation.override("de"):
        return renderers.render_seating_list(job)


def tables_of(night: Tournament, blocker: DjangoDbBlocker) -> list[Table]:
    with blocker.unblock():
        return list(tables_with_seats(tournament=night))


# Table cards


def test_one_page_per_table(cards_pdf: bytes) -> None:
    assert pdf_pages(cards_pdf) == 4  # 13 players: one table of four, three of three


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_page_is_one_table_with_its_seats_in_order(
    cards_pdf: bytes,
    night: Tournament,
    django_db_blocker: DjangoDbBlocker,
    number: int,
) -> None:
    table = tables_of(night, django_db_blocker)[number - 1]
    text = pdf_text(cards_pdf, page=number)

    assert f"Tisch {number}" in text
    seats = list(table.seats.all())
    below = text.split("gibt zuerst", 1)[1]  # the seats, below "… · Platz 2 gibt zuerst"
    places = [below.index(f"Platz {seat.position + 1}") for seat in seats]
    names = [below.index(seat.registration.player.name) for seat in seats]
    assert places == sorted(places)
    assert names == sorted(names), "the players are printed in the order of their seats"
    for seat in seats:
        assert seat.registration.player.club in text


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_card_says_the_deals_and_who_deals_first(
    cards_pdf: bytes, night: Tournament, django_db_blocker: DjangoDbBlocker, number: int
) -> None:
    table = tables_of(night, django_db_blocker)[number - 1]
    text = pdf_text(cards_pdf, page=number)

    assert f"{table.deals} Spiele" in text
    assert table.deals == (100 if len(table.seats.all()) == 4 else 120)
    assert f"Platz {table.first_dealer + 1} gibt zuerst" in text
    assert text.count("gibt zuerst") == 2  # the line above the seats, and the mark at the seat


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_card_prints_its_own_link(
    cards_pdf: bytes, night: Tournament, django_db_blocker: DjangoDbBlocker, number: int
) -> None:
    table = tables_of(night, django_db_blocker)[number - 1]
    link = f"{BASE_URL}/t/{table.token}/"

    assert link in pdf_text(cards_pdf, page=number)
    others = [t.token for t in tables_of(night, django_db_blocker) if t.pk != table.pk]
    assert not any(token in pdf_text(cards_pdf, page=number) for token in others)


@pytest.mark.parametrize("name", NAMES)
def test_every_player_is_on_the_cards_as_written(cards_pdf: bytes, name: str) -> None:
    """Umlauts, ß and Ł come out as they are; "<b>&" is printed, not taken for markup."""
    assert name in pdf_text(cards_pdf)


#: A long name that is still printed whole (50 letters), and one cut on the card (100).
LONG_NAME = "Maximilian-Alexander von Hohenzollern-Sigmaringen"
LONGEST_NAME = ("Maximilian-Alexander von Hohenzollern-Sigmaringen " * 2)[:100]
LONGEST_CLUB = ("Skat- und Fipsenfreunde Pinneberg-Waldenau 1952 e. V. " * 2)[:100]


@pytest.mark.parametrize(
    "seats",
    [
        [(LONG_NAME, "SC Prisdorf", 64), ("Anna Zander", "", None), ("Inge Lang", "", None)],
        [(LONG_NAME, LONGEST_CLUB[:60], 64)] * 4,
        [(LONGEST_NAME, LONGEST_CLUB, 64)] * 4,
        [("X" * 100, "Y" * 100, 64)] * 4,  # nowhere to break a line
    ],
    ids=["one long name", "four long names and clubs", "four of 100 letters", "unbreakable"],
)
def test_long_names_keep_each_card_on_one_page(seats: list[tuple[str, str, int | None]]) -> None:
    tournament = Tournament(
        name="Herbstpreis des Skatclubs Prisdorf von 1920 e. V. im Gasthof",
        date=datetime.date(2026, 11, 21),
        place="Gasthof Zur Linde, Prisdorf",
    )
    link = f"{BASE_URL}/t/{'x' * 24}/"
    card_seats = [
        renderers.CardSeat(number, name, club, number == 1, left)
        for number, (name, club, left) in enumerate(seats, start=1)
    ]
    cards = [
        renderers.TableCard(number, 100, card_seats, link, qr_svg(link)) for number in (1, 10, 88)
    ]
    pdf = renderers.table_cards_pdf(tournament=tournament, cards=cards)
    assert pdf_pages(pdf) == 3
    name = seats[0][0]
    printed = name if len(name) <= 60 else name[:59] + "…"
    for page, number in enumerate((1, 10, 88), start=1):
        text = pdf_text(pdf, page=page)
        assert f"Tisch {number}" in text
        assert link in "".join(text.split())  # the lines a long link broke into, joined
        # pdftotext joins a name broken after a hyphen without the hyphen: compare without.
        assert _letters(printed) in _letters(text)


def _letters(text: str) -> str:
    return "".join(text.split()).replace("-", "")


def test_the_tournament_is_named_on_every_card(cards_pdf: bytes) -> None:
    text = pdf_text(cards_pdf)
    assert text.count("Herbstpreis & <Co>") == 4
    assert text.count("21. November 2026") == 4
    assert text.count("Gasthof Zur Linde") == 4


def test_names_are_escaped_in_the_html(night: Tournament, db: None) -> None:
    cards = renderers.table_cards(tournament=night, base_url=BASE_URL)
    html = render_to_string("pdf/table_cards.html", {"tournament": night, "cards": cards})
    assert "Ute &lt;b&gt;&amp; Co" in html
    assert "<b>&" not in html
    assert "Herbstpreis &amp; &lt;Co&gt;" in html


def test_the_qr_code_of_each_card_is_made_from_its_exact_link(night: Tournament, db: None) -> None:
    cards = renderers.table_cards(tournament=night, base_url=BASE_URL)
    html = render_to_string("pdf/table_cards.html", {"tournament": night, "cards": cards})

    for table, card in zip(tables_with_seats(tournament=night), cards, strict=True):
        link = f"{BASE_URL}/t/{table.token}/"
        assert card.link == link
        assert card.qr == qr_svg(link)
        assert str(qr_svg(link)) in html
    assert html.count('class="qr"') == len(cards)


def test_the_qr_code_is_svg_and_depends_on_the_link() -> None:
    first, second = (
        qr_svg("http://192.168.1.20:8000/t/abc/"),
        qr_svg("http://192.168.1.20:8000/t/abd/"),
    )
    assert first.startswith("<svg")
    assert first.rstrip().endswith("</svg>")
    assert "viewBox" in first
    assert first != second
    assert "192.168" not in first, "only the modules' geometry, no text"


def test_the_link_is_the_scoring_route_when_there_is_one() -> None:
    assert table_entry_url(base_url=BASE_URL + "/", token="Kx7") == f"{BASE_URL}/t/Kx7/"


def test_the_pdfs_use_the_shipped_font_only(cards_pdf: bytes, seating_pdf: bytes) -> None:
    """Atkinson Hyperlegible from static/fonts/, whatever fonts the host has."""
    fonts = set(pdf_fonts(cards_pdf)) | set(pdf_fonts(seating_pdf))
    assert fonts, "the PDFs embed their fonts"
    assert all(font.startswith("Atkinson-Hyperlegible") for font in fonts), fonts
    assert "Atkinson-Hyperlegible-Bold" in fonts


def test_without_tables_the_cards_explain_what_to_do(db: None) -> None:
    tournament = services.tournament_create(name="Leer", date=datetime.date(2026, 11, 21))
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind="table_cards"),
        {"base_url": BASE_URL},
    )
    with pytest.raises(ValidationError, match="Es gibt noch keine Tische") as raised:
        renderers.render_table_cards(job)
    assert raised.value.code == "not_drawn"


# Seating list


def test_seating_list_has_every_player_once_in_german_order(seating_pdf: bytes) -> None:
    text = pdf_text(seating_pdf)
    positions = {name: text.index(name) for name in NAMES}
    assert all(text.count(name) == 1 for name in NAMES)
    in_pdf = sorted(NAMES, key=positions.__getitem__)
    assert in_pdf == sorted(NAMES, key=family_name_key)
    # By family name; case and umlauts do not count: "ackermann" before "Berg", "Öhrling"
    # after "Nuß".
    assert in_pdf.index("Bernd ackermann") < in_pdf.index("Östen Berg")
    assert in_pdf.index("Erika Nuß") < in_pdf.index("Carla Öhrling")


@pytest.mark.parametrize("name", NAMES)
def test_seating_list_gives_each_player_club_table_and_seat(
    night: Tournament, db: None, seating_pdf: bytes, name: str
) -> None:
    row = next(row for row in selectors.seating_list(tournament=night) if row.name == name)
    line = next(line for line in pdf_text(seating_pdf, layout=True).splitlines() if name in line)
    assert re.fullmatch(
        rf"\s*{re.escape(name)}\s+{re.escape(row.club)}\s+{row.table}\s+{row.seat}\s*", line
    ), line


def test_seating_list_heads_its_columns(seating_pdf: bytes) -> None:
    header = next(
        line for line in pdf_text(seating_pdf, layout=True).splitlines() if "Verein" in line
    )
    assert header.split() == ["Name", "Verein", "Tisch", "Platz"]
    assert pdf_pages(seating_pdf) == 1


def test_seating_list_rows(night: Tournament, db: None) -> None:
    rows = selectors.seating_list(tournament=night)
    seats = {
        (seat.registration.player.name, table.number, seat.position + 1)
        for table in tables_with_seats(tournament=night)
        for seat in table.seats.all()
    }
    assert {(row.name, row.table, row.seat) for row in rows} == seats
    assert [row.name for row in rows] == sorted(NAMES, key=family_name_key)


def test_the_seating_list_is_sorted_by_family_name(db: None) -> None:
    """As a printed list is read (issue 21: it was sorted by first name)."""
    tournament = drawn_night(names=("Anna Zander", "Bernd Albers", "Carla Müller", "Dieter Mahn"))
    rows = selectors.seating_list(tournament=tournament)
    assert [row.name for row in rows] == [
        "Bernd Albers",
        "Dieter Mahn",
        "Carla Müller",
        "Anna Zander",
    ]


def test_forty_players_fit_on_two_pages(db: None) -> None:
    names = tuple(f"Hans-Jürgen Müller {number:02d}" for number in range(40))
    tournament = drawn_night(names=names)
    rows = selectors.seating_list(tournament=tournament)
    pdf = renderers.seating_list_pdf(tournament=tournament, rows=rows)
    assert pdf_pages(pdf) <= 2
    assert all(name in pdf_text(pdf) for name in names)


# Queries


@pytest.mark.parametrize("players", [4, 40])
def test_table_cards_read_two_queries_whatever_the_tables(
    db: None, django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    """1 table or 10 tables: the tables, then their seats with registrations and players."""
    tournament = drawn_night(names=tuple(f"Spieler {number:02d}" for number in range(players)))
    with django_assert_num_queries(2):
        cards = renderers.table_cards(tournament=tournament, base_url=BASE_URL)
    assert len(cards) == players // 4


@pytest.mark.parametrize("players", [4, 40])
def test_seating_list_reads_one_query(
    db: None, django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    tournament = drawn_night(names=tuple(f"Spieler {number:02d}" for number in range(players)))
    with django_assert_num_queries(1):
        rows = selectors.seating_list(tournament=tournament)
    assert len(rows) == players
