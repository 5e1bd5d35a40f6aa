"""The CSV import of players: the service directly, then the page."""

import codecs

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tournaments.models import Player
from tournaments.players.forms import PlayersImportForm
from tournaments.players.services import PlayersImported, player_create, players_import_csv

pytestmark = pytest.mark.django_db


def import_text(text: str, encoding: str = "utf-8") -> PlayersImported:
    return players_import_csv(data=text.encode(encoding))


def refusal(text: str | bytes) -> list[tuple[str | None, int | None]]:
    """What the import refuses: (code, line) of each error; and it saved nothing."""
    count = Player.objects.count()
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(ValidationError) as caught:
        players_import_csv(data=data)
    assert Player.objects.count() == count
    return [(error.code, (error.params or {}).get("line")) for error in caught.value.error_list]


def directory() -> list[tuple[str, str, str]]:
    return list(Player.objects.order_by("pk").values_list("name", "club", "contact"))


# What a good file gives


def test_a_good_file_adds_every_player() -> None:
    imported = import_text(
        "Name;Verein;Kontakt\n"
        "Hans Müller;Skatclub Prisdorf;0170 1234567\n"
        "  Erika   Schmidt ; ;\n"
        "Jörg Strauß;Skatfreunde Lübeck;j@example.org\n"
    )

    assert imported.count == 3
    assert directory() == [
        ("Hans Müller", "Skatclub Prisdorf", "0170 1234567"),
        ("Erika Schmidt", "", ""),
        ("Jörg Strauß", "Skatfreunde Lübeck", "j@example.org"),
    ]
    assert list(Player.objects.order_by("pk").values_list("name_key", flat=True)) == [
        "hans mueller",
        "erika schmidt",
        "joerg strauss",
    ]
    assert [player.pk for player in imported.players] == list(
        Player.objects.order_by("pk").values_list("pk", flat=True)
    )


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "cp1252", "utf-16", "utf-16-le-bom", "utf-16-be-bom"]
)
def test_encodings(encoding: str) -> None:
    text = "Name;Verein\nJörg Strauß;Skatfreunde Lübeck\nRenée Ä;€-Club\n"
    if encoding == "utf-16-le-bom":
        data = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    elif encoding == "utf-16-be-bom":
        data = codecs.BOM_UTF16_BE + text.encode("utf-16-be")
    else:
        data = text.encode(encoding)

    players_import_csv(data=data)

    assert directory() == [("Jörg Strauß", "Skatfreunde Lübeck", ""), ("Renée Ä", "€-Club", "")]


def test_a_bom_does_not_hide_the_first_column() -> None:
    players_import_csv(data=codecs.BOM_UTF8 + b"Name,Club\nHans,TSV\n")

    assert directory() == [("Hans", "TSV", "")]


@pytest.mark.parametrize(
    "text",
    [
        "Name;Verein;Kontakt\nMüller, Hans;TSV;0170\n",
        'Name,Verein,Kontakt\n"Müller, Hans",TSV,0170\n',
        "Name\tVerein\tKontakt\nMüller, Hans\tTSV\t0170\n",
        'sep=,\nName,Verein,Kontakt\n"Müller, Hans",TSV,0170\n',
        "SEP=;\r\nName;Verein;Kontakt\r\nMüller, Hans;TSV;0170\r\n",
        "Name;Verein;Kontakt\r\nMüller, Hans;TSV;0170\r\n",
        "Name;Verein;Kontakt\rMüller, Hans;TSV;0170\r",
        '"Name";"Verein";"Kontakt"\n"Müller, Hans";"TSV";"0170"\n',
    ],
    ids=["semicolon", "comma", "tab", "sep-line", "sep-line-crlf", "crlf", "cr", "all-quoted"],
)
def test_delimiters_and_line_ends(text: str) -> None:
    import_text(text)

    assert directory() == [("Müller, Hans", "TSV", "0170")]


@pytest.mark.parametrize(
    "header",
    [
        "Name;Verein;Kontakt",
        "name;club;contact",
        "NAME;CLUB;CONTACT",
        " Name ; Verein ; Kontakt ",
        "Name;Club;Kontakt",
    ],
)
def test_header_names_in_german_or_english(header: str) -> None:
    import_text(f"{header}\nHans;TSV;0170\n")

    assert directory() == [("Hans", "TSV", "0170")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kontakt;Name;Verein\n0170;Hans;TSV\n", ("Hans", "TSV", "0170")),
        ("Verein,Name\nTSV,Hans\n", ("Hans", "TSV", "")),
        ("Name\nHans\n", ("Hans", "", "")),
        ("Nr;Name;Geburtstag;Verein\n1;Hans;1.1.1950;TSV\n", ("Hans", "TSV", "")),
        ("Name;Verein;Kontakt\nHans\n", ("Hans", "", "")),
        ("Name;Verein\nHans;TSV;;\n", ("Hans", "TSV", "")),
    ],
    ids=["any-order", "two-columns", "name-only", "other-columns", "short-row", "empty-extra"],
)
def test_columns_in_any_order_and_others_left_out(
    text: str, expected: tuple[str, str, str]
) -> None:
    import_text(text)

    assert directory() == [expected]


