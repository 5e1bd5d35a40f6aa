"""No web module or template asks which rule set it serves (issue 17, item 2), nor assumes
one (issue 27).

The shared pages ask the rule set's registered pages (:mod:`tournaments.rule_pages`) what to
show; they neither compare a rule set's name (``tournament.rule_set == "grossenaspe"``,
``RACE_RULES``, ``is_race``) nor dispatch on its class (``isinstance(rules, Duttfips)``).
Nor do they assume a game's table: a constant of a table size (``FIVE_PLAYERS``,
``TABLE_SIZES``), a comparison of a count of players with a number (``len(seats) == 5``), a
tuple of games' names (``("ansegger", "duttfips")``): the rule set says who sits out
(``dealer_sits_out_at``) and its tables (``table_sizes``).
Read from the source, so nothing is imported. A rule set's own modules may name it: the race's
app, Tippen's, and scoring's modules of one game (``aspe_*``, ``meck_*``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = "prisdorf|grossenaspe|thedinghausen|tippen|ansegger|duttfips"
RULE_CLASSES = "Prisdorf|Grossenaspe|Ansegger|Duttfips|Mecklenburg|RacePlayer|PotPlayer"
#: What compares a rule set's name or dispatches on its type.
ASKS = re.compile(
    rf"""\.rule_set\s*(==|!=|not\s+in\s|in\s)"""
    rf"""|(==|!=)\s*["']({NAMES})["']|["']({NAMES})["']\s*(==|!=)"""
    rf"""|\bin\s+\(?["']({NAMES})["']"""
    r"""|\b(RACE_RULES|TIPPEN_RULES|is_race|has_own_pages)\b"""
    rf"""|isinstance\([^)]*\b({RULE_CLASSES})"""
)
WEB = ("tournaments", "scoring", "preisfipsen", "templates")
#: A rule set's own modules, which may name it.
OWN = re.compile(
    r"^(templates/(races|pots)/|templates/scoring/rules/(aspe|meck)_"
    r"|tournaments/(race_rules|tippen_rules)\.py$"
    r"|scoring/(aspe|meck)_\w+\.py$|scoring/(race|pot)_transfer\.py$)"
)
#: What assumes a game's table or lists games by name.
ASSUMES = re.compile(
    r"""(THREE|FOUR|FIVE|SIX)_PLAYERS\b|\bTABLE_SIZES\b|\bPLAYER_COUNTS\b"""
    r"""|\blen\(\s*[\w.]*(seats|playing|players|columns)\s*\)\s*(==|!=|<|>|<=|>=)\s*\d"""
    r"""|\b(players|size)\s*(==|!=)\s*\d|(seats|columns)\|length\s*(==|!=)\s*\d"""
    rf"""|[(\[{{]\s*["']({NAMES})["']\s*,"""
)
#: Where main still assumes, by file and how many lines: the Mecklenburg games' names of the
#: club's points table (moving into the games' own packages).
KNOWN_ASSUMING = Counter(
    {
        "tournaments/club_points.py": 1,
    }
)

#: Where main still asks, by file and how many lines: code other helpers of issue 17 are
#: moving into the rules library (choice) and the deal form (evaluation, notation, sheets).
#: A file that asks more often, or a new one, fails; one that asks less must be lowered here.
KNOWN = Counter(
    {
        "tournaments/rule_choice.py": 12,
    }
)


def asking_lines(root: Path = ROOT, pattern: re.Pattern[str] = ASKS) -> Counter[str]:
    """How many lines of each web file outside a rule set's own modules ask for the rule set
    (or match ``pattern``)."""
    found: Counter[str] = Counter()
    for package in WEB:
        for path in sorted((root / package).rglob("*")):
            if path.suffix not in {".py", ".html"} or "migrations" in path.parts:
                continue
            where = path.relative_to(root).as_posix()
            if OWN.match(where):
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            found[where] += sum(1 for line in lines if pattern.search(line))
    return +found


def test_the_pattern_finds_what_it_looks_for() -> None:
    for line in (
        '{% if tournament.rule_set == "grossenaspe" %}',
        'aspe = table.tournament.rule_set == "grossenaspe"',
        'if rule_set not in ("ansegger", "duttfips"):',
        "{% if tournament.is_race %}",
        "elif not tournament.has_own_pages",
        "tippen = tournament.rule_set == TIPPEN_RULES",
        "if isinstance(rules, Ansegger | Duttfips):",
        "money=euros(standing.cents) if isinstance(standing, RacePlayer) else ''",
    ):
        assert ASKS.search(line), line
    for line in (
        "pages = pages_of(tournament)",
        "{% include pages.card_facts %}",
        "rule_pages.register(GROSSENASPE.name, ASPE)",
        "if rule_set not in CHOICES:",
    ):
        assert not ASKS.search(line), line


def test_no_web_module_or_template_asks_which_rule_set_it_serves() -> None:
    found = asking_lines()
    more = {where: count for where, count in found.items() if count > KNOWN[where]}
    assert more == {}, "ask tournaments.rule_pages instead"
    fewer = {where: count for where, count in KNOWN.items() if found[where] < count}
    assert fewer == {}, "lower KNOWN: these ask less now"


def test_the_pattern_finds_a_games_table_assumed() -> None:
    for line in (
        "from scoring.models import FIVE_PLAYERS, TABLE_SIZES, Deal",
        "out = self.dealer if players == _FIVE_PLAYERS else None",
        "if len(self.seats) == 5:",
        "five = len(playing) == FIVE_PLAYERS",
        "if size == 5 and sitting_out:",
        "{% if card.seats|length == 5 %}",
        'MECKLENBURG = ("ansegger", "duttfips")',
        "from fipsen_rules.seats import PLAYER_COUNTS, Seating",
    ):
        assert ASSUMES.search(line), line
    for line in (
        "sits_out = len(seats) in rules.dealer_sits_out_at",
        'if header_line.casefold().startswith("sep=") and len(header_line) == 5:',
        "Seating.of(seats, rules_of(table.tournament).table_sizes)",
        '{"prisdorf": 1}',
    ):
        assert not ASSUMES.search(line), line


def test_no_web_module_or_template_assumes_a_games_table() -> None:
    found = asking_lines(pattern=ASSUMES)
    more = {where: count for where, count in found.items() if count > KNOWN_ASSUMING[where]}
    assert more == {}, "ask the rule set (table_sizes, dealer_sits_out_at) instead"
    fewer = {where: count for where, count in KNOWN_ASSUMING.items() if found[where] < count}
    assert fewer == {}, "lower KNOWN_ASSUMING: these assume less now"
