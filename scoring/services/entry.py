"""Entering a deal: the rules score it, the table's lock keeps one entry at a time."""

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules.signs import signed_score
from scoring import selectors
from scoring.evaluation import score_deal, spoken_game
from scoring.models import Deal, DealChange, each_of, seat_change_values
from scoring.services.guards import require_next_free
from sitewide.compiled import insert
from tournaments.ledger.entries import LedgerKind
from tournaments.models import Seat, Table

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

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


@dataclass(frozen=True)
class PostedDeal:
    """A deal as a form sends it: the entry it was made for, its id, and the game."""

    sequence: int
    submission: uuid.UUID
    declarer: int | None
    game: object | None  # the rule set's own game (its vocabulary made it)
    written_value: int | None = None


def deal_record(
    *,
    table: Table,
    sequence: int,
    submission: uuid.UUID,
    declarer: int | None,
    game: object | None,
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
    at once (:func:`~scoring.services.sheet_import`); the sheet's last deal then awaits
    confirmation as usual. ``game=None`` keeps ``written_value`` alone, for a paper sheet's line
    that shows only it. ``after``, if given, gets the table's next entry once the deal is saved,
    worked out without a query (for the captain's screen that answers the save).

    :raises fipsen_rules.InvalidEntryError: the game breaks a rule (nothing saved).
    :raises ValidationError: the table is closed, full, or waits for a confirmation.
    """
    kind = DealLedger(user=user, await_confirmation=await_confirmation, after=after)
    posted = PostedDeal(sequence, submission, declarer, game, written_value)
    return kind.enter(table_id=table.pk, posted=posted)


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
    return DealLedger(after=after).record(token=token, posted=posted)


class DealLedger(LedgerKind[Deal, selectors.NextDeal, PostedDeal]):
    """Scored deals in the table's ledger: the rules score each, and its history says who
    entered what. ``after``, if given, gets the table's next entry once the deal is saved."""

    model = Deal
    change_model = DealChange

    def __init__(
        self,
        *,
        user: User | None = None,
        await_confirmation: bool = True,
        after: list[selectors.NextDeal] | None = None,
    ) -> None:
        self.user = user
        self.await_confirmation = await_confirmation
        self.after = after

    def read(self, table: Table, seats: list[Seat]) -> selectors.NextDeal:
        return selectors.next_deal(table=table, seats=seats)

    def next_sequence(self, state: selectors.NextDeal) -> int:
        return state.sequence

    def entered(self, table: Table, state: selectors.NextDeal, sequence: int) -> Deal | None:
        """Among the latest entries, or read."""
        for deal in state.recent:
            if deal.sequence == sequence:
                return deal
        return Deal.objects.filter(table=table, sequence=sequence).first()

    def refuse_entered(self, entry: Deal, seats: list[Seat]) -> ValidationError:
        return DealAlreadyEntered(entry, deal_words(entry, seats))

    def refuse_stale(self, table: Table, sequence: int) -> ValidationError:
        return EntryOutOfDate()

    def create(
        self, table: Table, seats: list[Seat], state: selectors.NextDeal, posted: PostedDeal
    ) -> Deal:
        require_next_free(table, state, await_confirmation=self.await_confirmation)
        deal = _deal_create(table, seats, posted, state, user=self.user)
        if self.after is not None:
            self.after.append(
                selectors.next_deal_after(table=table, seats=seats, before=state, deal=deal)
            )
        return deal


def _deal_create(
    table: Table,
    seats: list[Seat],
    posted: PostedDeal,
    upcoming: selectors.NextDeal,
    *,
    user: User | None,
) -> Deal:
    """Score the posted deal by the rules, save it as the table's next, and log the entry."""
    scored = score_deal(
        tournament=table.tournament,
        seats=upcoming.seats,
        declarer=posted.declarer,
        game=posted.game,
        written_value=posted.written_value,
        dealer=upcoming.dealer,
    )
    # Written by statements made once per connection: the captain's every save (issue 31).
    deal = Deal(
        table=table,
        sequence=posted.sequence,
        number=upcoming.number if scored.counts_as_deal else None,
        dealer=upcoming.dealer,
        declarer=posted.declarer if scored.counts_as_deal else None,
        game=scored.game,
        score=scored.score,
        opponents_score=scored.opponents_score,
        **seat_change_values(scored.seat_changes),
        written_value=posted.written_value,
        submission=posted.submission,
    )
    insert(deal)
    words = deal_words(deal, seats, stored=True)
    insert(DealChange(deal=deal, action=DealChange.Action.ENTERED, after=words, user=user))
    return deal


def deal_matches(deal: Deal, posted: dict[str, object]) -> bool:
    """Whether the posted form (its cleaned data) is ``deal`` itself: the same declarer (where
    it counts), game and written value, as a deal sent twice."""
    game = posted.get("game")
    declarer = posted.get("declarer")
    return (
        deal.game == (str(game) if game is not None else "")
        and (deal.declarer is None or deal.declarer == declarer)
        and deal.written_value == posted.get("written_value")
    )


def deal_words(deal: Deal, seats: list[Seat], *, stored: bool = False) -> str:
    """A deal as the history shows it: "Anna Möller: 3 Hand verloren −12" (or "Anna: −12"
    when only the value is known). A deal that changes other seats' totals says so: "Hans
    Müller: 3 beet – the opponents each +3" (a failed Großenaspe game: his −3 would read as
    his loss), "Hans Müller: Kreuz verloren −194 – the opponents each +40", or each seat's
    change when they differ. The game's words are the reader's language ("3 Hand lost" in
    English); ``stored``: the notation as it is (the history's record)."""
    said = deal.game if stored else spoken_game(deal.game)
    if deal.declarer is None or deal.declarer >= len(seats):
        return said
    name = seats[deal.declarer].registration.player.name
    game = f" {said}" if said else ""
    words = f"{name}:{game} {change_words(deal.score, deal.others, seats)}"
    # A name (100) and a game (60) fit DealChange.after; a name saved before that bound
    # (SQLite kept any length) must not make the deal unsaveable.
    return words[: DealChange._meta.get_field("after").max_length]


def change_words(own: int, others: tuple[tuple[int, int], ...], seats: list[Seat]) -> str:
    """The declarer's change, and the other seats': "−12", "– the opponents each +3",
    "−194 – the opponents each +40", "−194 – Anna +30, Bernd +40"."""
    if not others:
        return signed_score(own)
    each = each_of(others)
    if each is not None:
        gain = gettext("the opponents each %(score)s") % {"score": signed_score(each)}
    else:
        names = {seat.position: seat.registration.player.name for seat in seats}
        gain = ", ".join(f"{names.get(at, at + 1)} {signed_score(c)}" for at, c in others)
    return f"{signed_score(own)} – {gain}" if own else f"– {gain}"