def test_blank_lines_are_skipped() -> None:
    imported = import_text("\n\nName;Verein\n\nHans;TSV\n;\n   ;  \n\nErika;\n\n")

    assert imported.count == 2


def test_the_same_name_in_another_club_is_another_player() -> None:
    player_create(name="Hans Müller", club="TSV")

    import_text("Name;Verein\nHans Müller;SC\nHans Müller;\nHans Müller;SV\n")

    assert Player.objects.filter(name="Hans Müller").count() == 4


# Bad rows: every one listed with its line, nothing saved


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("Name;Verein\n;TSV\n", [("name_missing", 2)]),
        ("Name;Verein\nHans;TSV\n  ;SC\n", [("name_missing", 3)]),
        ("Verein;Name\nTSV\n", [("name_missing", 2)]),
        (f"Name;Verein\n{'x' * 101};TSV\n", [("too_long", 2)]),
        (f"Name;Verein\nHans;{'x' * 101}\n", [("too_long", 2)]),
        (f"Name;Kontakt\nHans;{'x' * 201}\n", [("too_long", 2)]),
        ("Name;Verein\nHans;TSV\nErika;SC;0170\n", [("too_many_fields", 3)]),
        ("Name,Verein\nMüller, Hans,TSV\n", [("too_many_fields", 2)]),
        ("Name;Verein\nHans Müller;TSV\nHans Mueller;tsv\n", [("repeated", 3)]),
        ("Name;Verein\nHans;\nErika;\nHANS;\n", [("repeated", 4)]),
    ],
    ids=[
        "no-name",
        "blank-name",
        "short-row-without-name",
        "long-name",
        "long-club",
        "long-contact",
        "extra-field",
        "unquoted-comma",
        "twice-in-file",
        "twice-without-club",
    ],
)
def test_a_bad_row_is_refused_with_its_line(text: str, refused: list[tuple[str, int]]) -> None:
    assert refusal(text) == refused


@pytest.mark.parametrize(
    ("existing", "row"),
    [
        (("Hans Müller", "Skatclub Prisdorf"), "Hans Müller;Skatclub Prisdorf"),
        (("Hans Müller", "Skatclub Prisdorf"), "hans mueller;SKATCLUB PRISDORF"),
        (("Hans Müller", "Skatclub Prisdorf"), "Hans  Müller ; Skatclub Prisdorf "),
        (("Hans Müller", ""), "Hans Müller;"),
    ],
)
def test_a_player_in_the_directory_with_the_same_club_is_skipped(
    existing: tuple[str, str], row: str
) -> None:
    player_create(name=existing[0], club=existing[1])

    imported = import_text(f"Name;Verein\nErika;SC\n{row}\n")

    assert [player.name for player in imported.players] == ["Erika"]
    assert [skipped.line for skipped in imported.skipped] == [3]
    assert Player.objects.count() == 2


def test_the_same_name_in_another_club_is_a_new_player() -> None:
    player_create(name="Hans Müller", club="TSV")

    imported = import_text("Name;Verein\nHans Müller;SV Heist\n")

    assert (imported.count, imported.skipped) == (1, [])


def test_every_bad_row_is_listed_in_the_order_of_the_lines() -> None:
    player_create(name="Hans Müller", club="TSV")

    refused = refusal(
        "Name;Verein;Kontakt\n"  # 1
        "Erika Schmidt;SC;\n"  # 2: good
        "Hans Müller;TSV;\n"  # 3: in the directory: skipped, no error
        "\n"  # 4: blank
        ";SC;0170\n"  # 5: no name
        "Erika Schmidt;SC;\n"  # 6: as on line 2
        f"{'x' * 101};SC;{'y' * 201}\n"  # 7: two fields too long
        "Jörg;SV;1;2\n"  # 8: too many fields
    )

    assert refused == [
        ("name_missing", 5),
        ("repeated", 6),
        ("too_long", 7),
        ("too_long", 7),
        ("too_many_fields", 8),
    ]


