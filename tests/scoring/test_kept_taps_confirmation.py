"""Issue 19: with "a second player confirms" on, a second phone's different deal is kept beneath
the confirmation (no deal form is shown until then), says so truly, and stands in the next
deal's form after the confirming tap, with and without JavaScript."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from tests.scoring.helpers import playing_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TAPS = {"declarer": 2, "contract": "4", "ruten": "on", "result": "won"}


def _fields(page: str, prefix: str = "") -> dict[str, str]:
    """The hidden inputs of a page (``prefix``: only those, without it)."""
    found = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)
    return {name[len(prefix) :]: value for name, value in found if name.startswith(prefix)}


def _post(client: Client, url: str, data: dict[str, object], *, htmx: bool) -> str:
    response = client.post(url, data, headers=HTMX if htmx else {})
    assert response.status_code == 200, "answered at once: a redirect would lose the taps"
    return " ".join(response.content.decode().split())


def _second_phone_loses_the_race(htmx: bool) -> tuple[Table, Client, str]:
    """Two phones open on deal 1; the first enters Spieler 01's 3 gewonnen (it waits for its
    confirmation), the second then saves its own deal: the table, the second phone, its screen."""
    table = playing_table(confirmation_required=True)
    first, second = Client(), Client()
    url = reverse("scoring:table_entry", args=[table.token])
    stale = _fields(second.get(url).content.decode())
    fresh = _fields(first.get(url).content.decode())
    first.post(url, {**fresh, "declarer": 1, "contract": "3", "result": "won"})
    return table, second, _post(second, url, {**stale, **TAPS}, htmx=htmx)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-javascript"])
def test_the_second_phones_taps_wait_beneath_the_confirmation_and_survive_it(htmx: bool) -> None:
    table, second, screen = _second_phone_loses_the_race(htmx)
    assert "Dieses Spiel ist schon eingetragen: Spieler 01: 3 gewonnen +3." in screen
    assert "Ihre Eingabe steht unter der Bestätigung bereit" in screen
    assert "Spiel 2 eintragen“, um sie zu speichern" not in screen, "no such button is there"
    assert 'name="contract"' not in screen, "no deal form until the confirmation"
    assert "Bereit für Spiel 2: Spieler 02: 4 Ruten gewonnen" in screen
    kept = _fields(screen, "kept-")
    assert {k: kept[k] for k in ("declarer", "contract", "ruten", "result")} == {
        "declarer": "2", "contract": "4", "ruten": "on", "result": "won"}  # fmt: skip
    assert kept["sequence"] == "2"
    assert Deal.objects.count() == 1

    # Spieler 03 confirms on that phone: the kept taps come back in the form for deal 2.
    deal = Deal.objects.get()
    confirm = reverse("scoring:table_confirm", args=[table.token, deal.pk])
    after = _post(second, confirm, {"seat": 3, **_fields(screen)}, htmx=htmx)
    deal.refresh_from_db()
    assert deal.confirmed_by == 3
    assert "Bestätigt. Ihre Eingabe steht im Formular für Spiel 2" in after
    for tap in ('id="id_declarer_2" value="2" checked', 'value="4" checked',
                'name="ruten" id="id_ruten" checked', 'value="won" checked'):  # fmt: skip
        assert tap in after, tap
    form = _fields(after)
    assert form["sequence"] == "2"

    # One tap (the save button) enters them.
    entry = reverse("scoring:table_entry", args=[table.token])
    second.post(entry, {**form, **TAPS}, headers=HTMX if htmx else {})
    assert Deal.objects.get(sequence=2).game == "4 Ruten gewonnen"


def test_a_refused_confirmation_keeps_the_taps_beneath_it() -> None:
    table, second, screen = _second_phone_loses_the_race(htmx=True)
    deal = Deal.objects.get()
    confirm = reverse("scoring:table_confirm", args=[table.token, deal.pk])

    # The declarer taps his own name: refused, and the taps are still there.
    after = _post(second, confirm, {"seat": 1, **_fields(screen)}, htmx=True)

    assert "kann es nicht selbst bestätigen" in after
    assert "Bereit für Spiel 2: Spieler 02: 4 Ruten gewonnen" in after
    assert _fields(after, "kept-")["contract"] == "4"


def test_a_confirmation_without_kept_taps_is_as_before() -> None:
    table, _second, _screen = _second_phone_loses_the_race(htmx=True)
    deal = Deal.objects.get()
    confirm = reverse("scoring:table_confirm", args=[table.token, deal.pk])
    response = Client().post(confirm, {"seat": 3})
    assert response.status_code == 302
    assert "Bereit für Spiel" not in Client().get(response["Location"]).content.decode()


def test_the_kept_taps_speak_english_on_an_english_phone() -> None:
    table = playing_table(confirmation_required=True)
    first, second = Client(), Client()
    url = reverse("scoring:table_entry", args=[table.token])
    english = {"Accept-Language": "en"}
    stale = _fields(second.get(url, headers=english).content.decode())
    first.post(url, {**_fields(first.get(url).content.decode()), "declarer": 1, "contract": "3",
                     "result": "won"})  # fmt: skip
    response = second.post(url, {**stale, **TAPS}, headers={**HTMX, **english})
    screen = " ".join(response.content.decode().split())
    assert "This deal is already entered: Spieler 01: 3 won +3." in screen
    assert "once it is confirmed, they stand in the form for deal 2" in screen
    assert "Kept for deal 2: Spieler 02: 4 Ruten won" in screen
    assert "gewonnen" not in screen
