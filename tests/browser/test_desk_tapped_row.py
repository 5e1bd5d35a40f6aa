"""The row just tapped at the desk stays in sight (issue 29.6): the sticky count and the
message of the tap above the list grew over it (up to 330 px of 800), so the organiser could
not see what his tap did. Each tap here is made on a row scrolled to just below the sticky
bar, the worst place; after the answer, the row's box and the bar's do not overlap, and the
row is on the screen. At the desk's 1280×720 and on phones."""

import os
import re
import time
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, NewPage, open_in_font
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.players.services import player_create

NAMES = [
    "Anna Möller", "Bernd Schütt", "Carla Rehder", "Dieter Ötzel", "Erika Nuß", "Fritz Lange",
    "Gisela Straße", "Heinz Kuhn", "Inge Lang", "Jürgen Groß", "Karl Maier", "Lotte Brandt",
    "Max Heuer",
]  # fmt: skip

SIZES = {
    "desk": {"viewport": {"width": 1280, "height": 720}},
    "phone": PHONE,
    "small-phone": {**PHONE, "viewport": {"width": 320, "height": 568}},
    # The site's font is "optional": late, the page keeps the browser's own, which is wider.
    "small-phone-fallback-font": {**PHONE, "viewport": {"width": 320, "height": 568}},
}


def _under_the_bar(page: Page, row: Locator) -> None:
    """Scroll the row to just below the sticky bar, as the organiser may have it."""
    row.evaluate(
        """row => {
            const bar = document.querySelector('.desk-bar').getBoundingClientRect();
            window.scrollBy({top: row.getBoundingClientRect().top - bar.bottom - 2,
                             behavior: 'instant'});
        }"""
    )


def _in_sight(page: Page, row: Locator) -> None:
    """Not under the sticky bar; on the screen below it, whole where it fits there (a row
    taller than the room below the bar shows its top, with the name)."""
    if os.environ.get("DESK_SHOTS"):  # to look at it: a PNG of the screen after each tap
        page.screenshot(path=f"{os.environ['DESK_SHOTS']}/{page.viewport_size}-{time.time()}.png")
    bar = page.locator(".desk-bar").bounding_box()
    box = row.bounding_box()
    height = page.viewport_size["height"]  # type: ignore[index]
    assert bar is not None
    assert box is not None
    bar_foot = bar["y"] + bar["height"]
    assert box["y"] >= bar_foot - 0.5, (box, bar)  # the boxes do not overlap
    if box["height"] <= height - bar_foot:
        assert box["y"] + box["height"] <= height + 0.5, (box, bar)
    else:
        assert box["y"] <= bar_foot + 16, (box, bar)


@pytest.mark.parametrize("size", SIZES)
def test_the_tapped_row_is_not_under_the_sticky_count_or_message(
    new_page: NewPage,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    size: str,
) -> None:
    tournament = services.tournament_create(
        name="Herbstfipsen", date=timezone.localdate(), entry_fee=Decimal(5)
    )
    for name in NAMES:
        player = player_create(name=name, club="SC Prisdorf")
        registration_add(tournament=tournament, player=player)
    page = new_page(**SIZES[size])
    log_in(page, organiser)
    font = FALLBACK_FONT if size.endswith("fallback-font") else SITE_FONT
    open_in_font(page, f"/tournaments/{tournament.pk}/", font)
    registrations = page.locator("#registrations")
    messages = page.locator("#desk-messages")

    # The count goes from the hint (nobody here) through the box of what to do (1, 2, 5
    # present) to the tables: each tap on a row just below the bar.
    for count, name in enumerate(NAMES[:6], start=1):
        row = registrations.locator(".registration", has_text=name)
        _under_the_bar(page, row)
        if count == 6:  # "zahlt später": here, the fee open
            row.get_by_role("button", name="zahlt später").click()
            expect(messages).to_contain_text(f"{name} ist da, das Startgeld offen.")
        else:
            row.get_by_role("button", name=re.compile(re.escape(name))).click()
            expect(messages).to_contain_text(f"{name} ist da.")
        expect(page.locator("#split-summary")).to_contain_text(f"{count} Spieler anwesend")
        _in_sight(page, row)

    # The fee of one already here marked open, and paid again: the row stays in sight.
    row = registrations.locator(".registration", has_text=NAMES[0])
    _under_the_bar(page, row)
    row.get_by_role("button", name="Startgeld offen").click()
    expect(messages).to_contain_text("Das Startgeld ist wieder offen.")
    _in_sight(page, row)
    _under_the_bar(page, row)
    row.get_by_role("button", name="5,00 € bezahlt").click()
    expect(messages).to_contain_text(f"{NAMES[0]} hat bezahlt.")
    _in_sight(page, row)
