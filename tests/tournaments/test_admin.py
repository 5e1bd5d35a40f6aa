"""The admin: every model is there, and its pages load for a superuser with data in place."""

import datetime
import uuid
from decimal import Decimal

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
from scoring.ranking import Prize
from scoring.services import deal_record, prizes_set
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Player, Seat, Table, Tournament
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
    prize and a file, an organiser and a group: one object of every model with an admin."""
    tournament = services.tournament_create(
        name="Preisfipsen", date=datetime.date(2026, 11, 21), place="Prisdorf"
    )
    for name in ("Hans Müller", "Erika Schmidt", "Jörg Strauß", "Olga Neu"):
        player = services.player_create(name=name, club="SC Prisdorf")
        services.registration_add(tournament=tournament, player=player, check_in=True)
    services.tournament_draw(tournament=tournament, seed=7)
    first, second = Seat.objects.order_by("position")[:2]
    services.tournament_swap(tournament=tournament, first=first, second=second)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    deal_record(
        table=table, sequence=1, submission=uuid.uuid4(), declarer=0, game=Game.parse("3 H -")
    )
    services.table_token_reissue(table=table)  # a line in the tournament's history
    prizes_set(tournament=tournament, prizes=[Prize(1, Decimal(20), "Präsentkorb")])
    services.organiser_create(username="leitung", password=None)
    Group.objects.create(name="Turnierleitung")
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
