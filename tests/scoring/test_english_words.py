"""Issue 19: on an English page a deal's words, badges and column names are English, on a
German one German as before; the game's own names (Kieker, Hand, Fips, beet) stay. "Games
declared" says what the standings' column counts."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fipsen_rules import RULE_SETS, FipsenError
from fipsen_rules.rulesets import notation_words, rule_set
from fipsen_rules.vocabulary import NOTATION_WORDS, Spoken
from scoring import renderers, selectors, services
from scoring.evaluation import scored_rules, spoken_game
from scoring.models import Deal
from scoring.standings import selectors as standings_selectors
from tests.factories import UserFactory
from tests.fipsen_rules.strategies import some_taps
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import aspe_night, meck_night, playing_table
from tests.thedinghausen.helpers import deals_entered as race_deals
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pot_deals
from tests.tippen.helpers import tippen_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db

EN, DE = {"Accept-Language": "en"}, {"Accept-Language": "de"}
#: The notation's words that are German, not the game's names: none of them on an English page.
GERMAN = ("gewonnen", "verloren", "aufgegeben", "gepasst", "geklopft", "Vorhand", "Geber")


def _text(html: str) -> str:
    html = re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", " ", html)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _enter(table: Table, declarer: int | None, game: str) -> Deal:
    return services.deal_record(
        table=table,
        sequence=selectors.next_deal(table=table).sequence,
        submission=uuid.uuid4(),
        declarer=declarer,
        game=scored_rules(table.tournament).parse(game),
        written_value=None,
    )


def _captain(table: Table, language: dict[str, str]) -> str:
    url = reverse("scoring:table_entry", args=[table.token])
    return _text(Client().get(url, headers=language).content.decode())


def _english_free_of_german(page: str) -> None:
    for word in GERMAN:
        assert word not in page, word


def _scored_rules() -> dict[str, Spoken]:
    """Every registered scored rule set, with the options that add tiles."""
    found = {}
    for name, registration in RULE_SETS.items():
        if registration.scores_deals:
            rules = rule_set(name, **({"kloppen": True} if name == "grossenaspe" else {}))
            assert isinstance(rules, Spoken)
            found[name] = rules
    return found


SCORED = _scored_rules()


def test_every_scored_rule_set_is_sampled() -> None:
    assert set(SCORED) >= {"prisdorf", "grossenaspe", "ansegger", "duttfips"}


# No database is used here; the module's mark gives every test its fixture.
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), name=st.sampled_from(sorted(SCORED)))
def test_every_games_words_are_the_notation_in_german_and_english_in_english(
    data: st.DataObject, name: str
) -> None:
    """Games a scored rule set's tiles make (sampled), in its notation."""
    vocabulary = SCORED[name].vocabulary
    words = notation_words()
    assert set(NOTATION_WORDS) <= set(words)
    for tapped in data.draw(some_taps(vocabulary)):
        try:
            game = str(vocabulary.game_of(tapped))
        except FipsenError:
            continue  # taps that make no game: refused
        with translation.override("de"):
            assert spoken_game(game) == game, (name, game)
        with translation.override("en"):
            said = spoken_game(game)
        for german, english in words:
            assert german not in said, (name, game, said)
            if german in game:
                assert english in said, (name, game, said)


def test_prisdorfs_captain_page_in_english_and_in_german() -> None:
    table = playing_table()
    _enter(table, 1, "Kieker gewonnen")
    _enter(table, 2, "4 Hand gewonnen")
    _enter(table, None, "alle gepasst")
    _enter(table, 3, "3 verloren")

    english = _captain(table, EN)
    assert "Spieler 02: 4 Hand won +8" in english
    assert "Last: Spieler 03: 3 lost −6" in english
    assert "– all passed" in english
    assert "Dealer" in english
    assert "Forehand" in english
    _english_free_of_german(english)

    german = _captain(table, DE)
    assert "Spieler 02: 4 Hand gewonnen +8" in german
    assert "Spieler 03: 3 verloren −6" in german
    assert "Geber" in german
    assert "Vorhand" in german
    assert "Forehand" not in german


