"""The replay of the deals and the screen of the taps: their doctests (not collected in races/)."""

import doctest

import pytest

from games.thedinghausen import replay, screen


@pytest.mark.parametrize("module", [replay, screen])
def test_the_examples_hold(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
