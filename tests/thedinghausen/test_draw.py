"""The draw of a race: tables of five, filled up with the organiser's tables of four or six
(SPEC C4: "the race is the same")."""

import pytest

from tests.tournaments.night_helpers import night
from tournaments.draw.selectors import draw_check, present_summary
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


def race(present: int, filler: int) -> Tournament:
    tournament = night(present=present)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_set="thedinghausen", rule_options={"must_trump": False, "filler": filler}
    )
    tournament.refresh_from_db()
    return tournament


@pytest.mark.parametrize(
    ("present", "filler", "sizes"),
    [(10, 4, [5, 5]), (13, 4, [5, 4, 4]), (16, 6, [5, 5, 6]), (11, 6, [5, 6])],
)
def test_tables_of_five_and_the_chosen_filler(present: int, filler: int, sizes: list[int]) -> None:
    tournament = race(present, filler)
    tournament_draw(tournament=tournament, seed=3)
    tables = Table.objects.filter(tournament=tournament).order_by("number")
    assert [table.seats.count() for table in tables] == sizes
    assert draw_check(tournament=tournament).matches  # type: ignore[union-attr]


def test_a_count_the_filler_cannot_seat_says_so() -> None:
    tournament = race(11, 4)
    summary = present_summary(tournament=tournament)
    assert not summary.seatable
    assert "11" in summary.reason
    assert summary.more == 12
    with pytest.raises(Exception, match="11"):
        tournament_draw(tournament=tournament, seed=3)


def test_the_summary_counts_fives_and_sixes() -> None:
    summary = present_summary(tournament=race(16, 6))
    assert (summary.fives, summary.sixes, summary.fours) == (2, 1, 0)


@pytest.mark.usefixtures("german")
def test_the_night_page_counts_the_race_s_tables(organiser: object) -> None:
    from django.test import Client
    from django.urls import reverse

    tournament = race(16, 6)
    assert isinstance(organiser, Client)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "2 Fünfertische" in page
    assert "1 Sechsertisch" in page
