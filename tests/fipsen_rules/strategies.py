"""Hypothesis strategies over a vocabulary's taps: the generic tests sample the combinations of
tiles, flags and numbers instead of going through all of them (18 switches are 5.5 million
games; a bid from 18 to 264 multiplies them by 247). A test draws them in batches
(:func:`some_taps`): Hypothesis's cost is per example, a tap's check is a fraction of it."""

from functools import cache

from hypothesis import strategies as st

from fipsen_rules.vocabulary import Taps, Vocabulary


@cache
def taps(vocabulary: Vocabulary) -> st.SearchStrategy[Taps]:
    """Any taps of ``vocabulary``'s tiles: one contract, any flags, no or one result, a value
    (or nothing typed) for each number (made once per vocabulary: tests draw it often)."""
    flags = [tile.value for tile in vocabulary.flags]
    names = [number.name for number in vocabulary.numbers]
    numbers = st.tuples(
        *(st.integers(n.minimum, n.maximum) | st.none() for n in vocabulary.numbers)
    ).map(lambda typed: tuple((n, v) for n, v in zip(names, typed, strict=True) if v is not None))
    return st.builds(
        Taps,
        st.sampled_from([tile.value for tile in vocabulary.contracts]),
        st.frozensets(st.sampled_from(flags)) if flags else st.just(frozenset[str]()),
        st.sampled_from([None, *(tile.value for tile in vocabulary.results)]),
        numbers,
    )


@cache
def some_taps(vocabulary: Vocabulary) -> st.SearchStrategy[list[Taps]]:
    """A batch of 8 to 16 :func:`taps` of ``vocabulary``."""
    return st.lists(taps(vocabulary), min_size=8, max_size=16)
