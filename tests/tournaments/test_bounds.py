"""Issue 10, tournaments and the project: odd input in forms, imports, ids, redirect targets,
charsets and background jobs is a message (or a 4xx), never a 500; each test reproduces a
finding of the tester."""

import codecs
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from kombu.exceptions import OperationalError

from preisfipsen.celery import app as celery_app
from preisfipsen.config import celery_config
from printing import tasks
from printing.models import GeneratedFile
from scoring.models import DealChange
from tests.factories import PlayerFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tests.tournaments.pdf_helpers import file_request
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Registration, Tournament
from tournaments.players.services import players_import_csv
from tournaments.text import clean_text, has_letter

pytestmark = pytest.mark.django_db


def refusal(data: bytes) -> list[tuple[str | None, int | None]]:
    """What the import refuses: (code, line) of each error; and it saved nothing."""
    count = Player.objects.count()
    with pytest.raises(ValidationError) as caught:
        players_import_csv(data=data)
    assert Player.objects.count() == count
    return [(error.code, (error.params or {}).get("line")) for error in caught.value.error_list]


# The cleaning helper


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("Anna\x00 Möller", "Anna Möller"),
        ("\u202eAnna\u202c Möller", "Anna Möller"),
        ("Anna\u2066 Möller\u2069\u200f", "Anna Möller"),
        ("Anna\x07\x1b Möller", "Anna Möller"),
        ("Anna\tMöller", "Anna Möller"),
        ("Mo\u0308ller", "Möller"),  # NFC: the umlaut as one letter
    ],
    ids=["nul", "rtl-override", "isolates", "bell-escape", "tab", "nfc"],
)
def test_clean_text(text: str, cleaned: str) -> None:
    assert clean_text(text) == cleaned


@pytest.mark.parametrize(
    ("text", "letter"),
    [
        ("Anna", True),
        ("Ölaf", True),
        ("李", True),
        ("...", False),
        ("\u0301\u0308", False),
        ("1234", False),
        ("- + -", False),
    ],
)
def test_has_letter(text: str, letter: bool) -> None:
    assert has_letter(text) is letter


# Finding 12: data quality on import and in the forms


def test_an_unterminated_quote_is_refused_on_its_line_instead_of_swallowing_the_rest() -> None:
    data = b'Name;Verein\nAnna;SC\n"Bernd;SC\nCarl;SC\nDora;SC\n'
    assert refusal(data) == [("unclosed_quote", 3)]


def test_a_quote_closed_lines_later_is_refused_on_the_line_it_opens() -> None:
    data = b'Name;Verein\n"Anna;SC\nBernd;SC\nCarl";SC\n'
    assert refusal(data) == [("unclosed_quote", 2)]


@pytest.mark.parametrize("name", ["...", "\u0301\u0302", "-- --", "42"])
def test_a_name_without_a_letter_is_refused_on_import(name: str) -> None:
    data = f"Name;Verein\n{name};SC\nAnna;SC\n".encode()
    assert refusal(data) == [("invalid", 2)]


@pytest.mark.parametrize("name", ["...", "\u0301\u0302", "\u202e"])
def test_a_name_without_a_letter_is_refused_in_the_form(organiser: Client, name: str) -> None:
    response = organiser.post(reverse("tournaments:player_create"), {"name": name})
    assert response.status_code == 200
    assert response.context["form"].errors["name"]
    assert not Player.objects.exists()


def test_control_and_bidi_characters_are_removed_on_import() -> None:
    players_import_csv(data="Name;Verein\nAnna\x07 \u202eMöller;SC\x1b\n".encode())
    assert list(Player.objects.values_list("name", "club")) == [("Anna Möller", "SC")]


def test_a_utf_16_file_with_a_nul_in_a_name_is_imported_without_it() -> None:
    data = codecs.BOM_UTF16_LE + "Name;Verein\nAn\x00na;SC\n".encode("utf-16-le")
    players_import_csv(data=data)
    assert list(Player.objects.values_list("name", flat=True)) == ["Anna"]


def test_a_header_line_over_128_kib_is_a_message(organiser: Client) -> None:
    text = "Name;" + "x" * 140_000 + "\nAnna\n"
    response = organiser.post(reverse("tournaments:players_import"), {"text": text})
    assert response.status_code == 200
    assert "Zeile 1" in response.content.decode()
    assert not Player.objects.exists()


def test_control_characters_in_a_name_leave_the_xlsx_export_working(organiser: Client) -> None:
    table = playing_table()
    player = Player.objects.filter(registrations__tournament=table.tournament).first()
    url = reverse("tournaments:player_edit", args=[player.pk])
    data = {"name": "Anna\x07\x1b Möller\u202e", "club": "SC\x00", "contact": ""}
    assert organiser.post(url, data).status_code == 302
    player.refresh_from_db()
    assert (player.name, player.club) == ("Anna Möller", "SC")
    enter(table, 0, "3 +")
    export = reverse("scoring:standings", args=[table.tournament_id])
    response = organiser.get(export, {"_export": "xlsx"})
    assert response.status_code == 200
    assert response.content[:2] == b"PK"


