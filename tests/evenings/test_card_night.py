"""One card night (issue 28 item 5): a Preisskat and a Preisfipsen of one evening run from one
desk: an arrival typed once plays the tournaments ticked, each with its own fee; one tap a
player and tournament; the evening's cash box adds both fees, both prize lists and the
Skat tables' Verlustspielgeld, to the cent. Bad input says what is wrong and saves nothing.
SQLite and PostgreSQL."""

import datetime
import io
import uuid
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from evenings import selectors, services
from evenings.models import CardNight
from fipsen_rules.preisskat import PREISSKAT
from scoring import services as scoring_services
from scoring.management.commands.demo_night import Command
from sitewide.money import euros
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Registration, Table, Tournament
from tournaments.players.services import player_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

DAY = datetime.date(2026, 12, 7)


def _evening() -> tuple[CardNight, Tournament, Tournament]:
    skat = tournament_services.tournament_create(
        name="Preisskat", date=DAY, rule_set="preisskat", entry_fee=Decimal("10.00")
    )
    fipsen = tournament_services.tournament_create(
        name="Preisfipsen", date=DAY, entry_fee=Decimal("5.00")
    )
    card_night = services.card_night_create(name="Kartenabend", date=DAY, place="Dorfkrug")
    for tournament in (skat, fipsen):
        services.card_night_take_in(card_night=card_night, tournament=tournament)
    return card_night, skat, fipsen


def test_an_arrival_typed_once_plays_what_is_ticked(organiser: Client) -> None:
    card_night, skat, fipsen = _evening()
    url = reverse("evenings:desk", args=[card_night.pk])
    page = organiser.get(url).content.decode()
    assert "Preisskat" in page
    assert "Preisfipsen" in page
    organiser.post(url, {"name": "Anna Sievers", "club": "SC Prisdorf",
                         f"plays_{skat.pk}": "on", f"plays_{fipsen.pk}": "on"})  # fmt: skip
    organiser.post(url, {"name": "Bernd Kröger", "club": "", f"plays_{skat.pk}": "on"})
    anna, bernd = Player.objects.get(name="Anna Sievers"), Player.objects.get(name="Bernd Kröger")
    assert Player.objects.count() == 2  # typed once
    both = Registration.objects.filter(player=anna, checked_in_at__isnull=False)
    assert {(r.tournament_id, r.fee_amount) for r in both} == {
        (skat.pk, Decimal("10.00")),
        (fipsen.pk, Decimal("5.00")),
    }
    assert Registration.objects.get(player=bernd).tournament == skat
    page = organiser.get(url).content.decode()
    assert "2 Spieler" in page

    # One tap: Bernd plays the Preisfipsen too; then not the Preisskat.
    plays = reverse("evenings:plays", args=[card_night.pk, fipsen.pk, bernd.pk])
    organiser.post(plays, {"plays": "1"})
    assert Registration.objects.get(player=bernd, tournament=fipsen).is_fee_paid
    organiser.post(reverse("evenings:plays", args=[card_night.pk, skat.pk, bernd.pk]),
                   {"plays": "0"})  # fmt: skip
    skat_entry = Registration.objects.get(player=bernd, tournament=skat)
    assert not skat_entry.is_checked_in
    assert not skat_entry.is_fee_paid


def test_bad_input_says_what_is_wrong_and_saves_nothing(organiser: Client) -> None:
    card_night, skat, fipsen = _evening()
    url = reverse("evenings:desk", args=[card_night.pk])
    page = organiser.post(url, {"name": "Anna Sievers", "club": ""}).content.decode()
    assert "Bitte mindestens ein Turnier ankreuzen, das er spielt." in page
    page = organiser.post(url, {"name": "", f"plays_{skat.pk}": "on"}).content.decode()
    assert "field-invalid" in page
    assert not Player.objects.exists()
    # A tournament of another day is not taken in.
    other = tournament_services.tournament_create(name="Morgen", date=DAY.replace(day=8))
    organiser.post(reverse("evenings:take_in", args=[card_night.pk, other.pk]), follow=True)
    assert selectors.tournaments_of(card_night) == [skat, fipsen]


def test_once_play_started_a_tap_is_refused_in_german(organiser: Client) -> None:
    card_night, skat, _fipsen = _evening()
    for number in range(3):
        player = Player.objects.create(name=f"Spieler {number}", name_key=f"spieler {number}")
        services.arrival_plays(tournament=skat, player=player, plays=True)
    tournament_draw(tournament=skat, seed=1)
    tournament_services.tournament_start(tournament=skat)
    late = Player.objects.create(name="Zu Spät", name_key="zu spat")
    response = organiser.post(
        reverse("evenings:plays", args=[card_night.pk, skat.pk, late.pk]), {"plays": "1"},
        follow=True,
    )  # fmt: skip
    assert "Zu Spät" not in {r.player.name for r in Registration.objects.filter(tournament=skat)}
    assert 'class="message' in response.content.decode()


