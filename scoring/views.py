"""The table's pages, opened from its link with no account: the captain's screen, corrections,
confirmations and the sheet."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from fipsen_rules import InvalidEntryError
from scoring import selectors, services, table_link
from scoring.deal_pages import (
    correct_deal,
    correct_page,
    correction_form,
    deal_form_save,
    kept_deal_form,
    kept_taps,
    playing_for,
    posted_deal,
    posted_kept,
    preview_page,
    sheet_page,
)
from scoring.evaluation import spoken_game
from scoring.forms import DealForm, fresh_deal_form
from scoring.models import Deal
from scoring.table_link import FinishedTableLink, answers_finished_link, table_of_link
from tournaments.draw.tables import seated_later, seats_of
from tournaments.ledger import entry_outcomes
from tournaments.ledger.entry_answer import Outcome, told
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table
from tournaments.rule_pages import own_pages_of

#: The length from which a name makes the captain's screen set the names smaller.
LONG_NAME = 20


@answers_finished_link
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page: the players, the totals, the next deal and its form.

    A save from htmx is one request: it answers with the new screen (totals, "Entered: …", a
    fresh form), swapped in place. Without JavaScript the form posts plainly and the page
    redirects to itself (POST/redirect/GET), the message in the session; but a deal another
    phone entered first is answered with the page itself, the taps kept for the next deal.
    """
    if request.method == "POST":
        return _entry_post(request, token)
    table, seats = table_of_link(token, own_page=True)
    own = own_pages_of(table.tournament)
    if own is not None:  # the race's or Tippen's own page; its forms post to its own app
        return own.captain(request, table, seats, token=token)
    return _screen(request, table, seats, token=token)


def _entry_post(request: HttpRequest, token: str) -> HttpResponse:
    """A deal posted on the captain's page, answered with what became of it in the header
    ``X-Preisfipsen-Entry`` (saved, duplicate, refused, conflict, closed): the phone's queue
    (static/js/offline-queue.js) reads it to go on, or to stop at that deal."""
    said: list[tuple[Outcome, str]] = []
    response = _entry_answer(request, token, said)
    outcome, reason = said[0] if said else (Outcome.REFUSED, "")
    return told(response, outcome, reason)


def _entry_answer(
    request: HttpRequest, token: str, said: list[tuple[Outcome, str]]
) -> HttpResponse:
    """The deal posted: the table is read once, under the entry's lock, and the form is
    checked against it there (issue 9: no read of the table before that). ``said`` gets
    what became of it, and the reason of a refusal or a conflict (the page says it too)."""
    seated: list[tuple[Table, list[Seat], DealForm]] = []  # as read under the lock
    posted = _posting(request, seated)
    after: list[selectors.NextDeal] = []  # the table's next entry, once the deal is saved
    notice = None
    try:
        deal = services.deal_record_at_link(token=token, posted=posted, after=after)
    except Table.DoesNotExist:
        raise TableLinkNotValid from None
    except services.EntryOutOfDate as error:
        # Another phone entered this deal: its taps are kept for the next one, with or
        # without JavaScript (the screen is answered at once, not redirected: a redirect
        # would lose them). Or the table moved on: say so, with a fresh form.
        same = isinstance(error, services.DealAlreadyEntered) and services.deal_matches(
            error.deal, seated[0][2].cleaned_data
        )
        said.append((Outcome(entry_outcomes.out_of_date(same=same)), " ".join(error.messages)))
        if isinstance(error, services.DealAlreadyEntered):
            return _already_entered(request, error, *seated[0], token=token)
        deal = None
        notice = Notice("error", " ".join(error.messages))
    except (InvalidEntryError, ValidationError) as error:
        deal = None
        seated[0][2].add_refusal(error)
        said.append((Outcome(entry_outcomes.refusal(error)), _reasons(seated[0][2])))
    table, seats, form = seated[0]
    if deal is not None:
        said.append((Outcome.SAVED if after else Outcome.DUPLICATE, ""))
        notice = _entered(deal, seats, after)
    if notice is not None:
        if not request.htmx:  # type: ignore[attr-defined]
            messages.add_message(request, notice.level_number, notice.text)
            return redirect("scoring:table_entry", token=token)
        upcoming = after[0] if after else None  # else read: the same form sent again
        return _screen(request, table, seats, token=token, notice=notice, upcoming=upcoming)
    if not said:  # the form itself refused it
        said.append((Outcome.REFUSED, _reasons(form)))
    return _screen(request, table, seats, token=token, form=form)