@pytest.mark.parametrize(
    ("language", "words"),
    [(EN, "Kieker won</span> = "), (DE, "Kieker gewonnen</span> = ")],
    ids=["en", "de"],
)
def test_the_live_preview_speaks_the_pages_language(language: dict[str, str], words: str) -> None:
    table = playing_table()
    url = reverse("scoring:table_preview", args=[table.token])
    data = {"sequence": 1, "submission": uuid.uuid4(), "declarer": 1, "contract": "kieker",
            "result": "won"}  # fmt: skip
    page = " ".join(Client().post(url, data, headers=language).content.decode().split())
    assert f'<span class="preview-game">{words}<strong class="preview-score">+10' in page


def test_the_sheets_history_speaks_english_and_keeps_german_in_store() -> None:
    table = playing_table()
    deal = _enter(table, 3, "3 verloren")
    url = reverse("scoring:table_sheet", args=[table.token])
    assert "entered Spieler 03: 3 lost −6" in _text(Client().get(url, headers=EN).content.decode())
    assert "Spieler 03: 3 verloren −6" in _text(Client().get(url, headers=DE).content.decode())
    assert deal.changes.get().after == "Spieler 03: 3 verloren −6", "stored as the notation"


def test_grossenaspes_words_in_english_keep_the_clubs_own() -> None:
    table = Table.objects.get(tournament=aspe_night(4, kloppen=True))
    _enter(table, 1, "3 Gute geklopft gewonnen")
    _enter(table, 2, "2 beet")
    _enter(table, 3, "Kieker aufgegeben")
    english = _captain(table, EN)
    assert "Spieler 01: 3 Gute won knocked +12" in english
    assert "2 beet – the opponents each +2" in english
    assert "Kieker surrendered" in english
    assert "knocked" in english
    assert "pott beet" in english
    _english_free_of_german(english)
    german = _captain(table, DE)
    assert "Spieler 01: 3 Gute gewonnen geklopft +12" in german
    assert "Kieker aufgegeben" in german


@pytest.mark.parametrize(
    ("rule_set_name", "game", "english"),
    [("ansegger", "Fips verloren", "Fips lost"), ("duttfips", "Ruten oewer verloren",
                                                 "Ruten oewer lost")],
)  # fmt: skip
def test_mecklenburgs_words_in_english(rule_set_name: str, game: str, english: str) -> None:
    table = Table.objects.get(tournament=meck_night(rule_set_name))
    _enter(table, 3, game)  # not forehand, who has the Dutt already
    page = _captain(table, EN)
    assert english in page
    _english_free_of_german(page)
    assert game in _captain(table, DE)


def test_the_race_and_tippen_captain_pages_are_english() -> None:
    race = race_table(5)
    race_deals(race, [2, 1, 1, 1, 0], [5, 0, 0, 0, 0])
    tippen = tippen_table(4)
    pot_deals(tippen, "2 1 - 0", "- - - -")
    for table in (race, tippen):
        page = _captain(table, EN)
        assert "Dealer" in page
        _english_free_of_german(page)
    assert "sweep: Spieler 00 wins 5 Hedewigs" in _captain(race, EN)
    assert "all passed, the pot stays for the next deal" in _captain(tippen, EN)


def test_the_standings_and_the_ranking_say_games_declared() -> None:
    table = playing_table()
    _enter(table, 1, "Kieker gewonnen")
    organiser = Client()
    organiser.force_login(UserFactory(is_staff=True))
    url = reverse("scoring:standings", args=[table.tournament_id])
    english = _text(organiser.get(url, headers=EN).content.decode())
    assert "Games declared" in english
    assert "Games played" not in english
    assert "Alleinspiele" in _text(organiser.get(url, headers=DE).content.decode())
    standings = standings_selectors.standings(tournament=table.tournament)
    with translation.override("en"):
        pdf = pdf_text(renderers.ranking_pdf(tournament=table.tournament, standings=standings))
    assert "Games declared" in " ".join(pdf.split())
    with translation.override("de"):
        pdf = pdf_text(renderers.ranking_pdf(tournament=table.tournament, standings=standings))
    assert "Alleinspiele" in pdf
