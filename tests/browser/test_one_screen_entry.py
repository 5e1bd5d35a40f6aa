"""A deal on one screen (issue 9): on a phone of 390×844 the captain enters every kind of deal
with taps in the first screen only, in the fewest taps, and each save is one request that
changes the screen in place: no scrolling, no new page, no jump to the top.

Every tap goes through `Taps.tap`, which first checks that the control lies wholly inside the
viewport while the page is scrolled to the top, and counts it. A marker set on `window` at the
start must survive to the end: a page load would lose it.
"""

import re
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from playwright.sync_api import Locator, Page, Request, expect

from scoring.models import Deal
from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, open_in_font
from tests.scoring.helpers import enter, playing_table
from tournaments.models import Player, Table

WIDTH, HEIGHT = PHONE["viewport"]["width"], PHONE["viewport"]["height"]  # type: ignore[index]
#: A long name with a hyphen: it must wrap on its tile and keep its hyphen in every message.
LONG_NAME = "Karl-Heinz Böttcher"


@dataclass
class Taps:
    """The captain's taps on one phone, each checked to be on the first screen."""

    page: Page
    count: int = 0
    requests: list[Request] = field(default_factory=list)

    def tap(self, control: Locator) -> None:
        box = control.bounding_box()
        assert box is not None, f"{control} is not shown"
        assert self.scroll_y() == 0
        inside = 0 <= box["y"] <= box["y"] + box["height"] <= HEIGHT
        assert inside, (control, box)
        assert 0 <= box["x"] <= box["x"] + box["width"] <= WIDTH, (control, box)
        control.tap()
        self.count += 1
        assert self.scroll_y() == 0

    def scroll_y(self) -> float:
        return float(self.page.evaluate("window.scrollY"))

    def tile(self, group: str, text: str) -> None:
        self.tap(self.page.get_by_role("group", name=group).get_by_text(text, exact=True))

    def save(self, button: str, *, says: str) -> list[Request]:
        """Tap the save button; wait for the status line of the new screen to say ``says``;
        the requests the save made (live previews and the phone's ping to the laptop aside)."""
        self.requests.clear()
        self.tap(self.page.get_by_role("button", name=button))
        expect(self.page.locator(".status-line")).to_contain_text(says)
        return [r for r in self.requests if not r.url.endswith(("/preview/", "/link/"))]


WHO, WHAT, DOUBLES, RESULT = (
    "Wer hat gespielt?",
    "Was wurde gespielt?",
    "Verdopplungen (falls gespielt)",
    "Ergebnis",
)

#: Each kind of deal: its tiles (group, text) before "Spiel N eintragen", the taps it takes in
#: all (save included), the game saved and the words the status line says.
KINDS = [
    ("won", [(WHO, LONG_NAME), (WHAT, "3"), (RESULT, "gewonnen")], 4, "3 gewonnen", "+3"),
    ("lost", [(WHO, "Spieler 01"), (WHAT, "4"), (RESULT, "verloren")], 4, "4 verloren", "−8"),
    (
        "one double",
        [(WHO, "Spieler 02"), (WHAT, "2"), (DOUBLES, "Hand"), (RESULT, "verloren")],
        5,
        "2 Hand verloren",
        "−8",
    ),
    (
        "two doubles",
        [(WHO, LONG_NAME), (WHAT, "3"), (DOUBLES, "Hand"), (DOUBLES, "Ruten"),
         (RESULT, "gewonnen")],
        6,
        "3 Hand Ruten gewonnen",
        "+12",
    ),
    ("Kieker", [(WHO, "Spieler 03"), (WHAT, "Kieker"), (RESULT, "gewonnen")], 4,
     "Kieker gewonnen", None),
    ("Siebener Fips", [(WHO, "Spieler 01"), (WHAT, "Siebener Fips")], 3, "Siebener Fips", None),
    ("all passed", [(WHAT, "alle gepasst")], 2, "alle gepasst", None),
]  # fmt: skip


#: The page's own font, and the phone's wider fallback when the font comes too late for the
#: first paint (font-display: optional): the deal fits the first screen with either.
FONTS = pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])


