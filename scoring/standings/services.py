"""The prize list: set by hand, or as shares of the entry fees."""

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring.models import Prize
from scoring.standings import ranking
from scoring.standings.awards import fee_split_lines
from scoring.standings.prize_allocation import Kind, Line, categories
from tournaments.models import Player, Seat, Tournament
from tournaments.rule_pages import pages_of
from tournaments.states import require_not_finished


def prizes_set(
    *,
    tournament: Tournament,
    prizes: Sequence[Line | ranking.Prize],
    several: bool | None = None,
) -> list[Prize]:
    """Replace the tournament's prize list (all or nothing), and with ``several`` (None: as
    it is) whether a player may take several prizes.

    A place may have several prizes ("30 €" and "Präsentkorb" on two lines).

    :raises ValidationError: a place below 1, negative money, an empty prize, a category no
        player of the directory has, a deal's prize where the rule set gives a deal no value,
        or a finished tournament.
    """
    require_not_finished(tournament)
    lines = [_as_line(prize) for prize in prizes]
    rows = [
        Prize(
            tournament=tournament,
            place=p.rank,
            money=p.money,
            name=p.goods.strip(),
            kind=p.kind,
            category=p.category,
            label=p.label,
        )
        for p in lines
    ]
    for row in rows:
        if not row.money and not row.name:
            raise ValidationError(
                _("%(line)s has neither money nor a named prize."),
                code="empty_prize",
                params={"line": row.label or _("Place %(place)s") % {"place": row.place}},
            )
        row.full_clean(exclude=["tournament"], validate_unique=False)
    _queues_check(tournament, lines)
    with transaction.atomic():
        Prize.objects.filter(tournament=tournament).delete()
        saved = Prize.objects.bulk_create(rows)
        if several is not None and several != tournament.prizes_several:
            tournament.prizes_several = several
            tournament.save(update_fields=["prizes_several"])
        return saved


def _as_line(prize: Line | ranking.Prize) -> Line:
    """A place's prize as the lines of the prize list are (a place from the top)."""
    if isinstance(prize, Line):
        return prize
    return Line(Kind.PLACE, prize.place, prize.money, prize.name)


def _queues_check(tournament: Tournament, prizes: list[Line]) -> None:
    """Refuse a club's own category no player has, and a deal's prize where the rule set
    gives no deal a value (the race, Tippen: no scored deal)."""
    if any(p.kind == Kind.DEAL for p in prizes) and not pages_of(tournament).scores_deals:
        raise ValidationError(
            _("This rule set gives no single deal a score: there is no highest game to reward."),
            code="no_deal_value",
        )
    own = {p.category: p.label for p in prizes if p.category.startswith("own:")}
    if not own:
        return
    known = {
        key
        for text in Player.objects.exclude(categories="").values_list("categories", flat=True)
        for key in categories(year=tournament.date.year, own=text)
    }
    unknown = [label for key, label in own.items() if key not in known]
    if unknown:
        raise ValidationError(
            _(
                "No player of the directory has the category of “%(labels)s”: give it to the "
                "players in the directory (their own categories) or write “Beste Dame”, "
                "“Bester Senior”, “Beste Jugend”, “Bester Gast”, “Bestes Mitglied”."
            ),
            code="unknown_category",
            params={"labels": "”, “".join(unknown)},
        )


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

    :raises ValidationError: a share is negative, the shares add up to more than 100 %,
        there is no entry fee, or the tables are not drawn (the fees are those of the players
        seated: before the draw there is nothing to split).
    """
    fee_shares_check(percentages)
    if not tournament.entry_fee:
        raise ValidationError(_("The tournament has no entry fee to split."), code="no_fee")
    if not Seat.objects.filter(table__tournament=tournament).exists():
        raise ValidationError(
            _(
                "The tables are not drawn yet: the entry fees are split among the players "
                "seated, so split them after the draw. Prizes typed in can be saved now."
            ),
            code="not_drawn",
        )


def prizes_split_fees(*, tournament: Tournament, percentages: list[Decimal]) -> list[Prize]:
    """Money prizes as shares of the entry fees of the players seated (named prizes kept).

    :raises ValidationError: as :func:`prizes_split_fees_check`.
    """
    prizes_split_fees_check(tournament=tournament, percentages=percentages)
    prizes = fee_split_lines(tournament=tournament, percentages=percentages)
    return prizes_set(tournament=tournament, prizes=prizes)