def test_the_evening_s_cash_box_adds_both_to_the_cent(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    card_night, skat, fipsen = _evening()
    names = [f"Spieler {n}" for n in range(3)]
    for name in names:
        services.arrival_register(name=name, club="", plays=[skat, fipsen])
    tournament_draw(tournament=skat, seed=1)
    tournament_services.tournament_start(tournament=skat)
    table = Table.objects.get(tournament=skat)
    for sequence, text in enumerate(["Herz mit 1 verloren", "Kreuz mit 1 verloren"], start=1):
        scoring_services.deal_record(table=table, sequence=sequence, submission=uuid.uuid4(),
                                     declarer=0, game=PREISSKAT.parse(text))  # fmt: skip
    tournaments = selectors.tournaments_of(card_night)
    with django_assert_num_queries(10):  # each tournament's cash report; the Skat's money
        cash = selectors.evening_cash(tournaments)
    assert cash.fees_in == Decimal("45.00")  # 3 × 10,00 € and 3 × 5,00 €
    assert cash.tables_paid == Decimal("1.00")  # two lost games, 0,50 € each
    assert cash.stays == Decimal("46.00") - cash.prizes
    page = organiser.get(reverse("evenings:cash", args=[card_night.pk])).content.decode()
    assert euros(cash.stays) in page
    assert "Verlustspielgeld" in page


def test_the_demo_plays_a_whole_card_night() -> None:
    """`demo_night --card-night` (named in its --help): one evening's Preisskat and
    Preisfipsen, the same players, one card night."""
    out = io.StringIO()
    call_command("demo_night", card_night=True, players=7, seed=2, deals=6, stdout=out)
    card_night = CardNight.objects.get()
    skat, fipsen = selectors.tournaments_of(card_night)
    assert (skat.rule_set, fipsen.rule_set) == ("preisskat", "prisdorf")
    people = {r.player_id for r in Registration.objects.filter(tournament=skat)}
    assert people == {r.player_id for r in Registration.objects.filter(tournament=fipsen)}
    assert len(people) == 7
    for tournament in (skat, fipsen):
        assert Table.objects.filter(tournament=tournament, total__played=6).count() == 2
    assert "Kartenabend „Kartenabend (Demo)“" in out.getvalue()
    assert f"/card-nights/{card_night.pk}/cash/" in out.getvalue()


def test_demo_night_s_help_names_the_card_night_option() -> None:
    assert "--card-night" in Command().create_parser("manage.py", "demo_night").format_help()


def test_the_pages_read_a_fixed_number_of_queries(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    """However many players: the desk 7 (the session and user, the card night, its
    tournaments, those of the day to take in, the players' rows), the cash box 14 (each
    tournament's cash report, the Skat's money)."""
    card_night, skat, fipsen = _evening()
    for players in (3, 9):
        for number in range(Player.objects.count(), players):
            services.arrival_register(name=f"Spieler {number}", club="", plays=[skat, fipsen])
        for page, queries in (("desk", 7), ("cash", 14)):
            with django_assert_num_queries(queries):
                organiser.get(reverse(f"evenings:{page}", args=[card_night.pk]))


def test_a_player_of_the_directory_typed_again_is_not_made_twice(organiser: Client) -> None:
    """The walk's finding: "Anna Behrens, SC Prisdorf", already in the directory, typed at the
    desk made a second Anna."""
    card_night, skat, _fipsen = _evening()
    known = player_create(name="Anna Behrens", club="SC Prisdorf")
    url = reverse("evenings:desk", args=[card_night.pk])
    organiser.post(url, {"name": " Anna  Behrens ", "club": "SC Prisdorf",
                         f"plays_{skat.pk}": "on"})  # fmt: skip
    assert Player.objects.filter(name="Anna Behrens").count() == 1
    assert Registration.objects.get(tournament=skat).player == known


def test_the_evening_s_cash_box_prints_with_two_signatures(organiser: Client) -> None:
    """Asked for from the cash box page; the PDF has the evening's sums, each tournament's
    report and the cash report's two signature lines."""
    from evenings.printing_kinds import EVENING_CASH, owner_of_card_night
    from evenings.renderers import render_evening_cash
    from printing.kinds import FileJob
    from printing.models import GeneratedFile
    from tests.printing.pdf_reading import pdf_text

    card_night, skat, fipsen = _evening()
    for name in ("Anna", "Bernd", "Carla"):
        services.arrival_register(name=name, club="", plays=[skat, fipsen])
    page = organiser.get(reverse("evenings:cash", args=[card_night.pk])).content.decode()
    request = reverse("evenings:file_request", args=[card_night.pk, EVENING_CASH])
    assert request in page
    assert organiser.post(request).status_code == 302
    file = GeneratedFile.objects.get()
    assert (file.owner, file.kind) == (owner_of_card_night(card_night), EVENING_CASH)

    text = " ".join(pdf_text(render_evening_cash(FileJob(file))).split())
    assert "Kasse des Abends" in text
    for name in ("Kartenabend", "Preisskat", "Preisfipsen"):
        assert name in text
    assert f"Startgeld eingenommen {euros(Decimal('45.00'))}" in text  # the evening's sum
    assert "Unterschrift" in text


def test_once_play_started_the_desk_shows_who_plays_without_buttons(organiser: Client) -> None:
    """The walk's finding: after the start, "spielt · bezahlt" still looked like a button,
    and its tap said „Das Einchecken ist jetzt nicht möglich" when taking a player out."""
    card_night, skat, fipsen = _evening()
    for name in ("Anna", "Bernd", "Carla"):
        services.arrival_register(name=name, club="", plays=[skat, fipsen])
    tournament_draw(tournament=skat, seed=1)
    tournament_services.tournament_start(tournament=skat)
    page = organiser.get(reverse("evenings:desk", args=[card_night.pk])).content.decode()
    assert page.count('class="desk-closed"') == 3  # the Skat's column: text, no button
    assert page.count('name="plays"') == 3  # the Fipsen's column: still a tap
    assert "wird gespielt" in page
    anna = Player.objects.get(name="Anna")
    answer = organiser.post(
        reverse("evenings:plays", args=[card_night.pk, skat.pk, anna.pk]),
        {"plays": "0"},
        follow=True,
    )
    assert "Einen Spieler herausnehmen (Preisskat) ist jetzt nicht möglich" in (
        answer.content.decode()
    )
    assert Registration.objects.get(tournament=skat, player=anna).is_checked_in
