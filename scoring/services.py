"""Entering, correcting and confirming deals: the rules module recomputes every game first."""

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from fipsen_rules import Game, GameKind
from fipsen_rules.signs import signed_score
from scoring import paper, ranking, selectors
from scoring.evaluation import evaluate_deal, rules_for, score_deal
from scoring.models import Deal, DealChange, Prize
from tournaments import services as tournament_services
from tournaments.models import Seat, Table, Tournament, TournamentEvent

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise
from tournaments.selectors import table_with_seats_locked
from tournaments.text import clean_text

_OUT_OF_DATE = _(
    "This form was out of date, so nothing was saved. This is the table as it stands now."
)


class EntryOutOfDate(ValidationError):
    """The form was made for an entry that is no longer the table's next: it has moved on."""

    def __init__(
        self,
        message: "StrOrPromise" = _OUT_OF_DATE,
        code: str = "stale",
        params: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message, code=code, params=params)


class DealAlreadyEntered(EntryOutOfDate):
    """The deal was entered meanwhile (another phone): ``deal`` is what was entered."""

    def __init__(self, deal: Deal, words: str) -> None:
        super().__init__(
            _("This deal is already entered: %(entry)s. Your entry was not saved."),
            code="already_entered",
            params={"entry": words},
        )
        self.deal = deal


def deal_record(
    *,
    table: Table,
    sequence: int,
    submission: uuid.UUID,
    declarer: int | None,
    game: Game | None,
    written_value: int | None = None,
    user: User | None = None,
    await_confirmation: bool = True,
    after: list[selectors.NextDeal] | None = None,
) -> Deal:
    """Enter the next deal of a table.

    ``sequence`` is the entry the form was made for: if another phone entered it meanwhile,
    :class:`DealAlreadyEntered` says what was entered. The same ``submission`` sent again (a
    dropped connection) returns the deal saved the first time. ``await_confirmation=False``
    enters a deal after an unconfirmed one: only for the later rows of a paper sheet, entered
    at once (:func:`sheet_import`); the sheet's last deal then awaits confirmation as usual.
    ``game=None`` keeps ``written_value`` alone, for a paper sheet's line that shows only it.
    ``after``, if given, gets the table's next entry once the deal is saved, worked out without
    a query (for the captain's screen that answers the save).

    :raises fipsen_rules.InvalidEntryError: the game breaks a rule (nothing saved).
    :raises ValidationError: the table is closed, full, or waits for a confirmation.
    """
    try:
        with transaction.atomic():
            # One entry at a time per table: a second phone waits here, then sees the deal.
            locked, seats = table_with_seats_locked(table_id=table.pk)
            return _record_locked(
                locked,
                seats,
                PostedDeal(sequence, submission, declarer, game, written_value),
                user=user,
                await_confirmation=await_confirmation,
                after=after,
            )
    except IntegrityError:
        return _record_raced(table, sequence, submission)


@dataclass(frozen=True)
class PostedDeal:
    """A deal as a form sends it: the entry it was made for, its id, and the game."""

    sequence: int
    submission: uuid.UUID
    declarer: int | None
    game: Game | None
    written_value: int | None = None


def deal_record_at_link(
    *,
    token: str,
    posted: Callable[[Table, list[Seat]], PostedDeal | None],
    after: list[selectors.NextDeal] | None = None,
) -> Deal | None:
    """:func:`deal_record` for the captain's link: the table is read by its token once, under
    the lock, and ``posted`` makes the deal of the form from that table and its seats (None:
    the form is not valid, and nothing is saved). One read of the table fewer than reading it
    by its link first and then locking it (issue 9: the save is the captain's every tap).

    :raises Table.DoesNotExist: the link opens no table.
    :raises: what :func:`deal_record` raises.
    """
    try:
        with transaction.atomic():
            locked, seats = table_with_seats_locked(token=token)
            deal = posted(locked, seats)
            if deal is None:
                return None
            return _record_locked(locked, seats, deal, after=after)
    except IntegrityError:
        if deal is None:  # only _record_locked saves, and only with a deal
            raise
        return _record_raced(locked, deal.sequence, deal.submission)