def captain_on_phone(page: Page, font: str = SITE_FONT) -> tuple[Table, Taps]:
    """The captain's page on the phone after a first deal of the long name (so the status
    line under the totals has its longest words), in ``font``."""
    table = playing_table()
    Player.objects.filter(name="Spieler 00").update(name=LONG_NAME)
    enter(table, 0, "3 Hand Ruten +")
    url = reverse("scoring:table_entry", args=[table.token])
    open_in_font(page, url, font)
    page.evaluate("window.sameScreen = 'still here'")
    taps = Taps(page)
    page.on("request", lambda request: taps.requests.append(request))
    return table, taps


def assert_the_page_never_left(page: Page) -> None:
    assert page.evaluate("window.sameScreen") == "still here"


@FONTS
@pytest.mark.parametrize(
    ("kind", "tiles", "expected_taps", "game", "score"), KINDS, ids=[k[0] for k in KINDS]
)
def test_each_kind_of_deal_in_the_first_screen(
    phone_page: Page,
    font: str,
    kind: str,
    tiles: list[tuple[str, str]],
    expected_taps: int,
    game: str,
    score: str | None,
) -> None:
    table, taps = captain_on_phone(phone_page, font)
    for group, text in tiles:
        taps.tile(group, text)
    if kind == "all passed":
        expect(phone_page.locator("#deal-preview")).to_have_text("alle gepasst – keine Punkte")

    made = taps.save("Spiel 2 eintragen", says="Eingetragen")

    assert taps.count == expected_taps
    assert [(r.method, r.url.removeprefix(r.url.split("/t/")[0])) for r in made] == [
        ("POST", reverse("scoring:table_entry", args=[table.token]))
    ]
    deal = Deal.objects.get(table=table, sequence=2)
    assert deal.game == game
    status = phone_page.locator(".status-line")
    if deal.declarer is None:
        expect(status).to_contain_text("Eingetragen: alle gepasst")
    else:
        name = tiles[0][1]  # the hyphen in a name stays a hyphen; a loss gets a minus sign
        shown = f"Eingetragen: {name}: {game} {score}" if score else f"Eingetragen: {name}: {game}"
        expect(status).to_contain_text(shown)
    heading = "Spiel 2 von 100" if deal.declarer is None else "Spiel 3 von 100"
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text(heading)
    assert_the_page_never_left(phone_page)


@FONTS
def test_correcting_the_last_deal_in_three_taps(phone_page: Page, font: str) -> None:
    table, taps = captain_on_phone(phone_page, font)
    for group, text in KINDS[0][1]:
        taps.tile(group, text)
    taps.save("Spiel 2 eintragen", says="Eingetragen")
    taps.count = 0

    taps.tap(phone_page.get_by_role("link", name="Korrigieren"))
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text("Spiel 2 korrigieren")
    taps.tile(RESULT, "verloren")
    expect(phone_page.locator("#deal-preview")).to_have_text(re.compile(r"3 verloren\s*=\s*−6"))
    made = taps.save("Korrektur speichern", says="Korrigiert")

    assert taps.count == 3
    assert [r.method for r in made] == ["POST"]
    assert Deal.objects.get(table=table, sequence=2).score == -6
    expect(phone_page.locator(".status-line")).to_contain_text(
        f"Korrigiert: {LONG_NAME}: 3 verloren −6"
    )
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text("Spiel 3 von 100")
    assert_the_page_never_left(phone_page)


def test_a_correction_starts_without_the_old_written_value(phone_page: Page) -> None:
    """The value written for the old game would refuse the corrected one: it is not refilled,
    and the save button's label is read whole at 390 px."""
    table = playing_table()
    enter(table, 1, "2 -", written=-4)
    phone_page.goto(reverse("scoring:table_entry", args=[table.token]))
    taps = Taps(phone_page)
    phone_page.on("request", lambda request: taps.requests.append(request))
    taps.tap(phone_page.get_by_role("link", name="Korrigieren"))
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text("Spiel 1 korrigieren")
    expect(phone_page.get_by_label("Wert auf dem Zettel", exact=False)).to_have_value("")
    save = phone_page.get_by_role("button", name="Korrektur speichern")
    assert save.evaluate("b => b.scrollWidth <= b.clientWidth")
    taps.tile(DOUBLES, "Hand")
    expect(phone_page.locator("#deal-preview")).to_have_text(
        re.compile(r"2 Hand verloren\s*=\s*−8")
    )
    taps.save("Korrektur speichern", says="Korrigiert")
    assert taps.count == 3
    assert Deal.objects.get(table=table, sequence=1).score == -8


