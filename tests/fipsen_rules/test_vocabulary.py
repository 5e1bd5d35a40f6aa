"""Every scored rule set's vocabulary: tiles, taps, games (fipsen_rules.vocabulary)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules import (
    ANSEGGER,
    DUTTFIPS,
    GROSSENASPE,
    PRISDORF,
    Ansegger,
    ClubTable,
    Code,
    Duttfips,
    FipsenError,
    Grossenaspe,
    GrossenaspeGame,
    InvalidEntryError,
    Prisdorf,
    Violation,
    describe,
    message_of,
)
from fipsen_rules.grossenaspe_vocabulary import endings_of
from fipsen_rules.preisskat import PREISSKAT, Preisskat
from fipsen_rules.vocabulary import NOTATION_WORDS, Taps, every_taps, every_taps_count, spoken
from tests.fipsen_rules.strategies import some_taps
from tests.rule_set_proof.muenzfips import MUENZFIPS, Muenzfips
from tests.rule_set_proof.reizfips import REIZFIPS, Reizfips

#: Every scored rule set, with the options that change its tiles; and the tests' own games
#: (Reizfips has a number, the bid).
RULES: dict[str, Prisdorf | Grossenaspe | Ansegger | Duttfips | Preisskat | Reizfips] = {
    "prisdorf": PRISDORF,
    "prisdorf-min3-kontra": Prisdorf(min_bid=3, kontra=True),
    "grossenaspe": GROSSENASPE,
    "grossenaspe-kloppen": Grossenaspe(kloppen=True),
    "ansegger": ANSEGGER,
    "ansegger-no-ruten": Ansegger(ClubTable.of({"2": (2, -2), "Fips": (10, -20)})),
    "duttfips": DUTTFIPS,
    "preisskat": PREISSKAT,
    "preisskat-kontra": Preisskat(kontra=True),
    "reizfips": REIZFIPS,
}
#: Every vocabulary the generic tests sample (Münzfips's games are not listed: no games()).
VOCABULARIES = {**{name: rules.vocabulary for name, rules in RULES.items()},
                "muenzfips": MUENZFIPS.vocabulary}  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(VOCABULARIES)))
def test_every_tile_combination_round_trips(data: st.DataObject, name: str) -> None:
    """taps → game → taps → game: the same game, and the taps are made of the tiles, the
    numbers within their bounds (sampled: a bid alone has 247 values)."""
    vocabulary = VOCABULARIES[name]
    contracts = {tile.value for tile in vocabulary.contracts}
    flags = {tile.value for tile in vocabulary.flags}
    results = {tile.value for tile in vocabulary.results}
    bounds = {number.name: number for number in vocabulary.numbers}
    for tapped in data.draw(some_taps(vocabulary)):
        try:
            game = vocabulary.game_of(tapped)
        except FipsenError:
            continue
        again = vocabulary.taps_of(game)
        assert vocabulary.game_of(again) == game
        assert again.contract in contracts
        assert again.flags <= flags
        assert again.result is None or again.result in results
        for number, value in again.numbers:
            assert bounds[number].minimum <= value <= bounds[number].maximum


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_some_tile_combination_makes_a_game(name: str) -> None:
    vocabulary = VOCABULARIES[name]
    game = vocabulary.game_of(next(iter(every_taps(vocabulary))))
    assert vocabulary.game_of(vocabulary.taps_of(game)) == game


def test_every_taps_counts_the_numbers() -> None:
    """Going through all of them is for small vocabularies: a bid makes thousands."""
    reizfips = REIZFIPS.vocabulary
    assert every_taps_count(reizfips) == 4 * 4 * 247
    assert every_taps_count(PRISDORF.vocabulary) == len(list(every_taps(PRISDORF.vocabulary)))
    assert isinstance(MUENZFIPS, Muenzfips)


@pytest.mark.parametrize("name", RULES)
def test_every_game_of_the_rules_is_tapped(name: str) -> None:
    """Each game the rules allow has taps among the tiles, which make it again."""
    rules = RULES[name]
    vocabulary = rules.vocabulary
    contracts = {tile.value for tile in vocabulary.contracts if tile.shown}
    flags = {tile.value for tile in vocabulary.flags if tile.shown}
    for game in rules.games():
        taps = vocabulary.taps_of(game)
        assert taps.contract in contracts, game
        assert taps.flags <= flags, game
        assert vocabulary.game_of(taps) == game


@pytest.mark.parametrize("name", RULES)
def test_a_tapped_game_scores_as_the_rules_score_its_notation(name: str) -> None:
    rules = RULES[name]
    vocabulary = rules.vocabulary
    for game in rules.games():
        scored = vocabulary.score(
            vocabulary.game_of(vocabulary.taps_of(game)), players=4, declarer=1
        )
        assert scored.game == str(game)
        assert scored.counts_as_deal


@settings(max_examples=30, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(RULES)))
def test_any_taps_make_a_game_or_a_refusal_and_score_or_are_refused(
    data: st.DataObject, name: str
) -> None:
    """Taps never crash: a game that taps back to itself and scores as its notation, or the
    rules' refusal."""
    vocabulary = RULES[name].vocabulary
    for tapped in data.draw(some_taps(vocabulary)):
        try:
            game = vocabulary.game_of(tapped)
        except InvalidEntryError:
            continue
        assert vocabulary.game_of(vocabulary.taps_of(game)) == game
        try:
            scored = vocabulary.score(game, players=4, declarer=1, dealer=0)
        except FipsenError:
            continue
        assert scored.game == str(game)