def _record_locked(
    locked: Table,
    seats: list[Seat],
    posted: PostedDeal,
    *,
    user: User | None = None,
    await_confirmation: bool = True,
    after: list[selectors.NextDeal] | None = None,
) -> Deal:
    """The body of :func:`deal_record`, with the table locked and its seats read."""
    sequence, submission, declarer = posted.sequence, posted.submission, posted.declarer
    upcoming = selectors.next_deal(table=locked, seats=seats)
    if sequence < upcoming.sequence:
        entered = _entered(locked, sequence, upcoming)
        if entered.submission == submission:
            return entered  # the same form sent again (a dropped connection)
        raise DealAlreadyEntered(entered, deal_words(entered, seats))
    _require_playing(locked.tournament)
    _require_not_ended(locked)
    if sequence > upcoming.sequence:
        raise EntryOutOfDate
    if upcoming.number is None:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")
    if (
        await_confirmation
        and locked.tournament.confirmation_required
        and upcoming.waiting_for_confirmation
    ):
        raise ValidationError(
            _("The last deal waits for a second player to confirm it."),
            code="confirm_first",
        )
    scored = score_deal(
        tournament=locked.tournament,
        seats=upcoming.seats,
        declarer=declarer,
        game=posted.game,
        written_value=posted.written_value,
    )
    deal = Deal.objects.create(
        table=locked,
        sequence=sequence,
        number=upcoming.number if scored.counts_as_deal else None,
        dealer=upcoming.dealer,
        declarer=declarer if scored.counts_as_deal else None,
        game=scored.game,
        score=scored.score,
        written_value=posted.written_value,
        submission=submission,
    )
    DealChange.objects.create(
        deal=deal,
        action=DealChange.Action.ENTERED,
        after=deal_words(deal, seats),
        user=user,
    )
    if after is not None:
        after.append(
            selectors.next_deal_after(table=locked, seats=seats, before=upcoming, deal=deal)
        )
    return deal


def _record_raced(table: Table, sequence: int, submission: uuid.UUID) -> Deal:
    """Both phones passed the checks at once (SQLite has no row locks): one deal won. The same
    submission's deal, else what the other phone entered is raised."""
    saved = Deal.objects.filter(submission=submission, table=table).first()
    if saved is not None:
        return saved
    entered = Deal.objects.filter(table=table, sequence=sequence).first()
    if entered is None:  # the submission id belongs to another table's deal
        raise EntryOutOfDate from None
    words = deal_words(entered, selectors.seats_of(table=table))
    raise DealAlreadyEntered(entered, words) from None


def _entered(table: Table, sequence: int, upcoming: selectors.NextDeal) -> Deal:
    """The deal entered as ``sequence``: among the latest entries, or read."""
    for deal in upcoming.recent:
        if deal.sequence == sequence:
            return deal
    return Deal.objects.get(table=table, sequence=sequence)