@FONTS
def test_a_refused_deal_keeps_its_taps_and_says_why_above_the_button(
    phone_page: Page, font: str
) -> None:
    table, taps = captain_on_phone(phone_page, font)
    for group, text in [
        (WHO, "Spieler 03"),
        (WHAT, "Kieker"),
        (DOUBLES, "Hand"),
        (RESULT, "gewonnen"),
    ]:
        taps.tile(group, text)

    taps.requests.clear()
    taps.tap(phone_page.get_by_role("button", name="Spiel 2 eintragen"))
    reason = phone_page.locator("#deal-preview")
    expect(reason).to_have_class(re.compile("preview-problem"))

    saves = [r for r in taps.requests if not r.url.endswith(("/preview/", "/link/"))]
    assert [r.method for r in saves] == ["POST"]
    expect(reason).to_have_text(
        "Ein Kieker nimmt immer den Skat auf: Er kann nicht Hand gespielt werden."
    )
    save = phone_page.get_by_role("button", name="Spiel 2 eintragen")
    # A live preview of the last tap may still be swapping the box in: measure once it is in.
    phone_page.wait_for_load_state("networkidle")
    reason_box, save_box = reason.bounding_box(), save.bounding_box()
    assert reason_box is not None
    assert save_box is not None
    assert 0 <= save_box["y"] - (reason_box["y"] + reason_box["height"]) < 20  # right above
    assert save_box["y"] + save_box["height"] <= HEIGHT
    for checked in ("Spieler 03", "Kieker", "Hand", "gewonnen"):
        expect(phone_page.get_by_label(checked, exact=True)).to_be_checked()
    assert Deal.objects.filter(table=table).count() == 1

    taps.tile(DOUBLES, "Hand")  # off again
    taps.save("Spiel 2 eintragen", says="Eingetragen")
    assert Deal.objects.get(table=table, sequence=2).game == "Kieker gewonnen"
    assert_the_page_never_left(phone_page)


def test_without_javascript_the_form_posts_and_comes_back(new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(**PHONE, java_script_enabled=False)
    table = playing_table()
    page.goto(reverse("scoring:table_entry", args=[table.token]))
    page.get_by_role("group", name=WHO).get_by_text("Spieler 01", exact=True).tap()
    page.get_by_role("group", name=WHAT).get_by_text("3", exact=True).tap()
    page.get_by_role("group", name=RESULT).get_by_text("gewonnen", exact=True).tap()
    with page.expect_navigation():
        page.get_by_role("button", name="Spiel 1 eintragen").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spiel 2 von 100")
    expect(page.get_by_role("status").first).to_contain_text(
        "Eingetragen: Spieler 01: 3 gewonnen +3"
    )
    assert Deal.objects.get(table=table).score == 3


def test_the_whole_sheet_fits_the_phone_and_explains_its_marks(phone_page: Page) -> None:
    table = playing_table()
    Player.objects.filter(name="Spieler 00").update(name=LONG_NAME)
    Player.objects.filter(name="Spieler 02").update(name="Annemarie Schulze-Wellinghausen")
    for number in range(12):
        enter(table, number % 4, "4 Hand Ruten Durch -" if number % 3 else "3 +")
    phone_page.goto(reverse("scoring:table_sheet", args=[table.token]))

    assert phone_page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    box = phone_page.locator("table.sheet").bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= WIDTH
    expect(phone_page.locator(".chart-legend")).to_contain_text(
        "in eigener Farbe, Strichelung und Markierung"
    )
    key = phone_page.locator(".chart-key li")
    expect(key).to_have_count(4)
    assert key.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 16
    expect(phone_page.locator(".sheet-legend")).to_contain_text("grüner Strich")
