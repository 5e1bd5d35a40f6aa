"""A race table in play, seated by hand (the draw of tables of five comes with the race's
choice), and deals entered through the services as a captain would."""

from collections.abc import Sequence

from games.thedinghausen import services
from games.thedinghausen.models import RaceDeal
from games.thedinghausen.rules import race_options
from tests.tournaments.night_helpers import night
from tournaments.models import Registration, Seat, Table, Tournament
from tournaments.services.common import new_token


def race_night(*sizes: int) -> Tournament:
    """A tournament in play with one race table of each of ``sizes`` players."""
    tournament = night(present=sum(sizes))
    registrations = list(Registration.objects.filter(tournament=tournament).order_by("pk"))
    for number, size in enumerate(sizes, start=1):
        table = Table.objects.create(
            tournament=tournament, number=number, deals=1, first_dealer=0, token=new_token()
        )
        for position in range(size):
            Seat.objects.create(table=table, position=position, registration=registrations.pop(0))
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_set="thedinghausen", rule_options=race_options({}), state=Tournament.State.PLAYING
    )
    tournament.refresh_from_db()
    return tournament


def race_table(size: int = 5) -> Table:
    """The one table of a race night of ``size`` players."""
    return Table.objects.select_related("tournament").get(tournament=race_night(size))


def deals_entered(table: Table, *deals: Sequence[int]) -> list[RaceDeal]:
    """Each deal's trick counts entered in turn by the captain."""
    start = RaceDeal.objects.filter(table=table).count() + 1
    return [
        services.race_deal_record(table=table, sequence=start + index, counts=counts)
        for index, counts in enumerate(deals)
    ]