def deal_correct(
    *,
    deal: Deal,
    declarer: int | None,
    game: Game,
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
    with transaction.atomic():
        table, seats = table_with_seats_locked(table_id=deal.table_id)
        deal = Deal.objects.select_for_update().get(pk=deal.pk)
        _require_playing(table.tournament)
        upcoming = selectors.next_deal(table=table, seats=seats)
        is_last = upcoming.last is not None and upcoming.last.pk == deal.pk
        if user is None and not is_last:
            raise ValidationError(
                _("Only the last deal can be corrected here; ask the organiser for older ones."),
                code="only_last",
            )
        if user is None:  # the table's phone; the organiser may still correct an ended table
            _require_not_ended(table)
        if user is None and upcoming.number is None and not deal.is_passed:
            raise ValidationError(_("This table has played all its deals."), code="table_complete")
        if not is_last and not reason.strip():
            raise ValidationError(
                {"reason": ValidationError(_("Say why an older deal changes."), code="reason")}
            )
        passes = game.kind is GameKind.PASSED
        if passes != deal.is_passed and not is_last:
            raise ValidationError(
                _("An older deal cannot change between a game and “all passed”."),
                code="kind_change",
            )
        number = deal.number or (upcoming.number if not passes else None)
        if not passes and number is None:
            raise ValidationError(_("This table has played all its deals."), code="table_complete")
        playing = selectors.playing_seats(seats, number or upcoming.number or 0)
        outcome = evaluate_deal(
            tournament=table.tournament,
            seats=playing,
            declarer=declarer,
            game=game,
            written_value=written_value,
        )
        before = deal_words(deal, seats)
        deal.number = None if passes else number
        deal.declarer = None if passes else declarer
        deal.game = str(outcome.game)
        deal.score = outcome.declarer_score
        deal.written_value = written_value
        deal.confirmed_by = None  # a changed deal is confirmed anew
        deal.save()
        DealChange.objects.create(
            deal=deal,
            action=DealChange.Action.CORRECTED,
            before=before,
            after=deal_words(deal, seats),
            reason=reason,
            user=user,
        )
    return deal


def deal_confirm(*, deal: Deal, seat: int) -> Deal:
    """A second player of the table confirms the table's last deal: one who played it, and
    not its declarer (who entered it, or told the captain). Confirming it again changes
    nothing.

    :raises ValidationError: not a player of this deal, the declarer, not the last deal, or
        the tournament is not in play (finished).
    """
    with transaction.atomic():
        # The table's lock, as an entry takes it: the last deal stays the last meanwhile.
        table, seats = table_with_seats_locked(table_id=deal.table_id)
        _require_playing(table.tournament)
        upcoming = selectors.next_deal(table=table, seats=seats)
        if upcoming.last is None or upcoming.last.pk != deal.pk:
            raise ValidationError(
                _("Only the last deal waits for a confirmation; this one is older."),
                code="only_last",
            )
        deal = upcoming.last
        if deal.confirmed_by is not None:
            return deal  # the same tap twice, or two phones at once
        playing = selectors.playing_seats(seats, deal.number or upcoming.number or 0)
        if seat not in playing:
            raise ValidationError(_("Choose a player of this table."), code="seat")
        if seat == deal.declarer:
            raise ValidationError(
                _("The player who played the game cannot confirm it: another player confirms."),
                code="declarer_confirms",
            )
        deal.confirmed_by = seat
        deal.save(update_fields=["confirmed_by", "updated_at"])
        DealChange.objects.create(
            deal=deal,
            action=DealChange.Action.CONFIRMED,
            after=deal_words(deal, seats),
            reason=seats[seat].registration.player.name,
        )
    return deal


def deal_confirmers(*, seats: list[Seat], upcoming: selectors.NextDeal) -> list[Seat]:
    """Who may confirm the table's last deal, for the captain's page to offer by name: the
    players of that deal but its declarer."""
    last = upcoming.last
    if last is None or last.confirmed_by is not None:
        return []
    playing = selectors.playing_seats(seats, last.number or upcoming.number or 0)
    return [s for s in seats if s.position in playing and s.position != last.declarer]


def deal_words(deal: Deal, seats: list[Seat]) -> str:
    """A deal as the history shows it: "Anna Möller: 3 Hand verloren −12" (or "Anna: −12"
    when only the value is known)."""
    if deal.declarer is None or deal.declarer >= len(seats):
        return deal.game
    name = seats[deal.declarer].registration.player.name
    game = f" {deal.game}" if deal.game else ""
    words = f"{name}:{game} {signed_score(deal.score)}"
    # A name (100) and a game (60) fit DealChange.after; a name saved before that bound
    # (SQLite kept any length) must not make the deal unsaveable.
    return words[: DealChange._meta.get_field("after").max_length]


def _require_playing(tournament: Tournament) -> None:
    if tournament.is_locked:
        raise ValidationError(_("The tournament is finished."), code="locked")
    if tournament.state != Tournament.State.PLAYING:
        raise ValidationError(_("Play has not started yet."), code="not_playing")


def _require_not_ended(table: Table) -> None:
    if table.ended_early:
        raise ValidationError(
            _("%(table)s was ended early by the organiser: it takes no more deals."),
            code="table_ended",
            params={"table": str(table)},
        )


# Ending a table early


def table_end_early_check(*, table: Table, played: int) -> None:
    """Why the table cannot be ended early now, raised; nothing when it can.

    :raises ValidationError: not in play, ended already, or it has played all its deals.
    """
    _require_playing(table.tournament)
    _require_not_ended(table)
    if played >= table.deals:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")


def table_end_early(*, table: Table, reason: str, user: User | None) -> Table:
    """End a table before its last deal: a table of three lost a player, or the night ran out
    of time. Its deals stand, it takes no more, and it counts as done; the history keeps who,
    when and why.

    :raises ValidationError: no reason given, or see :func:`table_end_early_check`.
    """
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(
            _("Say why the table ends early (for the history and the ranking)."),
            code="reason_missing",
        )
    with transaction.atomic():
        # The table's lock, as an entry takes it: no deal slips in after the count below.
        locked, _seats = table_with_seats_locked(table_id=table.pk)
        played = selectors.deals_played(table=locked)
        table_end_early_check(table=locked, played=played)
        locked.ended_early_at = timezone.now()
        locked.ended_early_after = played
        locked.ended_early_reason = reason[: Table._meta.get_field("ended_early_reason").max_length]
        locked.full_clean()
        locked.save(update_fields=["ended_early_at", "ended_early_after", "ended_early_reason"])
        tournament_services.event_record(
            tournament=locked.tournament,
            kind=TournamentEvent.Kind.TABLE_ENDED_EARLY,
            user=user,
            table=locked,
            reason=locked.ended_early_reason,
            deals_played=played,
        )
    return locked


def table_resume_check(*, table: Table) -> None:
    """Why a table ended early cannot play on now, raised; nothing when it can.

    :raises ValidationError: not in play (finished: reopen it first), or not ended early.
    """
    _require_playing(table.tournament)
    if not table.ended_early:
        raise ValidationError(_("This table was not ended early."), code="table_not_ended")


def table_resume(*, table: Table, user: User | None) -> Table:
    """Let a table ended early play on (ended by mistake, the player came back): its deals
    stand and it takes the next ones again; the history keeps who resumed it and when.

    :raises ValidationError: see :func:`table_resume_check`.
    """
    with transaction.atomic():
        locked, _seats = table_with_seats_locked(table_id=table.pk)
        table_resume_check(table=locked)
        played = locked.ended_early_after
        locked.ended_early_at = None
        locked.ended_early_after = None
        locked.ended_early_reason = ""
        locked.save(update_fields=["ended_early_at", "ended_early_after", "ended_early_reason"])
        tournament_services.event_record(
            tournament=locked.tournament,
            kind=TournamentEvent.Kind.TABLE_RESUMED,
            user=user,
            table=locked,
            deals_played=played,
        )
    return locked


# Paper sheets typed in: checked whole by scoring/paper.py, then saved deal by deal through
# deal_record in one transaction


def sheet_require_open(*, table: Table, upcoming: selectors.NextDeal) -> None:
    """A paper sheet can go on this table now.

    :raises ValidationError: the tournament is finished or not started, the table has played
        all its deals, or its last deal waits for a confirmation.
    """
    _require_playing(table.tournament)
    _require_not_ended(table)
    if upcoming.number is None:
        raise ValidationError(_("This table has played all its deals."), code="table_complete")
    if table.tournament.confirmation_required and upcoming.waiting_for_confirmation:
        raise ValidationError(
            _("The last deal waits for a second player to confirm it."), code="confirm_first"
        )


def sheet_check(*, table: Table, text: str) -> paper.Sheet:
    """Read and check a typed paper sheet against the table as it stands; saves nothing.

    :raises scoring.paper.SheetError: naming every wrong line.
    :raises ValidationError: the table takes no sheet now (see :func:`sheet_require_open`).
    """
    seats = selectors.seats_of(table=table)
    upcoming = selectors.next_deal(table=table, seats=seats)
    sheet_require_open(table=table, upcoming=upcoming)
    start = selectors.paper_start(table=table, seats=seats, upcoming=upcoming)
    return paper.check_sheet(text, start=start, rules=rules_for(table.tournament))


def sheet_import(
    *,
    table: Table,
    text: str,
    user: User | None,
    batch: uuid.UUID | None = None,
) -> list[Deal]:
    """Save a typed paper sheet: every row or none.

    The sheet is checked again as the table stands now (another phone may have entered a deal
    since the preview), then each row goes through :func:`deal_record`, so it is scored by the
    rules, gets its dealer, and is logged like any entry. ``batch`` is the preview's id: the
    same sheet posted twice (a double tap, a dropped connection) is saved once, and the second
    time returns the deals of the first.

    :raises scoring.paper.SheetError: naming every wrong line (nothing saved).
    :raises ValidationError: the table takes no sheet now (nothing saved).
    """
    batch = uuid.uuid4() if batch is None else batch
    with transaction.atomic():
        locked, seats = table_with_seats_locked(table_id=table.pk)
        submissions = [uuid.uuid5(batch, str(row)) for row in range(locked.deals)]
        saved = list(
            Deal.objects.filter(table=locked, submission__in=submissions).order_by("sequence")
        )
        if saved:
            return saved
        upcoming = selectors.next_deal(table=locked, seats=seats)
        sheet_require_open(table=locked, upcoming=upcoming)
        start = selectors.paper_start(table=locked, seats=seats, upcoming=upcoming)
        sheet = paper.check_sheet(text, start=start, rules=rules_for(locked.tournament))
        return [
            deal_record(
                table=locked,
                sequence=upcoming.sequence + index,
                submission=submissions[index],
                declarer=row.declarer,
                game=row.game,
                written_value=row.written_value,
                user=user,
                await_confirmation=index == 0,
            )
            for index, row in enumerate(sheet.rows)
        ]


# Prizes


def prizes_set(*, tournament: Tournament, prizes: list[ranking.Prize]) -> list[Prize]:
    """Replace the tournament's prize list (all or nothing).

    A place may have several prizes ("30 €" and "Präsentkorb" on two lines).

    :raises ValidationError: a place below 1, negative money, an empty prize, or a finished
        tournament.
    """
    if tournament.is_locked:
        raise ValidationError(_("The tournament is finished."), code="locked")
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


def prizes_split_fees(*, tournament: Tournament, percentages: list[Decimal]) -> list[Prize]:
    """Money prizes as shares of the entry fees of the players seated (named prizes kept).

    :raises ValidationError: the shares add up to more than 100 %, or there is no entry fee.
    """
    if sum(percentages, Decimal(0)) > 100:
        raise ValidationError(_("The shares add up to more than 100 %."), code="over_100")
    if not tournament.entry_fee:
        raise ValidationError(_("The tournament has no entry fee to split."), code="no_fee")
    prizes = selectors.fee_split_prizes(tournament=tournament, percentages=percentages)
    return prizes_set(tournament=tournament, prizes=prizes)
