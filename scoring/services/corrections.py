"""Correcting and confirming deals already entered: every change is logged with its before."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from fipsen_rules.vocabulary import PASSED
from scoring import selectors
from scoring.evaluation import Scored, score_deal, vocabulary_of
from scoring.models import Deal, DealChange
from scoring.services.entry import DealLedger, deal_words
from scoring.services.guards import require_deal_left
from tournaments.draw.tables import table_with_seats_locked
from tournaments.models import Seat, Table
from tournaments.states import require_open_for_entry, require_playing
from tournaments.text import clean_text


def deal_correct(
    *,
    deal: Deal,
    declarer: int | None,
    game: object,
    written_value: int | None = None,
    user: User | None = None,
    reason: str = "",
) -> Deal:
    """Correct a deal. The table (``user=None``) may correct its last deal only; the organiser
    any deal, giving a reason for an older one. A deal cannot turn from a game into "all
    passed" (or back) unless it is the last, since that would renumber every later deal.

    :raises fipsen_rules.InvalidEntryError: the new game breaks a rule (nothing saved).
    :raises ValidationError: not allowed here, or no reason given.
    """
    reason = _reason_cleaned(reason)

    def change(table: Table, seats: list[Seat], deal: Deal) -> None:
        require_playing(table.tournament)
        # All passed is the tile of that name, in every rule set that has it: asked of the
        # rule set's vocabulary, since a game of another rule set need not have a kind.
        passes = vocabulary_of(table.tournament).taps_of(game).contract == PASSED
        upcoming = selectors.next_deal(table=table, seats=seats)
        is_last = upcoming.last is not None and upcoming.last.pk == deal.pk
        _require_correctable(table, deal, upcoming, is_last=is_last, by_table=user is None)
        _require_reason_unless_last(is_last=is_last, reason=reason)
        if not passes:  # a game always counts: asked before its number is
            _require_same_count_unless_last(deal, counts=True, is_last=is_last)
        number = _corrected_number(deal, upcoming, passes=passes)
        scored = score_deal(
            tournament=table.tournament,
            seats=selectors.playing_seats(table, seats, number or upcoming.number or 0),
            declarer=declarer,
            game=game,
            written_value=written_value,
            dealer=deal.dealer,
        )
        _require_same_count_unless_last(deal, counts=scored.counts_as_deal, is_last=is_last)
        _rescore(deal, scored, number=number, declarer=declarer, written_value=written_value)

    ledger = _Corrections(reason=reason)
    return ledger.correct(table_id=deal.table_id, pk=deal.pk, change=change, user=user)


class _Corrections(DealLedger):
    """A scored deal's correction: its history keeps the deal in words before and after,
    and why."""

    def __init__(self, *, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def snapshot(self, entry: Deal, seats: list[Seat]) -> Mapping[str, object]:
        return {"words": deal_words(entry, seats, stored=True)}

    def log(
        self,
        entry: Deal,
        *,
        before: Mapping[str, object],
        after: Mapping[str, object],
        user: Any,
    ) -> None:
        DealChange.objects.create(
            deal=entry,
            action=DealChange.Action.CORRECTED,
            before=str(before["words"]),
            after=str(after["words"]),
            reason=self.reason,
            user=user,
        )


def _corrected_number(deal: Deal, upcoming: selectors.NextDeal, *, passes: bool) -> int | None:
    """The number the corrected deal is played as: its own, or for a passed deal that becomes
    a game the next one (a deal that becomes "all passed" keeps its own here, for who played
    it, and loses it in :func:`_rescore`).

    :raises ValidationError: a passed deal becomes a game at a table that has played all.
    """
    number = deal.number or (upcoming.number if not passes else None)
    if not passes:
        require_deal_left(number)
    return number


def _rescore(
    deal: Deal,
    scored: Scored,
    *,
    number: int | None,
    declarer: int | None,
    written_value: int | None,
) -> None:
    """Set the deal to the corrected game as the rules scored it (not saved yet)."""
    passes = not scored.counts_as_deal
    deal.number = None if passes else number
    deal.declarer = None if passes else declarer
    deal.game = scored.game
    deal.score = scored.score
    deal.opponents_score = scored.opponents_score
    deal.seat_changes = scored.seat_changes
    deal.written_value = written_value
    deal.confirmed_by = None  # a changed deal is confirmed anew


def _reason_cleaned(reason: str) -> str:
    """The reason on one line, as the history keeps it.

    :raises ValidationError: on the field ``reason``, longer than the history keeps.
    """
    reason = " ".join(clean_text(reason).split())
    limit = DealChange._meta.get_field("reason").max_length or 0
    if len(reason) > limit:
        raise ValidationError(
            {
                "reason": ValidationError(
                    _("The reason is too long: %(length)s characters, at most %(limit)s."),
                    code="reason_too_long",
                    params={"length": len(reason), "limit": limit},
                )
            }
        )
    return reason


def _require_correctable(
    table: Table, deal: Deal, upcoming: selectors.NextDeal, *, is_last: bool, by_table: bool
) -> None:
    """The table's phone corrects only its last deal, and only while the table takes deals;
    the organiser may still correct an ended table.

    :raises ValidationError: an older deal at the table, an ended or full table.
    """
    if not by_table:
        return
    if not is_last:
        raise ValidationError(
            _("Only the last deal can be corrected here; ask the organiser for older ones."),
            code="only_last",
        )
    require_open_for_entry(table)
    if deal.counts and upcoming.number is None:
        # The organiser can still correct it (the table's sheet): the captain is told so.
        raise ValidationError(
            _(
                "This table has played all its deals: ask the organiser to correct it, on the "
                "organiser's pages."
            ),
            code="table_complete",
        )


def _require_reason_unless_last(*, is_last: bool, reason: str) -> None:
    """:raises ValidationError: an older deal changes without a reason."""
    if not is_last and not reason.strip():
        raise ValidationError(
            {"reason": ValidationError(_("Say why an older deal changes."), code="reason")}
        )


def _require_same_count_unless_last(deal: Deal, *, counts: bool, is_last: bool) -> None:
    """An older deal that counts stays one that counts (a game), and one that does not (all
    passed, where the rule set does not count it) stays so: turning it would renumber every
    later deal.

    :raises ValidationError: the kind changes.
    """
    if not is_last and counts != deal.counts:
        raise ValidationError(
            _("An older deal cannot change between a game and “all passed”."),
            code="kind_change",
        )


def deal_confirm(*, deal: Deal, seat: int) -> Deal:
    """A second player of the table confirms the table's last deal: one who played it, and
    not its declarer (who entered it, or told the captain). Confirming it again changes
    nothing.

    :raises ValidationError: not a player of this deal, the declarer, or not the last deal.
    :raises tournaments.states.NotAllowedNow: the tournament is not in play (finished), or the
        table was ended early.
    """
    with transaction.atomic():
        # The table's lock, as an entry takes it: the last deal stays the last meanwhile.
        table, seats = table_with_seats_locked(table_id=deal.table_id)
        require_open_for_entry(table)
        upcoming = selectors.next_deal(table=table, seats=seats)
        if upcoming.last is None or upcoming.last.pk != deal.pk:
            raise ValidationError(
                _("Only the last deal waits for a confirmation; this one is older."),
                code="only_last",
            )
        deal = upcoming.last
        if deal.confirmed_by is not None:
            return deal  # the same tap twice, or two phones at once
        _require_confirmer(
            deal, seat, selectors.playing_seats(table, seats, deal.number or upcoming.number or 0)
        )
        deal.confirmed_by = seat
        deal.save(update_fields=["confirmed_by", "updated_at"])
        DealChange.objects.create(
            deal=deal,
            action=DealChange.Action.CONFIRMED,
            after=deal_words(deal, seats, stored=True),
            reason=seats[seat].registration.player.name,
        )
    return deal


def _require_confirmer(deal: Deal, seat: int, playing: tuple[int, ...]) -> None:
    """:raises ValidationError: ``seat`` did not play the deal, or declared it."""
    if seat not in playing:
        raise ValidationError(_("Choose a player of this table."), code="seat")
    if seat == deal.declarer:
        raise ValidationError(
            _("The player who played the game cannot confirm it: another player confirms."),
            code="declarer_confirms",
        )


def deal_confirmers(*, table: Table, seats: list[Seat], upcoming: selectors.NextDeal) -> list[Seat]:
    """Who may confirm the table's last deal, for the captain's page to offer by name: the
    players of that deal but its declarer."""
    last = upcoming.last
    if last is None or last.confirmed_by is not None:
        return []
    playing = selectors.playing_seats(table, seats, last.number or upcoming.number or 0)
    return [s for s in seats if s.position in playing and s.position != last.declarer]
