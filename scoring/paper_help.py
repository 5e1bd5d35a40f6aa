"""What the example lines of every game's paper sheet help share: the table's players' short
names. Each game writes its own lines (``paper_help.py`` of ``games/*/``, registered with its
pages as :attr:`tournaments.rule_pages.RulePages.paper_help`; the help's words are its
template)."""

from tournaments.models import Seat


def short_name(seat: Seat, seats: list[Seat]) -> str:
    """The first word of the seat's name if it names no one else, else the whole name."""
    name = seat.registration.player.name
    first = name.split()[0] if name.split() else name
    others = [s.registration.player.name for s in seats if s is not seat]
    return name if any(other.split()[:1] == [first] for other in others) else first