def test_a_name_of_the_longest_length_after_cleaning_fits(organiser: Client) -> None:
    name = "A" * 100 + "\u202e" * 50  # 150 characters sent, 100 kept
    response = organiser.post(reverse("tournaments:player_create"), {"name": name})
    assert response.status_code == 302
    assert Player.objects.get().name == "A" * 100


# Finding 3: ids and redirect targets


def test_next_that_is_not_a_path_goes_to_the_directory_and_saves_once(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:player_create") + "?next=weiter", {"name": "Anna Möller"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:player_list")
    assert Player.objects.count() == 1


@pytest.mark.parametrize("player", ["abc", "", "-1", "0", "99999999999999999999", "1.5", "١"])
def test_a_registration_of_no_player_id_is_not_found(organiser: Client, player: str) -> None:
    tournament = night(present=0)
    PlayerFactory()
    url = reverse("tournaments:registration_add", args=[tournament.pk])
    assert organiser.post(url, {"player": player}).status_code == 404
    assert not Registration.objects.exists()


@pytest.mark.parametrize("token", ["abc\x00", "x" * 65, "ä", "a b"])
def test_a_table_link_that_cannot_be_a_token_is_not_found(token: str) -> None:
    playing_table()
    assert Client().get(f"/t/{token}/").status_code == 404


def test_a_search_with_a_nul_finds_nothing_without_error(organiser: Client) -> None:
    PlayerFactory(name="Anna")
    assert organiser.get(reverse("tournaments:player_list"), {"q": "An\x00na"}).status_code == 200
    tournament = night(present=0)
    response = organiser.get(reverse("tournaments:night", args=[tournament.pk]), {"q": "\x00"})
    assert response.status_code == 200


# Finding 3: a form body in another charset


@pytest.mark.parametrize("path", ["login", "table"])
@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded; charset=utf-16", "multipart/form-data; charset=utf-16"],
)
def test_a_post_in_utf_16_is_a_german_400_page(path: str, content_type: str) -> None:
    client = Client(enforce_csrf_checks=True)
    url = reverse("tournaments:login")
    if path == "table":
        url = reverse("scoring:table_entry", args=[playing_table().token])
    token = client.get(url).cookies["csrftoken"].value
    body = "username=a&password=b&contract=3".encode("utf-16")
    if content_type.startswith("multipart"):
        content_type = "multipart/form-data; boundary=xx; charset=utf-16"
        body = b'--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xx--\r\n'
    response = client.generic("POST", url, body, content_type=content_type, HTTP_X_CSRFTOKEN=token)
    if content_type.startswith("multipart"):
        assert response.status_code < 500  # Django reads multipart parts as UTF-8 anyway
        return
    assert response.status_code == 400
    assert "Das Formular konnte nicht gelesen werden" in response.content.decode()
    assert not DealChange.objects.exists()


# Finding 3: the background jobs


@pytest.mark.django_db(transaction=True)  # the job is sent when the request's writes commit
def test_a_broker_that_cannot_be_reached_is_said_at_once_and_leaves_no_file(
    organiser: Client,
) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=1)
    url = reverse("tournaments:file_request", args=[tournament.pk, "table_cards"])
    with mock.patch.object(
        tasks.generate_file, "apply_async", side_effect=OperationalError("refused")
    ):
        response = organiser.post(url, follow=True)
    assert response.status_code == 200
    assert "Hintergrunddienst ist nicht erreichbar" in response.content.decode()
    assert not GeneratedFile.objects.exists()


def test_with_a_redis_broker_sending_fails_fast_instead_of_retrying() -> None:
    config = celery_config(broker_url="redis://127.0.0.1:1/0", result_backend=None, var_dir=None)  # type: ignore[arg-type]
    assert config["task_publish_retry"] is False
    assert config["broker_transport_options"]["socket_connect_timeout"] <= 2
    assert config["result_backend_transport_options"]["retry_policy"]["max_retries"] == 0


@pytest.mark.parametrize(
    "meta",
    [
        OSError("the result file is half written"),
        {"status": "PROGRESS", "result": None},
        {"status": "PROGRESS", "result": {"done": "x", "total": None}},
        {"status": "SUCCESS", "result": None},
    ],
    ids=["unreadable", "progress-gone", "progress-garbled", "just-finished"],
)
def test_a_status_poll_as_the_job_finishes_reads_its_state_once(
    organiser: Client, meta: object
) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=1)
    with mock.patch.object(tasks.generate_file, "apply_async"):
        file = file_request(tournament=tournament, kind="table_cards")
    side = {"side_effect": meta} if isinstance(meta, Exception) else {"return_value": meta}
    with mock.patch.object(celery_app.backend, "get_task_meta", **side) as read:
        response = organiser.get(
            reverse("printing:file_status", args=[file.pk]), HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 200
    assert read.call_count == 1


def test_a_tournament_created_with_odd_text_keeps_it_clean(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:tournament_create"),
        {
            "name": "Preis\x00fipsen\u202e",
            "date": "2026-11-21",
            "place": "Pris\x1bdorf",
            "rule_set": "prisdorf",
            "prisdorf_min_bid": 2,
            "deals_at_four": 100,
            "deals_at_three": 120,
            "tie_break": "",
            "entry_fee": "0",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.values_list("name", "place").get() == ("Preisfipsen", "Prisdorf")
