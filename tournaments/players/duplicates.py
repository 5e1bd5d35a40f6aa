"""The directory's likely duplicates, all at once: the pairs of entries whose names are likely
one person, as ``player_likely_duplicates`` tells them for one name, or whose names sound the
same in German (Kölner Phonetik: Maier/Meier/Meyer, Schmidt/Schmitt), for the organiser to merge
(tournaments/players/directory_views.py)."""

import datetime
import difflib
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations

import cologne_phonetics
from django.db.models import Count, Max

from tournaments.models import Player, Registration
from tournaments.players.names import family_name_key
from tournaments.players.selectors import DIRECTORY_ORDER, DUPLICATE_RATIO

#: The letters of a word's start that put two names in one bucket to compare.
PREFIX = 3
#: The most players compared at once: a larger directory is checked a name at a time (on a
#: player's page, or when a name is typed), not in one page's request.
MAX_SCANNED = 3000


@dataclass(frozen=True)
class DuplicatePair:
    first: Player
    second: Player
    #: 1.0 for the same name folded or the same words in another order, else difflib's ratio.
    likeness: float
    #: Both were entered for one night: two people (the merge would be refused).
    same_night: bool = False


def names_alike(first: str, second: str) -> float:
    """How alike two folded names are, as ``player_likely_duplicates`` judges them: 1.0 when
    equal or the same words in another order, else the better difflib ratio of the names as
    written and with their words sorted; 0.0 below ``DUPLICATE_RATIO``.

    >>> names_alike("hans mueller", "mueller hans"), names_alike("hans mueller", "hans meier")
    (1.0, 0.0)
    """
    return _alike(first, second, _word_sorted(first), _word_sorted(second))


def _word_sorted(key: str) -> str:
    return " ".join(sorted(key.split()))


def _alike(first: str, second: str, first_sorted: str, second_sorted: str) -> float:
    if first == second or first_sorted == second_sorted:
        return 1.0
    shorter, longer = sorted((len(first), len(second)))
    if 2 * shorter < DUPLICATE_RATIO * (shorter + longer):  # difflib's real_quick_ratio
        return 0.0
    bound = _quick_ratio(first, second)
    # The words sorted are the same letters (but where spaces were doubled): the same bound.
    same_letters = (len(first_sorted), len(second_sorted)) == (len(first), len(second))
    sorted_bound = bound if same_letters else _quick_ratio(first_sorted, second_sorted)
    best = max(
        (
            difflib.SequenceMatcher(a=a, b=b, autojunk=False).ratio()
            for a, b, upper in ((first, second, bound), (first_sorted, second_sorted, sorted_bound))
            if upper >= DUPLICATE_RATIO
        ),
        default=0.0,
    )
    return best if best >= DUPLICATE_RATIO else 0.0


def _quick_ratio(a: str, b: str) -> float:
    """difflib's ``quick_ratio`` (an upper bound of the ratio: the letters both have, in any
    order) from each name's letters counted once: a directory's page compares each name with
    dozens, and a matcher made for each pair was most of its time.

    >>> _quick_ratio("hans meier", "hans maier") == difflib.SequenceMatcher(
    ...     a="hans meier", b="hans maier").quick_ratio()
    True
    """
    letters, others = _letters(a), _letters(b)
    both = sum(min(count, others[letter]) for letter, count in letters.items())
    return 2.0 * both / (len(a) + len(b)) if a or b else 1.0


@lru_cache(maxsize=8192)
def _letters(key: str) -> Counter[str]:
    return Counter(key)


def name_sound(key: str) -> str:
    """How a folded name sounds in German: the Kölner Phonetik of each word, in word order
    regardless ("" for a name without letters).

    >>> name_sound("hans maier") == name_sound("meyer hans"), name_sound("anna schulz")
    (True, '06 858')
    """
    return " ".join(sorted(code for _word, code in cologne_phonetics.encode(key) if code))


def player_duplicate_pairs(*, limit: int = 100) -> list[DuplicatePair] | None:
    """The likely duplicates of the directory (retired players too), the most alike first, at
    most ``limit``, those at one night marked; None for a directory of more than
    ``MAX_SCANNED`` players: two queries (one without a pair).

    Only names whose longest words start alike, or that sound the same, are compared (so that
    a directory of thousands is not compared pair by pair): a slip in the first letters of the
    longest word that changes its sound goes unseen here, and is still found when that name is
    typed or its page opened.
    """
    players = list(Player.objects.order_by(*DIRECTORY_ORDER)[: MAX_SCANNED + 1])
    if len(players) > MAX_SCANNED:
        return None
    keys = [(player.name_key, _word_sorted(player.name_key)) for player in players]
    pairs: list[DuplicatePair] = []
    for (i, j), sound_alike in _candidates([key for key, _sorted in keys]).items():
        likeness = _alike(keys[i][0], keys[j][0], keys[i][1], keys[j][1])
        if sound_alike and not likeness:
            # Below the spelling's threshold but the same sound: listed after the look-alikes,
            # ordered by how alike they are spelt.
            likeness = difflib.SequenceMatcher(a=keys[i][1], b=keys[j][1]).ratio() / 2
        if likeness:
            pairs.append(DuplicatePair(players[i], players[j], likeness))
    pairs.sort(
        key=lambda pair: (
            -pair.likeness,
            family_name_key(pair.first.name),
            family_name_key(pair.second.name),
        )
    )
    return _same_nights_marked(pairs[:limit])


def _candidates(keys: list[str]) -> dict[tuple[int, int], bool]:
    """The pairs of indexes to compare: those whose longest words start alike, and those whose
    names sound the same (True)."""
    prefixes: defaultdict[str, list[int]] = defaultdict(list)
    sounds: defaultdict[str, list[int]] = defaultdict(list)
    for index, key in enumerate(keys):
        words = key.split()
        if words:
            prefixes[max(words, key=len)[:PREFIX]].append(index)
        if sound := name_sound(key):
            sounds[sound].append(index)
    candidates = {pair: False for members in prefixes.values() for pair in combinations(members, 2)}
    for members in sounds.values():
        candidates.update(dict.fromkeys(combinations(members, 2), True))
    return candidates


def _same_nights_marked(pairs: list[DuplicatePair]) -> list[DuplicatePair]:
    """The pairs, those whose two entries were at one night marked (one query, none without
    pairs)."""
    if not pairs:
        return pairs
    players = {pair.first.pk for pair in pairs} | {pair.second.pk for pair in pairs}
    nights: defaultdict[int, set[int]] = defaultdict(set)
    entries = Registration.objects.filter(player__in=players).values_list("player", "tournament")
    for player, tournament in entries:
        nights[player].add(tournament)
    return [
        replace(pair, same_night=bool(nights[pair.first.pk] & nights[pair.second.pk]))
        for pair in pairs
    ]


@dataclass(frozen=True)
class EntryHistory:
    """What tells an entry from another of the same name on the merge page, beside its club
    and categories."""

    nights: int
    last_night: datetime.date | None


def entry_history(*, player: Player) -> EntryHistory:
    """The nights he is entered for and the date of the last (one query)."""
    row = Registration.objects.filter(player=player).aggregate(
        nights=Count("pk"), last_night=Max("tournament__date")
    )
    return EntryHistory(nights=row["nights"], last_night=row["last_night"])
