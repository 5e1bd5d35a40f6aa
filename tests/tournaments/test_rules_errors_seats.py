"""The rules' refusals count seats as the table card does, from 1, and name the player where the
page knows him: the library counts from 0 (its command line too), for every rule set."""

import pytest

from fipsen_rules import Code, InvalidEntryError, Violation
from tournaments.rules_errors import rules_error_text, violation_text

pytestmark = pytest.mark.usefixtures("german")

NAMES = ["Anna Anders", "Bernd Berg", "Carla Claus", "Dieter Dau", "Gerda Schulz"]


def test_the_dealer_who_sits_out_is_named_with_his_seat_from_1() -> None:
    violation = Violation(Code.DEALER_SITS_OUT, "declarer", {"seat": 4})
    assert violation_text(violation, NAMES).startswith("Platz 5 (Gerda Schulz) hat gegeben")
    assert violation_text(violation).startswith("Platz 5 hat gegeben")


@pytest.mark.parametrize(
    ("violation", "expected"),
    [
        (
            Violation(Code.RACE_TWO_TENTHS, "counts", {"seat": 0, "other": 2}),
            "Platz 1 (Anna Anders) und Platz 3 (Carla Claus)",
        ),
        (
            Violation(Code.RACE_TRICK_COUNT, "counts", {"seat": 1, "tricks": 7}),
            "Platz 2 (Bernd Berg) hat 7",
        ),
        (
            Violation(Code.OUT_OF_TURN, "seat", {"seat": 3, "expected": 2}),
            "Platz 4 (Dieter Dau) war nicht an der Reihe; Platz 3 (Carla Claus)",
        ),
        (Violation(Code.TIPPEN_LONE_TAPPER, "deal", {"seat": 0}), "Platz 1 (Anna Anders)"),
        (
            Violation(Code.SEAT, "declarer", {"seat": 5, "players": 5}),
            "Platz 6 gibt es an einem Tisch mit 5 nicht",
        ),
    ],
)
def test_every_rule_set_s_seats_count_from_1(violation: Violation, expected: str) -> None:
    assert expected in violation_text(violation, NAMES)


def test_a_word_that_is_called_other_elsewhere_is_left_alone() -> None:
    violation = Violation(Code.NOTATION_CONFLICT, "game", {"word": "Kreuz", "other": "Gute"})
    assert violation_text(violation, NAMES) == "„Kreuz“ passt nicht zu „Gute“."


def test_a_file_s_message_counts_from_1_too() -> None:
    error = InvalidEntryError.of(Code.RACE_ANNOUNCED_OFF, "announcer", seat=2)
    assert "Platz 3" in rules_error_text(error)
