"""Every rule set the app offers has its pages registered (tournaments/rule_pages.py), each
by its own app when it starts: scoring the four whose deals it scores, the race's and
Tippen's apps their own."""

from dataclasses import replace

import pytest
from django.template.loader import get_template

from tournaments import rule_pages
from tournaments.models import Tournament
from tournaments.rule_choice import CHOICES, scored_rules_of

SCORED = {"prisdorf", "grossenaspe", "ansegger", "duttfips", "preisskat"}
LEDGERS = {"thedinghausen": "races", "tippen": "pots"}


def test_all_seven_rule_sets_are_registered() -> None:
    assert set(rule_pages.registered()) == set(CHOICES) == SCORED | set(LEDGERS)


@pytest.mark.parametrize("name", sorted(SCORED))
def test_a_scored_rule_set_is_played_on_scoring_s_pages(name: str) -> None:
    pages = rule_pages.pages_of(Tournament(rule_set=name))
    assert pages.scores_deals
    assert pages.own is None
    assert pages.counts_deals
    assert pages.no_sheets is None  # its scoresheets print
    # Paper sheets are typed in where the rules say how they are written (not yet Preisskat's).
    vocabulary = scored_rules_of(Tournament(rule_set=name)).vocabulary
    assert (pages.paper_help is not None) == (vocabulary.paper is not None)


@pytest.mark.parametrize(("name", "app"), sorted(LEDGERS.items()))
def test_a_ledger_rule_set_hands_over_to_its_own_app_s_pages(name: str, app: str) -> None:
    pages = rule_pages.pages_of(Tournament(rule_set=name))
    assert not pages.scores_deals
    assert pages.own is not None
    assert not pages.counts_deals
    assert pages.own.standings.startswith(f"{app}:")
    assert pages.no_sheets  # says why scoring's scoresheets are refused
    assert pages.history is not None
    assert pages.files
    assert rule_pages.own_pages_of(Tournament(rule_set=name)) is pages.own


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_template_a_rule_set_names_exists(name: str) -> None:
    pages = rule_pages.pages_of(Tournament(rule_set=name))
    named = [
        pages.card_facts,
        pages.card_note,
        pages.sheet_legend,
        pages.pdf_legend,
        pages.tables_line,
        pages.ended_early,
        pages.paper_help.template if pages.paper_help else None,
    ]
    for template in filter(None, named):
        get_template(template)
    for words in vars(pages.closing).values():  # each fills in with a table's figures
        assert rule_pages.worded(words, number=3, played=57, deals=120, next=58)


def test_a_rule_set_is_registered_once_and_only_one_the_app_offers() -> None:
    prisdorf = rule_pages.registered()["prisdorf"]
    rule_pages.register("prisdorf", prisdorf)  # the same pages again: AppConfig.ready twice
    with pytest.raises(ValueError, match="already"):
        rule_pages.register("prisdorf", replace(prisdorf, card_facts="pdf/other.html"))
    with pytest.raises(ValueError, match="as the library does"):
        rule_pages.register("tippen", prisdorf)  # scoring's pages for a ledger
    with pytest.raises(ValueError, match="offers no rule set"):
        rule_pages.register("skat", prisdorf)
    with pytest.raises(LookupError):
        rule_pages.pages_of(Tournament(rule_set="skat"))
