"""The registration desk's walk-in form after a mistake: what the organiser must read next (the
field's label, the question about similar names) is not hidden under the sticky count."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from playwright.sync_api import Locator, Page, expect

from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.players.services import player_create

REGULARS = [
    "Anna Möller", "Bernd Schütt", "Carla Rehder", "Dieter Ötzel", "Erika Nuß", "Fritz Lange",
    "Gisela Straße",
]  # fmt: skip


def _desk(page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]) -> None:
    tournament = services.tournament_create(name="Herbstfipsen", date=timezone.localdate())
    for name in REGULARS:
        player = player_create(name=name, club="SC Prisdorf")
        registration_add(tournament=tournament, player=player, check_in=True)
    player_create(name="Hans Müller", club="SC Prisdorf")
    log_in(page, organiser)
    page.goto(f"/tournaments/{tournament.pk}/")
    # As the tester had it: the walk-in form above, the list of registrations coming up below.
    page.evaluate(
        "window.scrollBy(0, document.getElementById('registrations')"
        ".getBoundingClientRect().top - 580)"
    )


def _below_the_count(page: Page, target: Locator) -> None:
    bar = page.locator(".desk-bar").bounding_box()
    box = target.bounding_box()
    assert bar is not None
    assert box is not None
    assert box["y"] >= bar["y"] + bar["height"], (box, bar)
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]


def test_an_empty_walk_in_shows_its_label_below_the_count(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    _desk(page, organiser, log_in)
    name_field = page.locator("#walk-in").get_by_label("Name")
    name_field.click()
    page.keyboard.type("  ")  # blank: the browser lets it through, the server does not
    page.keyboard.press("Enter")

    expect(page.locator("#walk-in")).to_contain_text("Dieses Feld ist zwingend erforderlich")
    expect(page.locator("#walk-in").get_by_label("Name")).to_be_focused()
    _below_the_count(page, page.locator("#walk-in label", has_text="Name"))


def test_a_similar_name_shows_the_question_below_the_count(
    page: Page, organiser: AbstractBaseUser, log_in: Callable[..., None]
) -> None:
    _desk(page, organiser, log_in)
    page.locator("#walk-in").get_by_label("Name").click()
    page.keyboard.type("Hans Mueller")
    page.keyboard.press("Enter")

    heading = page.get_by_role("heading", name="Ist es einer dieser Spieler?")
    expect(heading).to_be_visible()
    _below_the_count(page, heading)
