"""How often a Tippen player tapped and how often it paid, for the player's page
(:attr:`tournaments.rule_pages.RulePages.statistics`): a tap is won with a trick, or alone
(the pot without play); tapped alone counted apart."""

from collections.abc import Iterable, Sequence

from django.db.models import F
from django.utils.translation import gettext_lazy as _

from games.tippen.models import PotDeal
from tournaments.rule_pages import KindCount


def counted(deals: Iterable[tuple[Sequence[int | None], int]]) -> list[KindCount]:
    """The taps of the seat at each deal's position (the deal's taps, the position).

    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     [(str(k.kind), k.declared, k.won) for k in counted([
    ...         ([2, None, 1], 0), ([0, 3, None], 0), ([None, 1, 2], 0), ([0, None, None], 0)])]
    [('Tapped', 3, 2), ('Tapped alone', 1, None)]
    """
    tapped = won = alone = 0
    for taps, position in deals:
        tricks = taps[position] if position < len(taps) else None
        if tricks is None:
            continue
        tapped += 1
        by_himself = sum(other is not None for other in taps) == 1
        alone += by_himself
        won += by_himself or tricks > 0
    found = [KindCount(_("Tapped"), tapped, won)] if tapped else []
    if alone:
        found.append(KindCount(_("Tapped alone"), alone))
    return found


def pot_statistics(seats: Sequence[int]) -> Sequence[KindCount]:
    """The seats' taps at their tables' deals, in one query."""
    return counted(
        PotDeal.objects.filter(table__seats__pk__in=seats).values_list(
            "taps", F("table__seats__position")
        )
    )
