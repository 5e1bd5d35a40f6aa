"""A stored deal in words, as the captain and the organiser read it."""

from django.utils.translation import gettext as _

from games.thedinghausen.models import RaceDeal
from games.thedinghausen.selectors import TableRace


def deal_words(race: TableRace, deal: RaceDeal) -> str:
    """ "Deal 7: Anna 2, Bernd 1, …", and what it came to: a sweep, or a game won.

    A sweep's tricks do not count; a tenth trick ends the game at once (SPEC C4.2).
    """
    names = [seat.registration.player.name for seat in race.seats]
    counts = ", ".join(
        f"{name} {count}" for name, count in zip(names, deal.counts, strict=True) if count
    )
    words = _("Deal %(number)s: %(counts)s") % {"number": deal.sequence, "counts": counts}
    if deal.announcer is not None:
        words += " – " + _announcement(names[deal.announcer], deal.counts, deal.announcer)
    game = race.evening.games[race.evening.deal_games[deal.sequence - 1]]
    sweeper = next((seat for seat, count in enumerate(deal.counts) if count == 5), None)
    if sweeper is not None and game.winner != sweeper:
        return words + " – " + _("sweep: %(name)s wins 5 Hedewigs") % {"name": names[sweeper]}
    if game.winner is not None and _is_last_of_game(race, deal):
        return (
            words
            + " – "
            + _("%(name)s wins the game with the tenth trick") % {"name": names[game.winner]}
        )
    return words


def _announcement(name: str, counts: list[int], announcer: int) -> str:
    """Whether the announced Fipsen was made: every trick of the deal to its announcer."""
    if counts[announcer] == sum(counts):
        return _("Fipsen announced by %(name)s, made") % {"name": name}
    return _("Fipsen announced by %(name)s, lost: %(name)s pays 1 € to each of the others") % {
        "name": name
    }


def _is_last_of_game(race: TableRace, deal: RaceDeal) -> bool:
    index = deal.sequence - 1
    games = race.evening.deal_games
    return index == len(games) - 1 or games[index + 1] != games[index]
