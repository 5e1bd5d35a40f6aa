"""The PDF jobs: the record and its job, the task, the status page, the download, the worker."""

import doctest
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from unittest import mock
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.files.base import ContentFile
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from fipsen_rules import Code, FipsenError
from preisfipsen.celery import app as celery_app
from preisfipsen.config import public_url
from printing import kinds, tasks
from printing.models import GeneratedFile
from tests.factories import TournamentFactory, UserFactory
from tests.printing.pdf_reading import pdf_text
from tests.tournaments.pdf_helpers import BASE_URL, drawn_night, file_request
from tests.waiting import wait_until
from tournaments import links
from tournaments import services as tournament_services
from tournaments.models import Tournament
from tournaments.printing_kinds import owner_of_tournament

WORKER_TIMEOUT = 60


@pytest.fixture(autouse=True)
def media_root(settings: Settings, tmp_path: Path) -> Path:
    """Where the files go: a folder of this test, never var/media."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PUBLIC_URL = ""
    return settings.MEDIA_ROOT


@pytest.fixture
def night(db: None) -> Tournament:
    return drawn_night()


#: Asks for a file (of ``kind``, of the night unless ``tournament`` is given) and returns it.
Requester = Callable[..., GeneratedFile]


@pytest.fixture
def requested(
    night: Tournament, sent: mock.MagicMock, django_capture_on_commit_callbacks: Callable
) -> Requester:
    """Ask for a file as the organiser's button does: the record is made and its job, caught
    at the commit by ``sent``, is not run (``run_job`` runs it)."""

    def request(
        kind: str = "table_cards", tournament: Tournament | None = None, **options: str
    ) -> GeneratedFile:
        with django_capture_on_commit_callbacks(execute=True):
            return file_request(tournament=tournament or night, kind=kind, options=options or None)

    return request


def run_job(file: GeneratedFile, **options: str) -> GeneratedFile:
    """Run the job as the worker would, here and now."""
    tasks.generate_file(str(file.pk), {"language": "de", "base_url": BASE_URL, **options})
    file.refresh_from_db()
    return file


# The record and the job


def test_a_request_creates_the_record_and_sends_the_job_at_commit(
    night: Tournament, sent: mock.MagicMock, django_capture_on_commit_callbacks: Callable
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        file = file_request(tournament=night, kind="table_cards", options={"base_url": BASE_URL})
        assert not sent.called, "nothing leaves before the commit"

    sent.assert_called_once_with(
        args=(str(file.pk),),
        kwargs={"options": {"language": "de", "base_url": BASE_URL}},
        task_id=file.task_id,
    )
    assert file.kind == "table_cards"
    assert file.owner == owner_of_tournament(night) == f"tournament:{night.pk}"
    assert file.filename == "Tischkarten_Herbstpreis__Co_2026-11-21.pdf"
    assert timedelta(hours=23) < file.expires_at - timezone.now() <= timedelta(hours=24)
    assert not file.file
    assert file.error == ""


def test_the_seating_list_is_named_so(requested: Requester) -> None:
    file = requested(kind="seating_list")
    assert file.filename == "Sitzliste_Herbstpreis__Co_2026-11-21.pdf"


def test_an_unknown_kind_is_refused(requested: Requester, sent: mock.MagicMock) -> None:
    with pytest.raises(ValidationError) as refused:
        requested(kind="poster")
    assert refused.value.code == "unknown_kind"
    assert not GeneratedFile.objects.exists()
    assert not sent.called


def test_a_request_removes_the_expired_files(
    night: Tournament, requested: Requester, media_root: Path
) -> None:
    now = timezone.now()
    old = GeneratedFile.objects.create(
        owner=owner_of_tournament(night), kind="table_cards", filename="alt.pdf", expires_at=now
    )
    old.file.save("alt.pdf", ContentFile(b"%PDF-alt"))
    recent = GeneratedFile.objects.create(
        owner=owner_of_tournament(night),
        kind="table_cards",
        filename="neu.pdf",
        expires_at=now + timedelta(hours=1),
    )
    old_path = Path(old.file.path)
    assert old_path.is_file()

    requested()

    assert not GeneratedFile.objects.filter(pk=old.pk).exists()
    assert not old_path.exists(), "the file goes with its record"
    assert GeneratedFile.objects.filter(pk=recent.pk).exists()


# The task


def test_the_job_makes_the_pdf_and_keeps_it(requested: Requester) -> None:
    file = run_job(requested())

    assert file.error == ""
    assert file.file.name.startswith("files/")
    assert Path(file.file.path).is_relative_to(django_settings.MEDIA_ROOT)
    with file.file.open("rb") as stored:
        text = pdf_text(stored.read())
    assert all(f"Tisch {number}" in text for number in range(1, 5))


def test_run_directly_the_job_reports_no_progress(requested: Requester) -> None:
    file = requested()
    with mock.patch.object(tasks.generate_file, "update_state") as update_state:
        run_job(file)
    assert not update_state.called


def test_in_a_worker_the_job_reports_its_progress(requested: Requester) -> None:
    file = requested(kind="seating_list")
    with mock.patch.object(tasks.generate_file, "update_state") as update_state:
        tasks.generate_file.apply(
            args=(str(file.pk),), kwargs={"options": {"language": "de"}}, task_id=file.task_id
        )

    reported = [call.kwargs for call in update_state.call_args_list]
    assert all(isinstance(report["meta"].pop("at"), float) for report in reported)
    # Each under the job's id: the heartbeat's thread has no task request of its own.
    assert all(report.pop("task_id") == file.task_id for report in reported)
    assert reported == [
        {"state": "PROGRESS", "meta": {"done": 0, "total": 0}},  # at once: it moves
        {"state": "PROGRESS", "meta": {"done": 0, "total": 2}},
        {"state": "PROGRESS", "meta": {"done": 1, "total": 2}},
        {"state": "PROGRESS", "meta": {"done": 2, "total": 2}},
    ]
    file.refresh_from_db()
    assert file.file


def test_a_job_whose_record_is_gone_does_nothing(db: None) -> None:
    tasks.generate_file("5b0cbd2e-0000-4000-8000-000000000000", {})
    assert not GeneratedFile.objects.exists()


def test_without_tables_the_job_says_what_to_do(db: None, requested: Requester) -> None:
    tournament = tournament_services.tournament_create(name="Leer", date=timezone.localdate())
    file = run_job(requested(tournament=tournament))
    assert file.error == "Es gibt noch keine Tische: Bitte losen Sie zuerst die Tische aus."
    assert not file.file


def _refuse(error: BaseException) -> Callable[[kinds.FileJob], bytes]:
    def render(job: kinds.FileJob) -> bytes:
        raise error

    return render


@pytest.mark.parametrize(
    ("error", "language", "shown"),
    [
        (
            ValidationError("Bitte erst die Tische auslosen."),
            "de",
            "Bitte erst die Tische auslosen.",
        ),
        (
            FipsenError.of(Code.PLAYERS, players=5),
            "de",
            "An einem Tisch sitzen 3 oder 4 Spieler, nicht 5.",
        ),
        (FipsenError.of(Code.PLAYERS, players=5), "en", "A table has 3 or 4 players, not 5."),
        (
            RuntimeError("Pango ist abgestürzt"),
            "de",
            "Etwas ist schiefgegangen; bitte versuchen Sie es noch einmal.",
        ),
        (RuntimeError("Pango crashed"), "en", "Something went wrong; please try again."),
    ],
    ids=["validation", "fipsen", "fipsen-en", "unexpected", "unexpected-en"],
)
def test_a_failing_renderer_leaves_a_message_for_the_organiser(
    requested: Requester,
    monkeypatch: pytest.MonkeyPatch,
    organiser: Client,
    error: Exception,
    language: str,
    shown: str,
) -> None:
    kind = "failing_test_file"
    renderer = kinds.Kind(kind, _refuse(error), label="Kaputt")
    monkeypatch.setattr(kinds, "_kinds", kinds._kinds.copy())
    kinds.register(renderer)
    file = run_job(requested(kind=kind), language=language)

    assert file.error == shown
    assert not file.file
    page = status_page(organiser, file)
    assert shown in page
    assert "hx-trigger" not in page, "a failed job is not polled any more"


def test_an_unexpected_error_is_logged_with_its_traceback(
    requested: Requester, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    kind = "failing_test_file"
    renderer = kinds.Kind(kind, _refuse(RuntimeError("Pango ist abgestürzt")), label="X")
    monkeypatch.setattr(kinds, "_kinds", kinds._kinds.copy())
    kinds.register(renderer)
    run_job(requested(kind=kind))

    [record] = [r for r in caplog.records if r.name == "printing.generation"]
    assert record.exc_info is not None
    assert "Pango ist abgestürzt" in str(record.exc_info[1])


# The pages


def status_url(file: GeneratedFile) -> str:
    return reverse("printing:file_status", args=[file.pk])


def status_page(client: Client, file: GeneratedFile, **headers: str) -> str:
    """The file's status page as ``client`` sees it (``hx_request="true"``: htmx's part)."""
    return client.get(status_url(file), headers=headers).content.decode()


def request_url(tournament: Tournament, kind: str = "table_cards") -> str:
    return reverse("tournaments:file_request", args=[tournament.pk, kind])


#: The organiser presses a PDF button of the night (``data``: the form's fields).
Press = Callable[..., HttpResponse]


@pytest.fixture
def pressed(
    night: Tournament,
    organiser: Client,
    sent: mock.MagicMock,
    django_capture_on_commit_callbacks: Callable,
) -> Press:
    def press(data: dict[str, str] | None = None, follow: bool = False) -> HttpResponse:
        with django_capture_on_commit_callbacks(execute=True):
            return organiser.post(request_url(night), data or {}, follow=follow)

    return press


def test_the_organiser_requests_a_file_and_sees_its_status_page(
    night: Tournament, pressed: Press, sent: mock.MagicMock
) -> None:
    response = pressed()

    file = GeneratedFile.objects.get()
    assert response.status_code == 302
    print_page = reverse("night:print", args=[night.pk])
    assert response["Location"] == f"{status_url(file)}?next={quote(print_page, safe='')}"
    assert sent.call_args.kwargs["kwargs"]["options"]["base_url"] == "http://testserver"


def test_the_public_url_setting_is_the_base_of_the_links(
    pressed: Press, sent: mock.MagicMock, settings: Settings
) -> None:
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    pressed()
    assert sent.call_args.kwargs["kwargs"]["options"]["base_url"] == "http://192.168.1.20:8000"


def test_a_file_is_requested_by_post_only(night: Tournament, organiser: Client) -> None:
    assert organiser.get(request_url(night)).status_code == 405
    assert not GeneratedFile.objects.exists()


def test_an_unknown_kind_goes_back_to_the_print_page_with_a_message(
    night: Tournament, organiser: Client
) -> None:
    response = organiser.post(request_url(night, "poster"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("night:print", args=[night.pk])
    assert "Eine Datei der Art poster gibt es nicht." in response.content.decode()


def test_a_refusal_goes_back_to_the_page_the_button_was_on(
    night: Tournament, organiser: Client
) -> None:
    tables = reverse("tournaments:tables", args=[night.pk])
    response = organiser.post(request_url(night, "poster"), {"next": tables}, follow=True)
    assert response.redirect_chain[-1][0] == tables
    no_table = organiser.post(request_url(night), {"next": tables, "tables_chosen": "1"})
    assert no_table["Location"] == tables


@pytest.mark.parametrize(
    "origin", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "weiter", ""]
)
def test_an_origin_of_another_site_is_replaced_by_the_print_page(
    night: Tournament, organiser: Client, origin: str
) -> None:
    response = organiser.post(request_url(night, "poster"), {"next": origin})
    assert response["Location"] == reverse("night:print", args=[night.pk])


@pytest.mark.parametrize(
    ("page", "label"),
    [("night:print", "Zurück zum Drucken"), ("tournaments:tables", "Zurück zu den Tischen")],
)
def test_the_status_page_goes_back_to_where_the_organiser_started(
    night: Tournament, pressed: Press, page: str, label: str
) -> None:
    origin = reverse(page, args=[night.pk])
    html = pressed({"next": origin}, follow=True).content.decode()
    assert f'<a class="button button-secondary" href="{origin}">{label}</a>' in html
    assert html.count("Zurück zu") == 1  # "zu den Tischen" or "zum Drucken", once


def test_the_status_page_of_a_bad_origin_goes_back_to_the_print_page(
    night: Tournament, organiser: Client, pressed: Press
) -> None:
    pressed()
    file = GeneratedFile.objects.get()
    html = organiser.get(status_url(file), {"next": "https://evil.example/"}).content.decode()
    assert 'href="https://evil.example' not in html
    assert 'name="next" value="https://evil.example' not in html
    assert f'href="{reverse("night:print", args=[night.pk])}">Zurück zum Drucken</a>' in html


@pytest.mark.parametrize("page", ["night:print", "tournaments:tables"])
def test_every_pdf_button_says_where_it_was_pressed(
    night: Tournament, organiser: Client, page: str
) -> None:
    html = organiser.get(reverse(page, args=[night.pk])).content.decode()
    forms = html.split("<form")[1:]
    pdf_forms = [form for form in forms if "/files/" in form.split(">", 1)[0]]
    assert pdf_forms
    origin = reverse(page, args=[night.pk])
    for form in pdf_forms:
        assert f'name="next" value="{origin}"' in form.split("</form>", 1)[0]


def test_anonymous_visitors_can_request_nothing(night: Tournament, client: Client) -> None:
    response = client.post(request_url(night))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("tournaments:login"))
    assert not GeneratedFile.objects.exists()


def test_the_status_page_polls_while_the_job_waits(
    night: Tournament, requested: Requester, organiser: Client
) -> None:
    file = requested()
    page = status_page(organiser, file)

    assert "<progress" in page
    # The polls carry the page the organiser came from (the print page unless told).
    polled = f"{status_url(file)}?next=%2Ftournaments%2F{night.pk}%2Fprint%2F"
    assert f'hx-get="{polled}"' in page
    assert 'hx-trigger="every 1s"' in page
    assert "Wartet auf den Hintergrunddienst" in page
    # Without JavaScript: a plain link to reload.
    assert f'<noscript><p><a class="button button-secondary" href="{polled}">' in page
    assert "htmx" in page


def test_htmx_gets_the_status_part_alone(requested: Requester, organiser: Client) -> None:
    file = requested()
    part = status_page(organiser, file, hx_request="true")

    assert part.lstrip().startswith('<div id="file-status"')
    assert "<html" not in part
    assert 'hx-trigger="every 1s"' in part


def test_the_status_page_shows_the_reported_progress(
    requested: Requester, organiser: Client
) -> None:
    file = requested()
    celery_app.backend.store_result(file.task_id, {"done": 1, "total": 2}, "PROGRESS")

    part = status_page(organiser, file, hx_request="true")
    assert 'max="2" value="1"' in part
    assert "Das PDF wird erstellt" in part


def test_a_job_that_waits_long_asks_whether_the_worker_runs(
    requested: Requester, organiser: Client
) -> None:
    file = requested()
    GeneratedFile.objects.filter(pk=file.pk).update(
        created_at=timezone.now() - timedelta(minutes=1)
    )
    page = status_page(organiser, file)
    assert "Läuft der Hintergrunddienst?" in page


def test_when_ready_the_page_offers_the_download_and_stops_polling(
    requested: Requester, organiser: Client
) -> None:
    file = run_job(requested())
    part = status_page(organiser, file, hx_request="true")

    download = reverse("printing:file_download", args=[file.pk])
    assert f'href="{download}"' in part
    assert "PDF herunterladen" in part
    assert "hx-trigger" not in part
    assert "<progress" not in part


def test_the_download_is_the_pdf_under_its_name(requested: Requester, organiser: Client) -> None:
    file = run_job(requested())
    response = organiser.get(reverse("printing:file_download", args=[file.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="Tischkarten_Herbstpreis__Co_2026-11-21.pdf"'
    )
    assert b"".join(response.streaming_content).startswith(b"%PDF-")


@pytest.mark.parametrize("who", ["anonymous", "player account"])
def test_the_download_is_refused_to_anyone_but_an_organiser(
    requested: Requester, client: Client, who: str
) -> None:
    file = run_job(requested())
    if who == "player account":
        client.force_login(UserFactory(is_staff=False))

    for name in ("printing:file_download", "printing:file_status"):
        response = client.get(reverse(name, args=[file.pk]))
        if who == "anonymous":
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("tournaments:login"))
        else:
            assert response.status_code == 403


def test_the_files_are_not_served_as_media(requested: Requester, organiser: Client) -> None:
    file = run_job(requested())
    for url in (f"/{file.file.name}", f"/media/{file.file.name}", file.file.url):
        assert organiser.get(url).status_code == 404


def test_an_unfinished_or_expired_file_cannot_be_downloaded(
    requested: Requester, organiser: Client
) -> None:
    file = requested()
    download = reverse("printing:file_download", args=[file.pk])
    assert organiser.get(download).status_code == 404

    run_job(file)
    GeneratedFile.objects.filter(pk=file.pk).update(expires_at=timezone.now())
    assert organiser.get(download).status_code == 404
    assert "nicht mehr aufbewahrt" in status_page(organiser, file)


def test_an_unknown_file_is_not_found(db: None, organiser: Client) -> None:
    missing = "5b0cbd2e-0000-4000-8000-000000000000"
    assert organiser.get(reverse("printing:file_status", args=[missing])).status_code == 404
    assert organiser.get(reverse("printing:file_download", args=[missing])).status_code == 404


# The address phones reach


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_table_cards_for_a_local_address_warn_that_phones_cannot_reach_it(
    requested: Requester, organiser: Client, host: str
) -> None:
    file = requested()
    page = status_page(organiser, file, host=host)

    assert "Die Handys der Spieler können die Links auf diesen Tischkarten nicht öffnen" in page
    assert f"http://{host}" in page
    assert "HOST=0.0.0.0" in page
    assert "PREISFIPSEN_PUBLIC_URL=http://192.168.1.20:8000" in page


@pytest.mark.parametrize(
    ("kind", "host", "public_url"),
    [
        ("table_cards", "192.168.1.20:8000", ""),
        ("table_cards", "127.0.0.1:8000", "http://192.168.1.20:8000"),
        ("seating_list", "127.0.0.1:8000", ""),
    ],
    ids=["network-address", "public-url-set", "no-links-printed"],
)
def test_no_warning_when_phones_reach_the_links_or_there_are_none(
    requested: Requester,
    organiser: Client,
    settings: Settings,
    kind: str,
    host: str,
    public_url: str,
) -> None:
    settings.ALLOWED_HOSTS = ["*"]
    settings.PUBLIC_URL = public_url
    file = requested(kind=kind)
    page = status_page(organiser, file, host=host)
    assert "HOST=0.0.0.0" not in page


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ""),
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
        ("https://fipsen.example", "https://fipsen.example"),
        ("http://[fe80::1]:8000", "http://[fe80::1]:8000"),
    ],
)
def test_public_url_from_the_environment(value: str, expected: str) -> None:
    assert public_url({"PREISFIPSEN_PUBLIC_URL": value}) == expected
    assert public_url({}) == ""


@pytest.mark.parametrize(
    "value", ["192.168.1.20:8000", "ftp://192.168.1.20", "http://192.168.1.20/fipsen", "http://x:y"]
)
def test_a_public_url_that_is_no_address_stops_the_start(value: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="PREISFIPSEN_PUBLIC_URL"):
        public_url({"PREISFIPSEN_PUBLIC_URL": value})


def test_the_links_module_examples_hold(settings: Settings) -> None:
    assert doctest.testmod(links).failed == 0


def test_the_base_is_the_request_address_unless_set(settings: Settings) -> None:
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    request = RequestFactory().get("/", headers={"host": "192.168.1.20:8000"})
    assert links.public_base_url(request) == "http://192.168.1.20:8000"
    settings.PUBLIC_URL = "https://fipsen.example"
    assert links.public_base_url(request) == "https://fipsen.example"


# The buttons for the tables page


def test_the_print_buttons_post_to_the_jobs(night: Tournament, rf: RequestFactory) -> None:
    html = render_to_string(
        "tournaments/files/_pdf_buttons.html", {"tournament": night}, request=rf.get("/")
    )
    for kind, label in (
        ("table_cards", "Tischkarten drucken"),
        ("seating_list", "Sitzliste drucken"),
    ):
        assert f'<form method="post" action="{request_url(night, kind)}">' in html
        assert label in html
    assert f'action="{request_url(night, "blank_scoresheets")}" class="paper-tables"' in html
    assert "Leere Spielzettel drucken" in html
    assert html.count('name="csrfmiddlewaretoken"') == 3


def test_the_blank_scoresheets_tick_no_table_and_offer_every_table_apart(
    night: Tournament, rf: RequestFactory
) -> None:
    """Most tables keep score on the phone: no box is ticked; "for all tables" is a button of
    its own, sent without ``tables_chosen`` (the file is then for every table)."""
    tables = list(night.tables.all())
    html = render_to_string(
        "tournaments/files/_pdf_buttons.html",
        {"tournament": night, "tables": tables},
        request=rf.get("/"),
    )
    assert html.count('type="checkbox" name="table"') == len(tables) > 0
    assert "checked" not in html
    assert '<button type="submit" name="tables_chosen" value="1" class="button-large">' in html
    assert (
        '<button type="submit" class="button-secondary">Leere Spielzettel für alle Tische</button>'
        in html
    )


# A real worker


def test_a_real_worker_makes_the_table_cards_and_the_page_offers_them(
    worker: Path, settings: Settings, client: Client
) -> None:
    settings.MEDIA_ROOT = worker
    tournament = drawn_night()
    client.force_login(UserFactory(is_staff=True))

    response = client.post(request_url(tournament))
    assert response.status_code == 302
    file = GeneratedFile.objects.get()
    download = reverse("printing:file_download", args=[file.pk])

    seen = [""]

    def status_part() -> str | None:
        seen[0] = client.get(response["Location"], headers={"hx-request": "true"}).content.decode()
        return seen[0] if download in seen[0] else None

    part = wait_until(
        status_part,
        lambda: f"the download; the status said: {seen[0]}",
        timeout=WORKER_TIMEOUT,
        interval=0.2,
    )

    assert "hx-trigger" not in part
    assert celery_app.AsyncResult(file.task_id).state == "SUCCESS"
    pdf = b"".join(client.get(download).streaming_content)
    text = pdf_text(pdf)
    assert all(f"Tisch {number}" in text for number in range(1, 5))
    assert "http://testserver/t/" in text
    file.refresh_from_db()
    assert Path(file.file.path).is_relative_to(worker)


def test_a_deleted_tournament_takes_its_files_along(
    night: Tournament, django_capture_on_commit_callbacks: Callable
) -> None:
    # Only a tournament nobody registered for can be deleted (registrations are protected).
    empty = TournamentFactory()
    files = []
    for owner, name in ((empty, "eigen.pdf"), (night, "fremd.pdf")):
        file = GeneratedFile.objects.create(
            owner=owner_of_tournament(owner),
            kind="table_cards",
            filename=name,
            expires_at=timezone.now() + timedelta(hours=1),
        )
        file.file.save(name, ContentFile(b"%PDF-"))
        files.append(file)
    own, foreign = files

    with django_capture_on_commit_callbacks(execute=True):
        empty.delete()  # as the admin deletes

    assert not GeneratedFile.objects.filter(pk=own.pk).exists()
    assert not Path(own.file.path).exists()
    assert GeneratedFile.objects.filter(pk=foreign.pk).exists()
    assert Path(foreign.file.path).is_file()


def test_a_made_pdf_is_the_laptops_users_alone(requested: Requester) -> None:
    """Django's storage wrote 644 whatever the umask; a PDF names the players and the tables'
    links (issue 18)."""
    file = run_job(requested())
    path = Path(file.file.path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
