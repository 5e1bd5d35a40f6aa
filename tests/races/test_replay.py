"""The evening replayed from the deals: its doctests (races/ is not collected for them)."""

import doctest

from races import replay


def test_the_replay_s_examples_hold() -> None:
    result = doctest.testmod(replay)
    assert result.attempted > 0
    assert result.failed == 0
