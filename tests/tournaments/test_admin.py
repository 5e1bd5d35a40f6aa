"""The admin: every model is there, and its pages load for a superuser with data in place."""

import datetime
import uuid
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from fipsen_rules import Game
from printing.models import GeneratedFile
from scoring.services import deal_record
from scoring.standings.ranking import Prize
from scoring.standings.services import prizes_set
from tests.factories import UserFactory
from tournaments import services
from tournaments.desk.services import registration_add
from tournaments.draw.seats import table_token_reissue
from tournaments.draw.services import tournament_draw, tournament_swap
from tournaments.models import Player, Seat, SeriesDraw, Table, Tournament
from tournaments.players.directory import player_merge
from tournaments.players.services import player_create
from tournaments.printing_kinds import TABLE_CARDS, owner_of_tournament

pytestmark = pytest.mark.django_db

#: Every model with an admin, as "app_label.model_name"; django-axes' records of failed logins
#: are its own (and tested in tests/tournaments/test_login_throttling.py).
REGISTERED = sorted(
    model._meta.label_lower for model in admin.site._registry if model._meta.app_label != "axes"
)


@pytest.fixture
def night() -> Tournament:
    """A tournament of four in play, with a swap, a deal, a new table link (in its history), a
    prize and a file, an organiser and a group, a merge of two entries in the directory: one
    object of every model with an admin."""
    tournament = services.tournament_create(
        name="Preisfipsen", date=datetime.date(2026, 11, 21), place="Prisdorf"
    )
    for name in ("Hans Müller", "Erika Schmidt", "Jörg Strauß", "Olga Neu"):
        player = player_create(name=name, club="SC Prisdorf")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=7)
    first, second = Seat.objects.order_by("position")[:2]
    tournament_swap(tournament=tournament, first=first, second=second)
    services.tournament_start(tournament=tournament)
    # A later series' record, as its draw leaves it (tests/tournaments/test_series_*.py)
    SeriesDraw.objects.create(tournament=tournament, number=2, method="lot", seed=1)
    table = Table.objects.get(tournament=tournament)
    deal_record(
        table=table, sequence=1, submission=uuid.uuid4(), declarer=0, game=Game.parse("3 H -")
    )
    table_token_reissue(table=table)  # a line in the tournament's history
    prizes_set(tournament=tournament, prizes=[Prize(1, Decimal(20), "Präsentkorb")])
    services.organiser_create(username="leitung", password=None)
    Group.objects.create(name="Turnierleitung")
    player_merge(keep=Player.objects.get(name="Olga Neu"), merge=player_create(name="Olga Neue"))
    GeneratedFile.objects.create(
        owner=owner_of_tournament(tournament),
        kind=TABLE_CARDS,
        filename="Tischkarten.pdf",
        expires_at=timezone.now() + datetime.timedelta(hours=1),
    )
    return tournament


@pytest.mark.parametrize("app", ["tournaments", "printing"])
def test_every_model_of_the_app_has_an_admin(app: str) -> None:
    models = apps.get_app_config(app).get_models()
    assert [model for model in models if not admin.site.is_registered(model)] == []


def _url(label: str, view: str, *args: object) -> str:
    app_label, model_name = label.split(".")
    return reverse(f"admin:{app_label}_{model_name}_{view}", args=args)


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize("label", REGISTERED)
@pytest.mark.parametrize("view", ["changelist", "add"])
def test_the_admin_pages_load(superuser: Client, label: str, view: str) -> None:
    response = superuser.get(_url(label, view))

    assert response.status_code == (403 if (label, view) in NO_ADDING else 200)


#: Made in the app only: a deal is scored by the rules and keeps its history there; the history
#: is append-only.
NO_ADDING = {
    ("scoring.deal", "add"),
    ("scoring.dealchange", "add"),
    ("tournaments.tournamentevent", "add"),
    ("tournaments.seattotal", "add"),
    ("tournaments.tabletotal", "add"),
    ("tournaments.seriesdraw", "add"),
    ("tournaments.playermerge", "add"),
}


@pytest.mark.usefixtures("night")
def test_a_deal_is_shown_in_the_admin_but_not_changed_there(superuser: Client) -> None:
    deal = apps.get_model("scoring.deal")._default_manager.get()
    url = _url("scoring.deal", "change", deal.pk)

    page = superuser.get(url).content.decode()
    superuser.post(url, {"number": 7, "sequence": 7, "score": 99})

    assert "3 Hand verloren" in page
    assert 'name="number"' not in page
    assert superuser.get(_url("scoring.deal", "delete", deal.pk)).status_code == 403
    deal.refresh_from_db()
    assert (deal.number, deal.sequence, deal.score) == (1, 1, -12)


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize("label", REGISTERED)
def test_the_change_page_of_an_object_loads(superuser: Client, label: str) -> None:
    model: type[Model] = apps.get_model(label)
    obj = model._default_manager.order_by("pk").first()
    assert obj is not None, f"the test night has no {label}: add one to the fixture"

    response = superuser.get(_url(label, "change", obj.pk))

    assert response.status_code == 200


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize("label", REGISTERED)
def test_the_admin_search_works(superuser: Client, label: str) -> None:
    response = superuser.get(_url(label, "changelist"), {"q": "Müller"})

    assert response.status_code == 200


