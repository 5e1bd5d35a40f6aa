"""The table of deal values the captain's page brings along for a phone without the laptop
(scoring/offline_values.py, issue 29): the rules module's values, the same whoever declares
or deals, embedded in the page as JSON."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules import FipsenError
from fipsen_rules.rulesets import rule_set
from fipsen_rules.vocabulary import PASSED, Taps, every_taps
from scoring.offline_values import MOST_TAPS, _shown, _values, key_of
from tests.rule_set_proof.reizfips import REIZFIPS
from tests.scoring.helpers import playing_table

#: Each scored rule set at each size of its tables.
TABLES = [("prisdorf", 3), ("prisdorf", 4), ("grossenaspe", 4), ("grossenaspe", 5),
          ("ansegger", 4), ("duttfips", 4)]  # fmt: skip


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_each_table_has_values(name: str, players: int) -> None:
    with translation.override("de"):
        assert _values(rule_set(name).vocabulary, players, "de")["values"]


def _taps(key: str) -> Taps:
    """The taps of a key of the table (no numbers: these rule sets have none)."""
    contract, flags, result = key.split("|")
    return Taps(contract, frozenset(filter(None, flags.split(","))), result or None)


@settings(max_examples=20, deadline=None)
@given(data=st.data(), table_size=st.sampled_from(TABLES))
def test_every_value_is_the_rules_one_whoever_declares_or_deals(
    data: st.DataObject, table_size: tuple[str, int]
) -> None:
    """Values of each table (sampled): each is the rules' for every declarer and dealer."""
    name, players = table_size
    vocabulary = rule_set(name).vocabulary
    with translation.override("de"):
        table = _values(vocabulary, players, "de")["values"]
    keys = data.draw(st.lists(st.sampled_from(sorted(table)), min_size=8, max_size=16))
    for key in keys:
        tapped = _taps(key)
        assert key_of(tapped) == key
        game = vocabulary.game_of(tapped)
        for dealer in range(players):
            for seat in [None] if tapped.contract == PASSED else range(players):
                if players == 5 and seat == dealer:
                    continue  # the dealer of a five sits out (Großenaspe)
                try:
                    scored = vocabulary.score(game, players=players, declarer=seat, dealer=dealer)
                except FipsenError:
                    continue  # a seat the rules refuse: the laptop says why
                with translation.override("de"):
                    assert _shown(scored, seat) == table[key], (key, seat, dealer)


def test_a_vocabulary_with_thousands_of_taps_brings_no_values() -> None:
    """Reizfips's bid makes 2,964 taps: the page would weigh too much; the phone says that
    the laptop checks the deal when the Wi-Fi is back."""
    vocabulary = REIZFIPS.vocabulary
    assert len(list(every_taps(vocabulary))) > MOST_TAPS
    with translation.override("de"):
        table = _values(vocabulary, 4, "de")
    assert (table["values"], table["numbers"]) == ({}, ["bid"])


def test_taps_the_deal_form_refuses_have_no_value() -> None:
    """Großenaspe's Gute is clubs: the form refuses "Kreuz" beside it before the rules."""
    with translation.override("de"):
        table = _values(rule_set("grossenaspe").vocabulary, 4, "de")["values"]
    assert "2|gute|won" in table
    assert "2|gute,kreuz|won" not in table


@pytest.mark.django_db
def test_the_captains_page_embeds_the_table_with_its_words() -> None:
    table = playing_table()
    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    found = re.search(r'<script id="deal-values" type="application/json">(.*?)</script>', page)
    assert found is not None
    embedded = json.loads(found.group(1))
    assert embedded["flags"] == ["hand", "ruten", "durch"]
    assert embedded["values"]["3|hand|lost"] == {
        "preview": "3 Hand verloren = −12",
        "value": "−12",
        "declarer": True,
        "gain": -12,
        "each": 0,
    }
    assert embedded["values"]["passed||"]["preview"] == "alle gepasst – keine Punkte"
    assert embedded["words"]["checked"] == "Geprüft wird, sobald das WLAN zurück ist."
