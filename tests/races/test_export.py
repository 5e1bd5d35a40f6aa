"""A race night is not exported as a file: the night's file carries deals scored by a game,
not a race's tricks, and a file without them would lose the evening on import."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tests.races.helpers import deals_entered, race_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

REASON = "Ein Stichrennen kann noch nicht als Datei exportiert werden"


def test_the_print_page_says_why_instead_of_offering_the_export(organiser: Client) -> None:
    table = race_table()
    deals_entered(table, (2, 1, 1, 1, 0))
    page = organiser.get(reverse("night:print", args=[table.tournament_id])).content.decode()
    assert REASON in page
    assert reverse("night:export", args=[table.tournament_id]) not in page


def test_the_export_address_refuses_with_the_reason(organiser: Client) -> None:
    table = race_table()
    response = organiser.get(reverse("night:export", args=[table.tournament_id]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("night:print", args=[table.tournament_id])
    assert "Content-Disposition" not in response
    assert REASON in response.content.decode()


def test_the_command_refuses_with_the_reason(tmp_path: Path) -> None:
    table = race_table()
    output = tmp_path / "race.json"
    with pytest.raises(CommandError, match=REASON):
        call_command("export_night", table.tournament_id, output=output, verbosity=0)
    assert not output.exists()