def test_prisdorf_offers_its_minimum_bid_and_kontra_where_agreed() -> None:
    assert [t.value for t in PRISDORF.vocabulary.contracts][:1] == ["2"]
    assert [g.key for g in PRISDORF.vocabulary.groups] == ["doubles"]
    home = Prisdorf(min_bid=3, kontra=True).vocabulary
    assert [t.value for t in home.contracts][:1] == ["3"]
    assert [t.value for t in home.flags] == ["hand", "ruten", "durch", "kontra", "re"]
    assert PRISDORF.vocabulary.paper_value
    assert PRISDORF.vocabulary.note_at(3)
    assert not PRISDORF.vocabulary.note_at(4)


def test_a_five_s_durch_is_not_tapped() -> None:
    """A 5 is always Durch: the correction form shows the 5 without Durch tapped."""
    taps = PRISDORF.vocabulary.taps_of(PRISDORF.parse("5 gewonnen"))
    assert taps == Taps("5", frozenset(), "won")


def test_the_club_table_decides_the_mecklenburg_tiles_shown() -> None:
    rules = Ansegger(ClubTable.of({"2": (2, -2), "Fips": (10, -20)}))
    shown = [t.value for t in rules.vocabulary.contracts if t.shown]
    assert shown == ["2", "fips", "passed"]
    assert not any(t.shown for t in rules.vocabulary.flags)
    assert [t.value for t in ANSEGGER.vocabulary.flags if t.shown] == ["ruten"]
    assert DUTTFIPS.vocabulary.groups == ()


def test_grossenaspe_says_how_a_game_may_end() -> None:
    hint = GROSSENASPE.vocabulary.ending_hint(GrossenaspeGame.parse("3 Gute"))
    assert hint is not None
    assert hint.game == "3 Gute"
    assert hint.endings == ("won", "beet", "pott_beet")  # lost: played on (Durch)
    assert hint.tapped is None
    assert GROSSENASPE.vocabulary.ending_hint(GrossenaspeGame.parse("alle gepasst")) is None
    assert PRISDORF.vocabulary.ending_hint(PRISDORF.parse("3 gewonnen")) is None
    assert [e.value for e in endings_of(GrossenaspeGame.parse("5 Durch"))] == [
        "won",
        "beet",
        "pott_beet",
    ]


def test_a_written_value_must_be_the_signed_one() -> None:
    vocabulary = GROSSENASPE.vocabulary
    game = GrossenaspeGame.parse("3 beet")
    assert vocabulary.score(game, players=4, declarer=0, written_value=-3).score_changes == (
        0,
        3,
        3,
        3,
    )
    with pytest.raises(InvalidEntryError):
        vocabulary.score(game, players=4, declarer=0, written_value=3)


def test_a_game_of_another_rule_set_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        PRISDORF.vocabulary.taps_of(GrossenaspeGame.parse("3 gewonnen"))
    with pytest.raises(TypeError):
        DUTTFIPS.vocabulary.score(PRISDORF.parse("3 gewonnen"), players=4, declarer=0)


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_a_rule_sets_own_codes_name_their_parameters_and_no_library_code(name: str) -> None:
    """A rule set's own codes (Reizfips's) say what they declare, and are not the library's."""
    vocabulary = VOCABULARIES[name]
    for code in vocabulary.codes:
        assert set(re.findall(r"%\((\w+)\)s", code.message)) == set(code.params), code
        assert code.value not in {library.value for library in Code}
        params = {param: f"<{param}>" for param in code.params}
        text = describe(Violation(code, None, params))
        assert all(value in text for value in params.values()), text
        error = InvalidEntryError.of(code, None, **params)
        assert error.code == code
        assert message_of(error.code) == code.message
    for word, english in vocabulary.words:
        assert spoken(word, str.upper, (*NOTATION_WORDS, *vocabulary.words)) == english.upper()


def test_reizfips_brings_its_own_codes_and_word() -> None:
    assert {code.value for code in REIZFIPS.vocabulary.codes} == {
        "reizfips_bid_value",
        "reizfips_bid_missing",
    }
    with pytest.raises(InvalidEntryError) as refused:
        REIZFIPS.vocabulary.score(REIZFIPS.parse("Grand 19 gewonnen"), players=3, declarer=0)
    assert refused.value.code == "reizfips_bid_value"
    assert dict(refused.value.params) == {"bid": 19, "lower": 18, "higher": 20}
