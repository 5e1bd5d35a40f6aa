"""The player directory: searching it, and names likely the same person."""

import difflib

from django.db.models import Case, Expression, F, Q, QuerySet, Value, When
from django.db.models.functions import Left, Length, Reverse, Right, StrIndex, Substr
from django.db.models.lookups import GreaterThan

from tournaments.models import Player, PlayerMerge
from tournaments.players.names import player_name_key

#: Names at least this similar (difflib's ratio of the folded names) are likely the same person.
DUPLICATE_RATIO = 0.85


def by_family_name(path: str = "") -> tuple[Expression | str, ...]:
    """The order of a list of players as a phone book has it, whatever the database's
    collation: by the family name, then the given names, both folded (DIN 5007: "Ümit" as
    "Uemit"; "anna" beside "Anna"), so that "Anna Schröder" and "Zoe Schröder" stand together
    after "Bernd Albers". ``path`` leads to the player ("registration__player__" from a seat).

    A name is one field: the family name is its last word ("Karl-Heinz von der Heide": Heide),
    or its first where a comma follows it ("Müller, Hans"), read from the folded name
    (``name_key``), as :func:`tournaments.players.names.family_name_key` does for the printed lists.
    Family and given names are two keys, not one text: a collation that skips spaces would
    put "Schröderbach" between two Schröders.
    """
    key = F(f"{path}name_key")
    last_space = StrIndex(Reverse(key), Value(" "))  # from the end; 0: one word
    first_space = StrIndex(key, Value(" "))
    comma = Q(**{f"{path}name__contains": ","})
    family = Case(
        When(comma & Q(GreaterThan(first_space, 0)), then=Left(key, first_space - 1)),
        When(GreaterThan(last_space, 0), then=Right(key, last_space - 1)),
        default=key,
    )
    given = Case(
        When(comma & Q(GreaterThan(first_space, 0)), then=Substr(key, first_space + 1)),
        When(GreaterThan(last_space, 0), then=Left(key, Length(key) - last_space)),
        default=Value(""),
    )
    return (family, given, f"{path}name", f"{path}club", "pk")


#: The directory's players in that order.
DIRECTORY_ORDER = by_family_name()


def player_directory(*, query: str = "", retired: bool = False) -> QuerySet[Player]:
    """The directory by name; with a query, the players whose name or club contains every word.
    Only the players in it (not retired); with ``retired``, only the retired ones, which the
    directory shows apart.

    Names are compared folded (``name_key``), so "mueller" finds "Müller" and "hans mueller"
    finds "Müller, Hans". Clubs are folded the same way: the few distinct clubs are read once
    (one query) and matched here, since the database has no folded copy of them.
    """
    players = Player.objects.filter(retired_at__isnull=not retired).order_by(*DIRECTORY_ORDER)
    words = query.replace(",", " ").split()
    if not words:
        return players
    clubs = {
        club: player_name_key(club)
        for club in Player.objects.exclude(club="").values_list("club", flat=True).distinct()
    }
    for word in words:
        key = player_name_key(word)
        players = players.filter(
            Q(name_key__contains=key) | Q(club__in=[c for c, k in clubs.items() if key in k])
        )
    return players


def player_likely_duplicates(*, name: str, exclude_pk: int | None = None) -> list[Player]:
    """Players whose name is likely the same as ``name``, the most similar first (one query).

    Likely the same: equal when folded ("Mueller" = "Müller"), the same words in another order
    ("Müller, Hans" = "Hans Müller"), or a difflib ratio of at least ``DUPLICATE_RATIO`` between
    the folded names, as they stand or with their words sorted ("Hans Müler", "Müler, Hans").
    """
    key = player_name_key(name)
    if not key:
        return []
    sorted_key = " ".join(sorted(key.split()))
    candidates = Player.objects.order_by(*DIRECTORY_ORDER)
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    # SequenceMatcher caches what it knows about its second sequence: the name asked about.
    as_written = difflib.SequenceMatcher(b=key, autojunk=False)
    word_sorted = difflib.SequenceMatcher(b=sorted_key, autojunk=False)
    found: list[tuple[float, Player]] = []
    for player in candidates:
        other_sorted = " ".join(sorted(player.name_key.split()))
        if player.name_key == key or other_sorted == sorted_key:
            found.append((1.0, player))
            continue
        as_written.set_seq1(player.name_key)
        word_sorted.set_seq1(other_sorted)
        ratio = max(_ratio(as_written), _ratio(word_sorted))
        if ratio >= DUPLICATE_RATIO:
            found.append((ratio, player))
    found.sort(key=lambda item: -item[0])  # stable: equally similar ones stay by name
    return [player for _, player in found]


def _ratio(matcher: difflib.SequenceMatcher[str]) -> float:
    """The matcher's ratio, skipping the full comparison when its upper bounds are too low."""
    if matcher.real_quick_ratio() < DUPLICATE_RATIO or matcher.quick_ratio() < DUPLICATE_RATIO:
        return 0.0
    return matcher.ratio()


def players_named(*, names: list[tuple[str, str]], retired: bool = False) -> list[Player]:
    """The directory's players of these (name, club) pairs, compared folded as the import
    compares them (say the rows of a list skipped as in the directory already); a retired
    player is not among them (with ``retired``, only the retired ones): one query."""
    wanted = {(player_name_key(name), player_name_key(club)) for name, club in names}
    found = Player.objects.filter(
        name_key__in={name for name, _club in wanted}, retired_at__isnull=not retired
    )
    return [player for player in found if (player.name_key, player_name_key(player.club)) in wanted]


def player_merges(*, player: Player) -> list[PlayerMerge]:
    """The entries merged into this player, the earliest first, with who merged them (one
    query)."""
    return list(PlayerMerge.objects.filter(player=player).select_related("user"))


def player_nights_count(*, player: Player) -> int:
    """The nights he is entered for (one query): what a merge or retiring concerns."""
    return player.registrations.count()