def _reasons(form: DealForm) -> str:
    """Every message of a refused form, as the page shows them, in one line."""
    return " ".join(str(message) for errors in form.errors.values() for message in errors)


def _posting(
    request: HttpRequest, seated: list[tuple[Table, list[Seat], DealForm]]
) -> Callable[[Table, list[Seat]], services.PostedDeal | None]:
    """The posted deal, made from the table as read under the lock (kept in ``seated``)."""

    def posted(table: Table, seats: list[Seat]) -> services.PostedDeal | None:
        refuse_race(table)
        if table.tournament.is_finished:  # read under the lock the finish takes too
            raise FinishedTableLink(table, seats)  # the final totals, as for any view
        form = posted_deal(request, table, seats)
        seated.append((table, seats, form))
        if not form.is_valid():
            return None
        data = form.cleaned_data
        return services.PostedDeal(
            data["sequence"], data["submission"], data["declarer"], data["game"],
            data["written_value"],
        )  # fmt: skip

    return posted


def refuse_race(table: Table) -> None:
    """:raises TableLinkNotValid: a table played on its own pages (the race, Tippen): its
    page posts to its own address."""
    if own_pages_of(table.tournament) is not None:
        raise TableLinkNotValid


def _entered(deal: Deal, seats: list[Seat], after: list[selectors.NextDeal]) -> "Notice":
    """ "Entered: …" for the deal just saved (``after``: the table's next entry)."""
    words = services.deal_words(deal, seats)
    if deal.number is None and after and after[0].number:
        # All passed: the same deal is dealt again, so the heading stays.
        words = _("%(deal)s – deal %(number)s is dealt again") % {
            "deal": words,
            "number": after[0].number,
        }
    return Notice("success", _("Entered: %(deal)s") % {"deal": words})


def _already_entered(
    request: HttpRequest,
    error: services.DealAlreadyEntered,
    table: Table,
    seats: list[Seat],
    form: DealForm,
    *,
    token: str,
) -> HttpResponse:
    """Another phone entered this deal first. The same deal sent twice: nothing to do. A
    different one is not lost: its taps stay in the form, for the next deal (one tap saves)."""
    entry = error.params["entry"] if error.params else ""
    if services.deal_matches(error.deal, form.cleaned_data):
        text = _("This deal is already entered just so: %(entry)s. It was sent twice; there is "
                 "nothing to do.") % {"entry": entry}  # fmt: skip
        return _screen(request, table, seats, token=token, notice=Notice("success", text))
    upcoming = selectors.next_deal(table=table, seats=seats)
    if upcoming.number is None:  # no deal left to take the taps
        notice = Notice("error", " ".join(error.messages))
        return _screen(request, table, seats, token=token, notice=notice, upcoming=upcoming)
    kept = kept_deal_form(form, table, seats, sequence=upcoming.sequence)
    params = {"entry": entry, "number": upcoming.number}
    if table.tournament.confirmation_required and upcoming.waiting_for_confirmation:
        # No deal form until a second player confirms: the taps wait beneath the confirmation
        # and come back with the confirming tap (table_confirm).
        text = _("This deal is already entered: %(entry)s. Another phone entered it; a second "
                 "player has yet to confirm it. Your taps are kept beneath the confirmation: "
                 "once it is confirmed, they stand in the form for deal %(number)s."
                 ) % params  # fmt: skip
        notice = Notice("error", text)
        return _screen(request, table, seats, token=token, notice=notice, upcoming=upcoming,
                       kept=kept)  # fmt: skip
    params["button"] = _("Enter deal %(number)s") % params
    text = _("This deal is already entered: %(entry)s. Another phone entered it. Your taps are "
             "kept below for the next deal: tap “%(button)s” to save them.") % params  # fmt: skip
    notice = Notice("error", text)
    return _screen(request, table, seats, token=token, form=kept, notice=notice, upcoming=upcoming)


