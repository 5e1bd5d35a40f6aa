"""The rules module applied to a table: which rule set, and the declarer among the playing seats."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from fipsen_rules import DealEntry, Game, Outcome, Prisdorf
from tournaments.models import Tournament


def rules_for(tournament: Tournament) -> Prisdorf:
    """The tournament's rule set."""
    return Prisdorf(min_bid=tournament.min_bid)


def evaluate_deal(
    *,
    tournament: Tournament,
    seats: tuple[int, ...],
    declarer: int | None,
    game: Game,
    written_value: int | None = None,
) -> Outcome:
    """Score a game for the seats that play it (a player who left is not counted).

    :raises fipsen_rules.InvalidEntryError: the game breaks a rule.
    :raises ValidationError: the declarer does not play this deal.
    """
    if declarer is not None and declarer not in seats:
        raise ValidationError(
            {"declarer": ValidationError(_("This player does not play this deal."), code="seat")}
        )
    entry = DealEntry(
        game,
        declarer=None if declarer is None else seats.index(declarer),
        captain_value=written_value,
    )
    return rules_for(tournament).evaluate(entry, players=len(seats))
