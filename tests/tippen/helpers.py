"""A Tippen table in play, seated by hand, and deals entered through the services as a
captain would."""

from collections.abc import Mapping

from fipsen_rules import TippenDeal
from fipsen_rules.ruleset import OptionValue
from games.tippen import services
from games.tippen.models import PotDeal
from games.tippen.rules import tippen_options
from tests.tournaments.night_helpers import night
from tournaments.models import Registration, Seat, Table, Tournament
from tournaments.services.common import new_token


def tippen_night(*sizes: int, **options: OptionValue) -> Tournament:
    """A tournament in play with one Tippen table of each of ``sizes`` players."""
    tournament = night(present=sum(sizes))
    registrations = list(Registration.objects.filter(tournament=tournament).order_by("pk"))
    for number, size in enumerate(sizes, start=1):
        table = Table.objects.create(
            tournament=tournament, number=number, deals=1, first_dealer=0, token=new_token()
        )
        for position in range(size):
            Seat.objects.create(table=table, position=position, registration=registrations.pop(0))
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_set="tippen", rule_options=tippen_options(options), state=Tournament.State.PLAYING
    )
    tournament.refresh_from_db()
    return tournament


def tippen_table(size: int = 4, **options: OptionValue) -> Table:
    """The one table of a Tippen night of ``size`` players."""
    return Table.objects.select_related("tournament").get(tournament=tippen_night(size, **options))


def deals_entered(table: Table, *deals: str) -> list[PotDeal]:
    """Each deal in the library's notation ("2 1 - 0", "- t - -") entered in turn."""
    start = PotDeal.objects.filter(table=table).count() + 1
    return [
        services.pot_deal_record(
            table=table, sequence=start + index, taps=TippenDeal.parse(deal).taps
        )
        for index, deal in enumerate(deals)
    ]


def options_of(table: Table) -> Mapping[str, OptionValue]:
    return table.tournament.rule_options
