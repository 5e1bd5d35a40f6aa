"""A phone's waiting deals are part of the night (issue 30, 5): a redraw, an early end or the
finish while a phone says it keeps deals warns, naming the tables; a deal its queue sends to a
link that is gone afterwards is answered as final (``closed``), with where it went."""

from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.test_phones import ping, two_tables
from tests.tournaments.test_series_services import play_out, started
from tournaments.draw import series_services as draw_series_services
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.models import Table

pytestmark = pytest.mark.django_db

WAITING = "Tisch 2: Auf seinen Handys warten noch 5 Spiele, die nicht beim Laptop angekommen sind."


def test_the_redraw_names_the_tables_whose_phones_keep_deals(organiser: Client) -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    second = Table.objects.get(tournament=tournament, series=2, number=2)
    assert ping(second, waiting=5) == 204

    page = organiser.get(reverse("tournaments:series_redraw", args=[tournament.pk]))

    text = " ".join(page.content.decode().split())
    assert f"Serie 2 · {WAITING}" in text
    assert "Warten Sie am besten, bis sie angekommen sind" in text


def test_the_early_end_the_finish_and_a_new_link_name_them_too(organiser: Client) -> None:
    tables = two_tables()
    assert ping(tables[1], waiting=5) == 204
    tournament = tables[0].tournament
    end = reverse("scoring:table_end", args=[tournament.pk, tables[1].pk])
    finish = reverse("scoring:finish", args=[tournament.pk])
    new_link = reverse("tournaments:reissue_link", args=[tournament.pk, tables[1].pk])

    for url in (end, finish, new_link):
        text = " ".join(organiser.get(url).content.decode().split())
        assert WAITING in text, url
    other = reverse("scoring:table_end", args=[tournament.pk, tables[0].pk])
    assert "Handys warten" not in organiser.get(other).content.decode()


def test_a_queued_deal_sent_to_a_link_that_is_gone_is_told_it_is_final() -> None:
    tournament = started(16)
    play_out(tournament, 1)
    series_draw_next(tournament=tournament, method=Method.LOT, seed=1)
    old = Table.objects.get(tournament=tournament, series=2, number=1).token
    draw_series_services.series_redraw(tournament=tournament, method=Method.LOT, seed=2)

    answer = Client().post(
        f"/t/{old}/", {"sequence": 1, "declarer": 0}, headers={"X-Preisfipsen-Queue": "1"}
    )

    assert answer.status_code == 404
    assert answer["X-Preisfipsen-Entry"] == "closed"  # the queue stops trying, and says why
    reason = unquote(answer["X-Preisfipsen-Reason"])
    assert reason.startswith("Dieses Spiel wurde nicht gespeichert: Der Tisch-Link gilt nicht")
    assert "data-entry-reason" in answer.content.decode()
