"""A whole demo night through a real browser: the progress, the standings, and the final
ranking made by a real Celery worker, its progress bar shown, and downloaded (issue 5)."""

import re
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django import Settings

from scoring.standings import selectors as standings_selectors
from tests.printing.pdf_reading import pdf_text
from tournaments.models import Tournament

WORKER_SECONDS = 60


def test_a_demo_night_from_the_progress_to_the_printed_ranking(
    page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    worker: Path,
    settings: Settings,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = worker
    call_command("demo_night", "--players", "13", "--deals", "8", "--seed", "5")
    tournament = Tournament.objects.get()
    ranked = standings_selectors.standings(tournament=tournament)
    log_in(page, organiser)

    page.goto(f"/tournaments/{tournament.pk}/dashboard/")
    for progress in page.locator("progress").all():
        expect(progress).to_have_attribute("value", "8")
    expect(page.locator(".progress-figure").first).to_have_text("8/8 · fertig")  # all played

    page.goto(f"/tournaments/{tournament.pk}/standings/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(13)
    first = rows.first
    expect(first).to_contain_text(ranked[0].name)
    expect(first).to_contain_text(str(ranked[0].points))

    page.get_by_role("link", name="Drucken", exact=True).click()  # the print page, in the nav
    page.get_by_role("button", name="Siegerliste drucken").click()
    expect(page.locator("progress")).to_be_attached()  # the bar, while the worker is at it
    download_link = page.get_by_role("link", name=re.compile("herunterladen", re.IGNORECASE))
    expect(download_link).to_be_visible(timeout=WORKER_SECONDS * 1000)
    with page.expect_download() as waiting:
        download_link.click()
    pdf = tmp_path / "rangliste.pdf"
    waiting.value.save_as(pdf)

    text = pdf_text(pdf.read_bytes())
    for standing in ranked:
        assert standing.name in text
    assert "Unterschrift" in text