def test_the_admin_is_for_staff_only(client: Client) -> None:
    client.force_login(UserFactory())

    response = client.get(_url("tournaments.player", "changelist"))

    assert response.status_code == 302


def test_a_player_saved_in_the_admin_gets_his_folded_name(superuser: Client) -> None:
    response = superuser.post(
        _url("tournaments.player", "add"), {"name": "  Jörg  Strauß ", "club": "SC", "contact": ""}
    )

    assert response.status_code == 302
    player = Player.objects.get()
    assert (player.name, player.name_key) == ("Jörg Strauß", "joerg strauss")


class _FormFields(HTMLParser):
    """The values a browser would post from the admin's change form (inputs, selects,
    textareas), read from its page."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        name = found.get("name")
        if tag == "input" and name and found.get("type") not in ("submit", "checkbox"):
            self.values[name] = found.get("value") or ""
        elif tag == "input" and name and "checked" in found:
            self.values[name] = "on"
        elif tag == "select" and name:
            self._select = name
            self.values.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in found:
            self.values[self._select] = found.get("value") or ""
        elif tag == "textarea" and name:
            self._textarea = name
            self.values[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea] += data.lstrip("\n")


def _posted(client: Client, url: str, **changes: object) -> dict[str, str]:
    reader = _FormFields()
    reader.feed(client.get(url).content.decode())
    return {**reader.values, **{name: str(value) for name, value in changes.items()}}


def _another_tournament(name: str) -> Tournament:
    return services.tournament_create(
        name=name, date=datetime.date(2026, 11, 21), place="Pinneberg"
    )


def test_a_tables_deals_and_first_dealer_changed_in_the_admin_are_in_the_history(
    superuser: Client, night: Tournament
) -> None:
    """Issue 18: the admin changed a table in play with no line in the night's history."""
    table = Table.objects.get(tournament=night)
    url = _url("tournaments.table", "change", table.pk)
    response = superuser.post(url, _posted(superuser, url, deals=90, first_dealer=2))
    assert response.status_code == 302

    table.refresh_from_db()
    assert (table.deals, table.first_dealer) == (90, 2)
    event = night.events.get(kind="changed_in_admin")
    assert event.table_number == table.number
    assert event.reason == "Spiele: 100 → 90; Erster Geber (Platz): 0 → 2"
    assert event.user is not None
    assert event.user.is_superuser
    history = superuser.get(reverse("night:history", args=[night.pk])).content.decode()
    assert "in der Verwaltung geändert" in history
    assert "Spiele: 100 → 90" in history


def test_a_table_in_play_stays_in_its_tournament(superuser: Client, night: Tournament) -> None:
    """Moving a table to another tournament broke both nights (its export answered 500)."""
    elsewhere = _another_tournament("Anderer Abend")
    table = Table.objects.get(tournament=night)
    url = _url("tournaments.table", "change", table.pk)
    superuser.post(url, _posted(superuser, url, tournament=elsewhere.pk))

    table.refresh_from_db()
    assert table.tournament == night
    assert not night.events.filter(kind="changed_in_admin").exists(), "nothing to log"


def test_the_rules_of_a_night_in_play_are_fixed_in_the_admin(
    superuser: Client, night: Tournament
) -> None:
    """Switching the rule set or erasing a club's points table after Spielbeginn broke the
    night; the app's own pages fix them from then on, the admin now too."""
    url = _url("tournaments.tournament", "change", night.pk)
    options = dict(night.rule_options)
    superuser.post(url, _posted(superuser, url, rule_set="tippen", rule_options="{}"))

    night.refresh_from_db()
    assert night.rule_set == "prisdorf"
    assert night.rule_options == options


def test_a_seated_registration_keeps_its_player(superuser: Client, night: Tournament) -> None:
    """Replacing the player of a registration seated at a table in play rewrote the night."""
    registration = night.registrations.select_related("player").first()
    assert registration is not None
    stranger = player_create(name="Fremder Gast", club="")
    url = _url("tournaments.registration", "change", registration.pk)
    superuser.post(url, _posted(superuser, url, player=stranger.pk))

    registration.refresh_from_db()
    assert registration.player != stranger


def test_no_seat_is_added_to_a_table_in_play(superuser: Client, night: Tournament) -> None:
    table = Table.objects.get(tournament=night)
    registration = night.registrations.first()
    assert registration is not None
    response = superuser.post(
        _url("tournaments.seat", "add"),
        {"table": table.pk, "registration": registration.pk, "position": 3},
    )

    assert response.status_code == 200
    assert "Tisch 1 spielt schon: Es lässt sich kein Platz mehr hinzufügen." in (
        response.content.decode()
    )
    assert table.seats.count() == 4
