"""The prize list: set by hand, or as shares of the entry fees."""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring import ranking, selectors
from scoring.models import Prize
from tournaments.models import Tournament
from tournaments.states import require_not_finished


def prizes_set(*, tournament: Tournament, prizes: list[ranking.Prize]) -> list[Prize]:
    """Replace the tournament's prize list (all or nothing).

    A place may have several prizes ("30 €" and "Präsentkorb" on two lines).

    :raises ValidationError: a place below 1, negative money, an empty prize, or a finished
        tournament.
    """
    require_not_finished(tournament)
    rows = [
        Prize(tournament=tournament, place=p.place, money=p.money, name=p.name.strip())
        for p in prizes
    ]
    for row in rows:
        if not row.money and not row.name:
            raise ValidationError(
                _("Place %(place)s has neither money nor a named prize."),
                code="empty_prize",
                params={"place": row.place},
            )
        row.full_clean(exclude=["tournament"], validate_unique=False)
    with transaction.atomic():
        Prize.objects.filter(tournament=tournament).delete()
        return Prize.objects.bulk_create(rows)


def fee_shares_check(percentages: list[Decimal]) -> None:
    """Refuse shares of the entry fees that are negative or add up to more than the whole pot.

    :raises ValidationError: a share is negative (the message names it) or the shares add up
        to more than 100 % (the message names the total).
    """
    negative = [share for share in percentages if share < 0]
    if negative:
        raise ValidationError(
            _("A share of the entry fees cannot be negative: %(shares)s."),
            code="negative_share",
            params={"shares": ", ".join(f"{number_format(share)} %" for share in negative)},
        )
    total = sum(percentages, Decimal(0))
    if total > 100:
        raise ValidationError(
            _("The shares add up to %(total)s %%: at most 100 %% of the entry fees can be given."),
            code="over_100",
            params={"total": number_format(total)},
        )


def prizes_split_fees_check(*, tournament: Tournament, percentages: list[Decimal]) -> None:
    """Why the entry fees cannot be split so, raised (the confirmation page asks first).

    :raises ValidationError: a share is negative, the shares add up to more than 100 %, or
        there is no entry fee.
    """
    fee_shares_check(percentages)
    if not tournament.entry_fee:
        raise ValidationError(_("The tournament has no entry fee to split."), code="no_fee")


def prizes_split_fees(*, tournament: Tournament, percentages: list[Decimal]) -> list[Prize]:
    """Money prizes as shares of the entry fees of the players seated (named prizes kept).

    :raises ValidationError: as :func:`prizes_split_fees_check`.
    """
    prizes_split_fees_check(tournament=tournament, percentages=percentages)
    prizes = selectors.fee_split_prizes(tournament=tournament, percentages=percentages)
    return prizes_set(tournament=tournament, prizes=prizes)
