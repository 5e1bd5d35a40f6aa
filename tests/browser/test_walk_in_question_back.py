"""The walk-in question's "← Back to registration" brings the walk-in form back at once (it
only jumped to #walk-in, the question stayed until a reload), and the question clears the
last tap's message ("… is registered and checked in." beside a question about another name)."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.players.services import player_create


def test_back_from_the_question_brings_the_walk_in_form_back(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    tournament = services.tournament_create(name="Herbstfipsen", date=timezone.localdate())
    player_create(name="Hans Müller", club="SC Prisdorf")
    log_in(page, organiser)
    page.goto(f"/tournaments/{tournament.pk}/")
    walk_in = page.locator("#walk-in")

    walk_in.get_by_label("Name").fill("Otto Neu")
    walk_in.get_by_role("button", name="Anmelden und einchecken").click()
    messages = page.locator("#desk-messages")
    expect(messages).to_contain_text("Otto Neu ist angemeldet und eingecheckt.")
    walk_in.get_by_label("Name").fill("Hans Mueller")
    walk_in.get_by_role("button", name="Anmelden und einchecken").click()
    expect(page.get_by_role("heading", name="Ist es einer dieser Spieler?")).to_be_visible()
    expect(messages).to_have_text("")

    page.get_by_role("link", name="← Zurück zur Anmeldung").click()

    expect(page.get_by_role("heading", name="Ist es einer dieser Spieler?")).to_have_count(0)
    expect(walk_in.get_by_label("Name")).to_be_visible()
    expect(walk_in.get_by_label("Name")).to_have_value("")
    expect(page.locator("#walk-in")).to_have_count(1)