def test_a_multi_line_value_counts_its_lines() -> None:
    assert refusal('Name;Kontakt\nHans;"Dorfstraße 1\nPrisdorf"\n;x\n') == [("name_missing", 4)]


def test_the_messages_say_the_line_and_the_reason_in_plain_words() -> None:
    player_create(name="Hans Müller", club="TSV")
    player_create(name="Erika Schmidt")
    text = (
        "Name;Verein\n"
        ";SC\n"
        f"Jörg;{'x' * 120}\n"
        "Hans Müller;TSV\n"
        "Erika Schmidt;\n"
        "Karl;SC\n"
        "karl;sc\n"
        "Olga;SC;1\n"
    )

    with pytest.raises(ValidationError) as caught:
        import_text(text)

    with translation.override("de"):  # messages are translated where they are shown
        messages = caught.value.messages
    assert messages == [
        "Zeile 2: Der Name fehlt.",
        "Zeile 3: „Verein“ ist zu lang: 120 Zeichen, höchstens 100.",
        "Zeile 7: karl steht schon in Zeile 6.",
        "Zeile 8 hat mehr Felder als die Kopfzeile (3 statt 2). Setzen Sie einen Wert, "
        "der „;“ enthält, in doppelte Anführungszeichen.",
    ]


# A file that cannot be read at all


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty"),
        (b"\n\n  \r\n", "empty"),
        (codecs.BOM_UTF8, "empty"),
        (b"sep=;\n\n", "empty"),
        (b"Name;Verein\n", "no_rows"),
        (b"Name;Verein\n\n;\n", "no_rows"),
        (b"Hans;TSV\nErika;SC\n", "no_name_column"),
        (b"Vorname;Nachname\nHans;M\n", "no_name_column"),
        (b"Name;Verein;Club\nHans;TSV;TSV\n", "duplicate_column"),
        (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00", "not_text"),
        (b"Name\n\x81\x8d\n", "not_text"),
        (codecs.BOM_UTF16_LE + b"N\x00a\x00m", "not_text"),
    ],
    ids=[
        "nothing",
        "blank-lines",
        "bom-only",
        "sep-line-only",
        "header-only",
        "header-and-blank-rows",
        "no-header",
        "header-without-name",
        "club-twice",
        "spreadsheet",
        "undecodable",
        "broken-utf-16",
    ],
)
def test_a_file_that_cannot_be_read(data: bytes, code: str) -> None:
    assert [code for code, _ in refusal(data)] == [code]


def test_a_field_too_large_for_the_csv_reader_is_a_bad_line() -> None:
    assert refusal("Name;Kontakt\nHans;1\nErika;" + "x" * 200_000 + "\n") == [("unreadable", 3)]


# The page


