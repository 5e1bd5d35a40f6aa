"""A Großenaspe deal as scoring stores it (SPEC C3.2): the declarer's gain in ``score``, each
opponent's in ``opponents_score``; at a table of five the dealer sits out."""

import pytest

from fipsen_rules import FipsenError, GrossenaspeGame
from scoring.evaluation import Scored, score_deal, scored_rules, vocabulary_of
from tournaments.models import Tournament


def _tournament(**options: bool) -> Tournament:
    return Tournament(rule_set="grossenaspe", rule_options={"kloppen": False, **options})


def _scored(game: str, *, seats: tuple[int, ...] = (0, 1, 2, 3), **kwargs: object) -> Scored:
    return score_deal(
        tournament=_tournament(),
        seats=seats,
        declarer=kwargs.pop("declarer", 1),  # type: ignore[arg-type]
        game=GrossenaspeGame.parse(game),
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("game", "score", "opponents"),
    [
        ("3 gewonnen", 3, 0),
        ("3 Gute gewonnen", 6, 0),
        ("3 Kreuz gewonnen", 6, 0),
        ("3 Durch gewonnen", 5, 0),
        ("3 Durch verloren", 0, 5),
        ("3 beet", 0, 3),
        ("3 Gute beet", 0, 6),
        ("3 pott beet", 0, 5),
        ("Kieker gewonnen", 10, 0),
        ("Kieker Kreuz verloren", 0, 20),
        ("Kieker aufgegeben", 0, 5),
        ("Fips gewonnen", 20, 0),
        ("Fips Gute verloren", 0, 40),
    ],
)
def test_the_declarer_or_each_opponent_gains(game: str, score: int, opponents: int) -> None:
    scored = _scored(game)
    assert (scored.game, scored.score, scored.opponents_score) == (game, score, opponents)
    assert scored.counts_as_deal


def test_all_passed_is_dealt_again() -> None:
    scored = _scored("alle gepasst", declarer=None)
    assert (scored.score, scored.opponents_score, scored.counts_as_deal) == (0, 0, False)


def test_at_five_the_dealer_cannot_declare() -> None:
    with pytest.raises(FipsenError):
        _scored("3 gewonnen", seats=(0, 1, 2, 3, 4), declarer=2, dealer=2)
    assert _scored("3 beet", seats=(0, 1, 2, 3, 4), dealer=4).opponents_score == 3


def test_three_players_are_karo_fipsen_and_refused() -> None:
    with pytest.raises(FipsenError):
        _scored("3 gewonnen", seats=(0, 1, 2))


def test_kloppen_only_where_agreed() -> None:
    with pytest.raises(FipsenError):
        _scored("3 gewonnen geklopft")
    scored = score_deal(
        tournament=_tournament(kloppen=True),
        seats=(0, 1, 2, 3),
        declarer=0,
        game=GrossenaspeGame.parse("3 beet geklopft"),
    )
    assert scored.opponents_score == 6


def test_a_written_value_is_the_signed_one() -> None:
    assert _scored("3 beet", written_value=-3).opponents_score == 3
    with pytest.raises(FipsenError):
        _scored("3 beet", written_value=3)


def test_each_tournament_gets_its_own_rules_and_tiles() -> None:
    assert scored_rules(_tournament()).name == "grossenaspe"
    assert "beet" in {tile.value for tile in vocabulary_of(_tournament()).results}
    assert scored_rules(Tournament()).name == "prisdorf"
    assert "beet" not in {tile.value for tile in vocabulary_of(Tournament()).results}
