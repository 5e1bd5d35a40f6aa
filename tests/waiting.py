"""`wait_until`: the one way the tests wait for another thread or process (a worker, a server).

The timeout only bounds a hang; it is generous because the machine may be busy, and nothing is
asserted about how long the wait took.
"""

import time
from collections.abc import Callable
from typing import TypeVar

import pytest

T = TypeVar("T")

TIMEOUT = 120.0


def wait_until(
    condition: Callable[[], T],
    what: str | Callable[[], str],
    *,
    timeout: float = TIMEOUT,
    interval: float = 0.1,
) -> T:
    """Call ``condition`` until it returns something true, and return that.

    Fails the test after ``timeout`` seconds, naming ``what`` was awaited (a callable is asked
    only then, e.g. for the last page seen).
    """
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        if time.monotonic() > deadline:
            awaited = what if isinstance(what, str) else what()
            pytest.fail(f"timed out after {timeout:g} s waiting for {awaited}", pytrace=False)
        time.sleep(interval)
    return result