def upload(content: bytes, name: str = "spieler.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="text/csv")


def test_the_page_shows_the_form_and_a_sample(organiser: Client) -> None:
    page = organiser.get("/players/import/").content.decode()

    assert 'type="file"' in page
    assert "<textarea" in page
    assert 'enctype="multipart/form-data"' in page
    assert "Name;Verein;Kontakt\nHans Müller;Skatclub Prisdorf;0170 1234567" in page


def test_uploading_a_file_from_excel(organiser: Client) -> None:
    data = "Name;Verein\nJörg Strauß;Lübeck\nErika;\n".encode("cp1252")

    response = organiser.post("/players/import/", {"file": upload(data)}, follow=True)

    assert response.redirect_chain == [("/players/", 302)]
    assert "2 Spieler sind in die Kartei aufgenommen." in response.content.decode()
    assert directory() == [("Jörg Strauß", "Lübeck", ""), ("Erika", "", "")]


def test_pasting_lines(organiser: Client) -> None:
    response = organiser.post(
        "/players/import/", {"text": "Name\tVerein\r\nHans Müller\tTSV\r\n"}, follow=True
    )

    assert "1 Spieler ist in die Kartei aufgenommen." in response.content.decode()
    assert directory() == [("Hans Müller", "TSV", "")]


def test_bad_rows_are_listed_on_the_page_and_nothing_is_saved(organiser: Client) -> None:
    response = organiser.post(
        "/players/import/", {"text": "Name;Verein\nHans;TSV\n;SC\nHans;TSV\n"}
    )

    assert response.status_code == 200
    assert not Player.objects.exists()
    page = response.content.decode()
    assert "Es wurde nichts importiert." in page
    assert "Zeile 3: Der Name fehlt." in page
    assert "Zeile 4: Hans steht schon in Zeile 2." in page
    assert "Hans;TSV\n;SC" in page, "the pasted lines stay in the box to be corrected"
    form = response.context["form"]
    assert form.has_error("text", code="name_missing")
    assert form.has_error("text", code="repeated")


def test_players_in_the_directory_are_skipped_and_named_on_the_page(organiser: Client) -> None:
    for name, club in (("Hans Müller", "TSV"), ("Erika", ""), ("Olga", "SC")):
        player_create(name=name, club=club)

    response = organiser.post(
        "/players/import/",
        {"text": "Name;Verein\nHans Müller;TSV\nKarl;SV\nErika;\nolga;sc\nJörg;\n"},
        follow=True,
    )

    assert response.redirect_chain == [("/players/", 302)]
    page = response.content.decode()
    assert "2 Spieler sind in die Kartei aufgenommen." in page
    assert "3 schon in der Kartei, übersprungen: Hans Müller (TSV), Erika, olga (sc)." in page
    assert Player.objects.count() == 5


def test_a_bad_line_still_blocks_the_import_beside_a_known_player(organiser: Client) -> None:
    player_create(name="Hans Müller", club="TSV")

    response = organiser.post(
        "/players/import/", {"text": "Name;Verein\nHans Müller;TSV\nKarl;SV\n;SC\n"}
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "Es wurde nichts importiert." in page
    assert "Zeile 4: Der Name fehlt." in page
    assert "Zeile 2" not in page
    assert Player.objects.count() == 1


def test_a_bad_file_is_refused_on_the_file_field(organiser: Client) -> None:
    response = organiser.post("/players/import/", {"file": upload(b"Hans;TSV\n")})

    assert response.status_code == 200
    assert response.context["form"].has_error("file", code="no_name_column")
    assert "Zeile 1 muss die Spalten benennen" in response.content.decode()


def test_an_empty_file_is_refused(organiser: Client) -> None:
    response = organiser.post("/players/import/", {"file": upload(b"\n")})

    assert response.context["form"].has_error("file", code="empty")
    assert "Die Datei ist leer." in response.content.decode()


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({}, None, "nothing"),
        ({"text": "  \n "}, None, "nothing"),
        ({"text": "Name\nHans\n", "file": "upload"}, "text", "both"),
    ],
)
def test_the_form_needs_a_file_or_lines(
    organiser: Client, data: dict[str, object], field: str | None, code: str
) -> None:
    if data.get("file") == "upload":
        data["file"] = upload(b"Name\nErika\n")

    response = organiser.post("/players/import/", data)

    assert response.status_code == 200
    assert response.context["form"].has_error(field or "__all__", code=code)
    assert not Player.objects.exists()


def test_too_large_a_file_is_refused(organiser: Client) -> None:
    data = b"Name\n" + b"x\n" * PlayersImportForm.MAX_BYTES

    response = organiser.post("/players/import/", {"file": upload(data)})

    assert response.context["form"].has_error("file", code="too_large")
    assert not Player.objects.exists()


@pytest.mark.parametrize("rows", [20, 400])
def test_an_import_costs_the_same_few_queries_however_long(rows: int) -> None:
    """Issue 18: each row's check ran two queries inside the write, and a list of 50,000 held
    SQLite's lock (the captains' saves with it) for 48 s. Now every row is checked first, and
    the write is a fresh look at the directory and one insert."""
    player_create(name="Schon Da", club="SC")
    lines = "\n".join(f"Spieler {number};SC" for number in range(rows))
    with CaptureQueriesContext(connection) as queries:
        imported = players_import_csv(data=f"Name;Verein\n{lines}\n".encode())
    assert imported.count == rows
    statements = [q["sql"] for q in queries.captured_queries if not _transaction_control(q["sql"])]
    # PostgreSQL: the directory held for the write (services.common.directory_lock).
    locks = [sql for sql in statements if "pg_advisory_xact_lock" in sql]
    reads = [sql for sql in statements if sql.startswith("SELECT") and sql not in locks]
    inserts = [sql for sql in statements if sql.startswith("INSERT")]
    assert len(reads) == 2, "the directory, before the checks and again inside the write"
    assert 1 <= len(inserts) <= 1 + rows // 100, "in batches (SQLite: 999 values a statement)"
    assert len(locks) == (connection.vendor == "postgresql")
    assert len(statements) == len(locks) + len(reads) + len(inserts)


def _transaction_control(sql: str) -> bool:
    return sql.split()[0].upper() in {"BEGIN", "SAVEPOINT", "RELEASE", "ROLLBACK", "COMMIT"}
