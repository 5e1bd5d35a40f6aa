"""The captain's pages' scripts keep what they share in one place, static/js/captain-kit.js
(a form's submission id, a seat's badge: each was written twice, in the queue and the race's
and Tippen's scripts), and every page that runs one of them loads the kit before it."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))
KIT = "js/captain-kit.js"
#: What each shared piece is made of: found in the kit, and in no other script.
SHARED = {
    "a version 4 UUID": re.compile(r"&\s*0x0f\)\s*\|\s*0x40"),
    "a badge": re.compile(r"""className\s*=\s*["']badge["']"""),
}
USERS = ("js/offline-queue.js", "js/race-taps.js", "js/pot-deal.js")


@pytest.mark.parametrize("piece", sorted(SHARED))
def test_a_shared_piece_is_written_once_in_the_kit(piece: str) -> None:
    written = [path.name for path in SCRIPTS if SHARED[piece].search(path.read_text())]
    assert written == ["captain-kit.js"]


def _loads(template: Path) -> list[str]:
    """The scripts a template loads, in order (those of the templates it includes in place)."""
    text = template.read_text()
    found: list[tuple[int, str]] = []
    for match in re.finditer(r"""static '(js/[\w-]+\.js)'""", text):
        found.append((match.start(), match.group(1)))
    for match in re.finditer(r"""\{% include "(_offline_queue\.html)" %\}""", text):
        found.append((match.start(), "js/offline-queue.js"))
    return [name for _at, name in sorted(found)]


@pytest.mark.parametrize(
    "template",
    [
        "templates/scoring/table_entry.html",
        "games/thedinghausen/templates/races/table_race.html",
        "games/tippen/templates/pots/table_pot.html",
    ],
)
def test_a_captain_page_loads_the_kit_before_its_scripts(template: str) -> None:
    loads = _loads(ROOT / template)
    users = [at for at, name in enumerate(loads) if name in USERS]
    assert users
    assert KIT in loads
    assert loads.index(KIT) < min(users)