@dataclass(frozen=True)
class Notice:
    """What the status line says after an action: "Entered: …", or why nothing was saved."""

    level: str  # a message level's tag: "success" or "error"
    text: str

    @property
    def level_number(self) -> int:
        return messages.SUCCESS if self.level == "success" else messages.ERROR


def _screen(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    form: DealForm | None = None,
    notice: Notice | None = None,
    correcting: Deal | None = None,
    upcoming: selectors.NextDeal | None = None,
    kept: DealForm | None = None,
) -> HttpResponse:
    """The captain's screen: the whole page, or for htmx only its part that changes (``upcoming``:
    the next entry if known, else read; ``kept``: taps held beneath the confirmation)."""
    if upcoming is None:
        upcoming = selectors.next_deal(table=table, seats=seats)
    marks: selectors.NextDeal | selectors.DealSeating = upcoming
    if correcting is not None:
        marks = selectors.deal_seating(table, seats, correcting, upcoming.number or 1)
        playing = selectors.playing_seats(table, seats, correcting.number or upcoming.number or 1)
        if form is None:
            form = correction_form(None, correcting, seats, table, playing)
    else:
        if form is None:
            form = fresh_deal_form(table.tournament, sequence=upcoming.sequence, seats=seats)
        form.offer_declarers(upcoming.declarers)
    context = {
        "table": table,
        "tournament": table.tournament,
        "seats": seats,
        "upcoming": upcoming,
        # Dealer and Vorhand of the form's deal (a correction's own); none if no deal follows.
        "marks": marks,
        "no_deal": correcting is None and (not upcoming.number or table.ended_early),
        **_table_facts(table, seats, upcoming, done=correcting is None and not upcoming.number),
        "form": form,
        "token": token,
        "links": table_link.screen_links(token),
        "confirmers": services.deal_confirmers(table=table, seats=seats, upcoming=upcoming),
        "notice": notice,
        "correcting": correcting,
        "correcting_words": services.deal_words(correcting, seats) if correcting else "",
        **_kept_context(kept, seats),
    }
    htmx = request.htmx  # type: ignore[attr-defined]
    template = "scoring/_table_screen.html" if htmx else "scoring/table_entry.html"
    return render(request, template, context)


def _table_facts(
    table: Table, seats: list[Seat], upcoming: selectors.NextDeal, *, done: bool
) -> dict[str, object]:
    """What the captain's screen shows of the table whatever its form: the totals, the latest
    entries, and once its series is over (``done``: no deal follows) and a later one drawn,
    where its players sit now: a phone left on an old series' page."""
    done = done or table.ended_early
    later = table.series < table.tournament.series_count  # else no query: none can follow
    return {
        "standing": list(zip(seats, selectors.seat_totals(table=table, seats=seats), strict=True)),
        # The latest entries in words ("Anna: 3 Hand verloren −12"), made once here.
        "entries": [(deal, services.deal_words(deal, seats)) for deal in upcoming.recent],
        # Names of more than two short words get the phone's smaller type (site.css).
        "long_names": any(len(s.registration.player.name) > LONG_NAME for s in seats),
        "seated_later": seated_later(table=table, seats=seats) if done and later else None,
    }


@answers_finished_link
@require_POST
def table_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the rules make of the form as it stands: "3 Hand verloren = −12", or why not."""
    table, seats = table_of_link(token)
    upcoming = selectors.next_deal(table=table, seats=seats)
    return preview_page(request, table, seats, upcoming.seats, upcoming.dealer)


@answers_finished_link
@require_POST
def table_correct_preview(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """The live preview of a correction: the deal's own players may declare."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    return preview_page(request, table, seats, playing_for(deal, table, seats), deal.dealer)


