"""No web module or template asks which rule set it serves (issue 17, item 2), nor assumes
one (issue 27).

The shared pages ask the rule set's registered pages (:mod:`tournaments.rule_pages`) what to
show; they neither compare a rule set's name (``tournament.rule_set == "grossenaspe"``,
``RACE_RULES``, ``is_race``) nor dispatch on its class (``isinstance(rules, Duttfips)``).
Nor do they assume a game's table: a constant of a table size (``FIVE_PLAYERS``,
``TABLE_SIZES``), a comparison of a count of players with a number (``len(seats) == 5``), a
tuple of games' names (``("ansegger", "duttfips")``): the rule set says who sits out
(``dealer_sits_out_at``) and its tables (``table_sizes``).
Nor does any module outside a game's own package (``games/<name>/``) name a game at all
(issue 27): not in its code, its strings or its templates' tags; only in words (docstrings,
comments), and where the project lists its apps (the settings) and the stored default.
Read from the source, so nothing is imported.
"""

from __future__ import annotations

import io
import re
import tokenize
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
#: Every package of the web app but the games' own (games/) and the rules library's.
WEB = ("tournaments", "scoring", "seasons", "printing", "sitewide", "preisfipsen", "templates")
#: A game's own modules, which may name it (none of WEB today).
OWN = re.compile(r"^games/")
#: What assumes a game's table or lists games by name.
ASSUMES = re.compile(
    r"""(THREE|FOUR|FIVE|SIX)_PLAYERS\b|\bTABLE_SIZES\b|\bPLAYER_COUNTS\b"""
    r"""|\blen\(\s*[\w.]*(seats|playing|players|columns)\s*\)\s*(==|!=|<|>|<=|>=)\s*\d"""
    r"""|\b(players|size)\s*(==|!=)\s*\d|(seats|columns)\|length\s*(==|!=)\s*\d"""
    rf"""|[(\[{{]\s*["']({NAMES})["']\s*,"""
)
#: Where main still assumes or asks, by file and how many lines: nowhere. A file that asks
#: more often, or a new one, fails; one that asks less must be lowered here.
KNOWN_ASSUMING: Counter[str] = Counter()
KNOWN: Counter[str] = Counter()

#: A game's name, or a short form of it, in a name or a string (``aspe_card``, ``MECK_PASSED``,
#: ``"prisdorf"``), not inside another word (``preserveAspectRatio``).
GAME_NAMES = re.compile(rf"(?<![a-z])({NAMES}|großenaspe|aspe|meck|mecklenburg)", re.IGNORECASE)
#: Where a game may be named outside its package, by file and how many lines: the settings'
#: list of apps (games.prisdorf, …) and the rule set of every tournament made before there was
#: a choice (the model field's default, which the migrations keep).
KNOWN_NAMING = Counter({"preisfipsen/settings.py": 5, "tournaments/rule_choice.py": 1})


def naming_lines(path: Path) -> int:
    """How many lines of a module or template name a game in code: a name or a string that
    is not a docstring (Python), a tag or a variable outside a comment (a template)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        code = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}", "", text, flags=re.S)
        tags = re.findall(r"{%.*?%}|{{.*?}}", code, flags=re.S)
        return sum(1 for tag in tags if GAME_NAMES.search(tag))
    lines = set()
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    statement_start = True
    for token in tokens:
        if token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            statement_start = True
            continue
        if token.type in (tokenize.NL, tokenize.COMMENT):
            continue
        docstring = token.type == tokenize.STRING and statement_start
        named = token.type in (tokenize.NAME, tokenize.STRING) and not docstring
        if named and GAME_NAMES.search(token.string):
            lines.add(token.start[0])
        statement_start = False
    return len(lines)


def asking_lines(root: Path = ROOT, pattern: re.Pattern[str] = ASKS) -> Counter[str]:
    """How many lines of each web file outside a rule set's own modules ask for the rule set
    (or match ``pattern``)."""
    found: Counter[str] = Counter()
    for package in WEB:
        for path in sorted((root / package).rglob("*")):
            if path.suffix not in {".py", ".html"} or "migrations" in path.parts:
                continue
            where = path.relative_to(root).as_posix()
            if OWN.match(where) or "static" in path.parts:
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


def test_the_game_names_are_found_in_code_and_not_in_words(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        '"""Prisdorf and Großenaspe in a docstring."""\n'
        "# Mecklenburg in a comment\n"
        "from games.tippen.rules import TIPPEN_RULES\n"
        'default = "prisdorf"\n'
        "draw = meck_games(rules)\n"
        'ratio = "preserveAspectRatio"\n',
        encoding="utf-8",
    )
    assert naming_lines(module) == 3
    template = tmp_path / "page.html"
    template.write_text(
        "{% comment %}Großenaspe's card{% endcomment %}{# the race #}\n"
        '{% include "grossenaspe/card_note.html" %}<p>Prisdorf</p>{{ pages.card_note }}\n',
        encoding="utf-8",
    )
    assert naming_lines(template) == 1


def test_no_module_outside_a_games_package_names_a_game() -> None:
    found: Counter[str] = Counter()
    for package in WEB:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix not in {".py", ".html"} or "migrations" in path.parts:
                continue
            found[path.relative_to(ROOT).as_posix()] += naming_lines(path)
    found = +found
    more = {where: count for where, count in found.items() if count > KNOWN_NAMING[where]}
    assert more == {}, "name the game in its package (games/<name>/) and let the registry find it"
    fewer = {where: n for where, n in KNOWN_NAMING.items() if found[where] < n}
    assert fewer == {}, "lower KNOWN_NAMING: these name fewer games now"
