"""The entry fee per registration: marked paid or open again, with its line in the history."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.tournaments.night_helpers import night, registration
from tournaments.desk.services import registration_mark_paid, registration_withdraw
from tournaments.models import Registration, Tournament, TournamentEvent

pytestmark = pytest.mark.django_db


def test_a_fee_is_open_until_marked_paid_and_the_history_says_who() -> None:
    tournament = night(present=1)
    entry = registration(tournament, "Spieler 00")
    assert not entry.is_fee_paid
    organiser = User.objects.create_user("organiser")
    registration_mark_paid(registration=entry, paid=True, by=organiser)
    entry.refresh_from_db()
    assert entry.is_fee_paid
    event = TournamentEvent.objects.get(tournament=tournament)
    assert (event.kind, event.reason, event.user) == (
        TournamentEvent.Kind.FEE_PAID,
        "Spieler 00",
        organiser,
    )


def test_marking_it_open_again_undoes_it_and_marking_twice_changes_nothing() -> None:
    tournament = night(present=1)
    entry = registration(tournament, "Spieler 00")
    registration_mark_paid(registration=entry, paid=True, by=None)
    paid_at = Registration.objects.get(pk=entry.pk).fee_paid_at
    registration_mark_paid(registration=entry, paid=True, by=None)
    assert Registration.objects.get(pk=entry.pk).fee_paid_at == paid_at
    registration_mark_paid(registration=entry, paid=False, by=None)
    assert Registration.objects.get(pk=entry.pk).fee_paid_at is None
    assert list(
        TournamentEvent.objects.filter(tournament=tournament).values_list("kind", flat=True)
    ) == [TournamentEvent.Kind.FEE_PAID, TournamentEvent.Kind.FEE_OPEN]


def test_a_late_payer_is_marked_even_after_the_night_is_finished() -> None:
    tournament = night(present=1)
    Tournament.objects.filter(pk=tournament.pk).update(state=Tournament.State.FINISHED)
    entry = registration(tournament, "Spieler 00")
    registration_mark_paid(registration=entry, paid=True, by=None)
    assert Registration.objects.get(pk=entry.pk).is_fee_paid


def test_a_fee_marked_paid_keeps_the_money_paid_and_the_database_holds_it() -> None:
    """Issue 30.6: the amount is stored with the payment; a payment without one is refused by
    the database, and an open fee has none."""
    tournament = night(present=1, entry_fee=Decimal("7.50"))
    entry = registration(tournament, "Spieler 00")
    registration_mark_paid(registration=entry, paid=True)
    assert Registration.objects.get(pk=entry.pk).fee_amount == Decimal("7.50")
    registration_mark_paid(registration=entry, paid=False)
    assert Registration.objects.get(pk=entry.pk).fee_amount is None
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.filter(pk=entry.pk).update(fee_paid_at=timezone.now())


def test_a_withdrawn_players_fee_is_refused_by_the_service() -> None:
    tournament = night(present=0, absent=1, entry_fee=Decimal(5))
    entry = registration(tournament, "Spieler 00")
    registration_withdraw(registration=entry)
    with pytest.raises(ValidationError) as error:
        registration_mark_paid(registration=entry, paid=True)
    assert error.value.code == "withdrawn"
    assert not Registration.objects.get(pk=entry.pk).is_fee_paid
    assert not TournamentEvent.objects.filter(tournament=tournament).exists()