@answers_finished_link
def table_correct(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """The captain corrects the table's last deal: in place on the screen (htmx), or on a
    page of its own without JavaScript."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    if not request.htmx:  # type: ignore[attr-defined]
        back = reverse("scoring:table_entry", args=[token])
        preview = reverse("scoring:table_correct_preview", args=[token, deal.pk])
        return correct_page(
            request, table, deal, user=None, back=back, seats=seats, preview=preview
        )
    form = None
    notice = None
    if request.method == "POST":
        form = correction_form(request.POST, deal, seats, table, playing_for(deal, table, seats))
        if form.is_valid():
            corrected = deal_form_save(
                form, lambda data: correct_deal(deal, data, user=None, reason="")
            )
            if corrected is not None:
                words = services.deal_words(corrected, seats)
                notice = Notice("success", _("Corrected: %(deal)s") % {"deal": words})
                return _screen(request, table, seats, token=token, notice=notice)
    return _screen(request, table, seats, token=token, form=form, correcting=deal)


@answers_finished_link
@require_POST
def table_confirm(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """A player taps his own name under the last deal: he confirms it (not its declarer).

    Another phone's taps kept beneath the confirmation come back with it: they stand in the
    next deal's form (or, if it was not confirmed, beneath the confirmation again); the page
    is answered at once then, also without JavaScript (a redirect would lose them)."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    posted = posted_kept(request, table, seats)
    notice = None
    try:
        services.deal_confirm(deal=deal, seat=int(request.POST.get("seat", "-1")))
    except ValueError:
        notice = Notice("error", _("Choose a player of this table."))
    except ValidationError as error:
        notice = Notice("error", " ".join(error.messages))
    if posted is not None:
        return _confirmed_with_taps(request, table, seats, posted, token=token, notice=notice)
    if request.htmx:  # type: ignore[attr-defined]
        return _screen(request, table, seats, token=token, notice=notice)
    if notice is not None:
        messages.error(request, notice.text)
    return redirect("scoring:table_entry", token=token)


def _confirmed_with_taps(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    posted: DealForm,
    *,
    token: str,
    notice: Notice | None,
) -> HttpResponse:
    """The screen after a confirming tap that carried another phone's kept taps."""
    upcoming = selectors.next_deal(table=table, seats=seats)
    kept = kept_deal_form(posted, table, seats, sequence=upcoming.sequence)
    if upcoming.waiting_for_confirmation or not upcoming.number:  # still held, or no deal left
        return _screen(request, table, seats, token=token, notice=notice, upcoming=upcoming,
                       kept=kept if upcoming.number else None)  # fmt: skip
    if notice is None:
        text = _("Confirmed. Your kept taps stand in the form for deal %(number)s: tap “Enter "
                 "deal %(number)s” to save them.") % {"number": upcoming.number}  # fmt: skip
        notice = Notice("success", text)
    return _screen(request, table, seats, token=token, form=kept, notice=notice, upcoming=upcoming)


def _kept_context(kept: DealForm | None, seats: list[Seat]) -> dict[str, object]:
    """Another phone's taps held beneath the confirmation while the last deal waits for it:
    as hidden fields, and in words ("Anna: 4 Ruten gewonnen")."""
    if kept is None:
        return {"kept": []}
    words = spoken_game(str(kept.initial.get("game", "")))
    declarer = kept.initial.get("declarer")
    if isinstance(declarer, int) and 0 <= declarer < len(seats):
        words = f"{seats[declarer].registration.player.name}: {words}"
    return {"kept": kept_taps(kept), "kept_words": words}


@answers_finished_link
def table_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The table's whole sheet and the history of its entries, for anyone at the table."""
    table, seats = table_of_link(token)
    return sheet_page(request, table, seats, token=token)


def shared_sheet(request: HttpRequest, sheet_token: str) -> HttpResponse:
    """A table's sheet, read only, under a link of its own that outlives the night: the
    organiser may share it once the tournament is finished (the entry link is revoked then)."""
    table = get_object_or_404(Table.objects.select_related("tournament"), sheet_token=sheet_token)
    return sheet_page(request, table, seats_of(table=table), token="")
