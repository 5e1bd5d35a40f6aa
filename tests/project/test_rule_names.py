"""No web module or template asks which rule set it serves (issue 17, item 2).

The shared pages ask the rule set's registered pages (:mod:`tournaments.rule_pages`) what to
show; they neither compare a rule set's name (``tournament.rule_set == "grossenaspe"``,
``RACE_RULES``, ``is_race``) nor dispatch on its class (``isinstance(rules, Duttfips)``).
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
    r"^(templates/(races|pots)/|tournaments/(race_rules|tippen_rules)\.py$"
    r"|scoring/(aspe|meck)_\w+\.py$|scoring/(race|pot)_transfer\.py$)"
)

#: Where main still asks, by file and how many lines: code other helpers of issue 17 are
#: moving into the rules library (choice) and the deal form (evaluation, notation, sheets).
#: A file that asks more often, or a new one, fails; one that asks less must be lowered here.
KNOWN = Counter(
    {
        "tournaments/rule_choice.py": 12,
    }
)


def asking_lines(root: Path = ROOT) -> Counter[str]:
    """How many lines of each web file outside a rule set's own modules ask for the rule set."""
    found: Counter[str] = Counter()
    for package in WEB:
        for path in sorted((root / package).rglob("*")):
            if path.suffix not in {".py", ".html"} or "migrations" in path.parts:
                continue
            where = path.relative_to(root).as_posix()
            if OWN.match(where):
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            found[where] += sum(1 for line in lines if ASKS.search(line))
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
