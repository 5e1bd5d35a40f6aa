"""Issue 29.7: a phone set to English kept German examples in the paper sheet's help ("3 Hand
verloren", "alle gepasst"). The help's words and its example lines are in the page's language,
and what they show is what the sheet reads: the English example, checked, is every line right."""

import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors
from tests.scoring.helpers import aspe_night, meck_night, playing_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db

#: The notation's own words that are German (the game's names, Hand, Gute, beet, stay).
GERMAN_WORDS = re.compile(r"\b(gewonnen|verloren|aufgegeben|gepasst|geklopft)\b")

TABLES: dict[str, Callable[[], Table]] = {
    "prisdorf": lambda: playing_table(),
    "grossenaspe": lambda: Table.objects.get(tournament=aspe_night(4)),
    "ansegger": lambda: Table.objects.get(tournament=meck_night("ansegger")),
    "duttfips": lambda: Table.objects.get(tournament=meck_night("duttfips")),
}


def _help(page: str) -> str:
    """The page's help on writing a sheet, and the example beside the field, as text."""
    found = page.split('<section class="paper-help" id="paper-help">')[1].split("</section>")[0]
    example = page.split("<code>")[1].split("</code>")[0]
    return " ".join(re.sub(r"<[^>]+>", " ", found + " " + example).split())


def _example(page: str) -> list[str]:
    """The example lines, numbered from 1 (each different number of the example one more)."""
    block = page.split('<pre class="paper-example"')[1].split(">", 1)[1].split("</pre>")[0]
    numbers: dict[str, int] = {}
    lines = []
    for line in block.splitlines():
        number, rest = line.split(". ", 1)
        numbers.setdefault(number, len(numbers) + 1)
        lines.append(f"{numbers[number]}. {rest}")
    return lines


@pytest.mark.parametrize("rule_set", list(TABLES))
def test_an_english_page_helps_with_english_examples_that_the_sheet_reads(rule_set: str) -> None:
    table = TABLES[rule_set]()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = reverse("scoring:table_paper", args=[table.token])
    page = client.get(url).content.decode()
    assert 'lang="en"' in page
    assert "How to write it" in page

    assert not GERMAN_WORDS.findall(_help(page))
    example = _example(page)
    assert re.search(r"\b(won|lost|surrendered)\b", "\n".join(example))

    checked = client.post(url, {"text": "\n".join(example), "check": ""}).content.decode()
    assert "Every line is right. This will be saved:" in checked
    assert not GERMAN_WORDS.findall(checked.split('id="paper-preview-title"')[1])
    assert not selectors.table_sheet(table=table).rows  # the check saves nothing


@pytest.mark.parametrize("rule_set", list(TABLES))
def test_a_german_page_keeps_the_german_notation(rule_set: str) -> None:
    table = TABLES[rule_set]()
    page = Client(HTTP_ACCEPT_LANGUAGE="de").get(reverse("scoring:table_paper", args=[table.token]))
    assert GERMAN_WORDS.search(_help(page.content.decode()))
