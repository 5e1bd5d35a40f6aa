"""The table's pages (opened from its link, no account) and the organiser's live views."""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from fipsen_rules import Game, InvalidEntryError
from scoring import selectors, services
from scoring.evaluation import evaluate_deal
from scoring.exports import SafeTableExport
from scoring.forms import DealForm, FeeSplitForm, PrizeListForm
from scoring.models import Deal
from scoring.models import Prize as PrizeRow
from scoring.tables import StandingsTable
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table, Tournament
from tournaments.selectors import table_for_token
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act


class TableLinkRetired(Exception):
    """The link of a table whose tournament is finished (see Table.retired_token)."""

    def __init__(self, table: Table, seats: list[Seat]) -> None:
        super().__init__(table.pk)
        self.table = table
        self.seats = seats


def table_of_link(token: str) -> tuple[Table, list[Seat]]:
    """The table of a link and its seats; a revoked or unknown link opens nothing.

    :raises TableLinkRetired: the tournament is finished (see ``answers_retired_link``).
    """
    seated = table_for_token(token=token)
    if seated is None:
        retired = table_for_token(token=token, retired=True)
        if retired is not None:
            raise TableLinkRetired(*retired)
        raise TableLinkNotValid
    return seated


def answers_retired_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view of the table's link that answers a finished tournament's link with the final
    totals, read only, and takes nothing from it: 410, for every method. A phone that was
    open with htmx reloads the whole page to show it."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except TableLinkRetired as retired:
            return _retired_page(request, retired.table, retired.seats)

    return wrapper


def _retired_page(request: HttpRequest, table: Table, seats: list[Seat]) -> HttpResponse:
    context = {
        "table": table,
        "tournament": table.tournament,
        "standing": list(zip(seats, selectors.seat_totals(table=table, seats=seats), strict=True)),
        "sheet_url": reverse("scoring:shared_sheet", args=[table.sheet_token]),
    }
    response = render(request, "scoring/table_retired.html", context, status=410)
    if request.htmx:  # type: ignore[attr-defined]
        response["HX-Refresh"] = "true"  # the whole page, not a part of the entry screen
    return response


def _posted_deal(request: HttpRequest, table: Table, seats: list[Seat]) -> DealForm:
    """The posted deal form. Any seat of the table passes here: whether the declarer plays
    this deal (a player may have left) is the rules' check, with the table as it stands."""
    return DealForm(request.POST, seats=seats, min_bid=table.tournament.min_bid)


def _save(form: DealForm, action: Callable[[dict[str, Any]], Deal]) -> Deal | None:
    """Run a deal service for a valid form; its refusals land on the form."""
    try:
        return action(form.cleaned_data)
    except services.EntryOutOfDate:
        raise  # not the form's fault: the table has moved on (the caller says so)
    except (InvalidEntryError, ValidationError) as error:
        form.add_refusal(error)
    return None


@answers_retired_link
def table_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page: the players, the totals, the next deal and its form.

    A save from htmx is one request: it answers with the new screen (totals, "Entered: …", a
    fresh form), swapped in place. Without JavaScript the form posts plainly and the page
    redirects to itself (POST/redirect/GET), the message in the session.
    """
    if request.method == "POST":
        return _entry_post(request, token)
    table, seats = table_of_link(token)
    return _screen(request, table, seats, token=token)


def _entry_post(request: HttpRequest, token: str) -> HttpResponse:
    """A deal posted on the captain's page. The table is read once, under the entry's lock,
    and the form is checked against it there (issue 9: no read of the table before that)."""
    seated: list[tuple[Table, list[Seat], DealForm]] = []  # as read under the lock

    def posted(table: Table, seats: list[Seat]) -> services.PostedDeal | None:
        form = _posted_deal(request, table, seats)
        seated.append((table, seats, form))
        if not form.is_valid():
            return None
        data = form.cleaned_data
        return services.PostedDeal(
            data["sequence"], data["submission"], data["declarer"], data["game"],
            data["written_value"],
        )  # fmt: skip

    after: list[selectors.NextDeal] = []  # the table's next entry, once the deal is saved
    notice = None
    try:
        deal = services.deal_record_at_link(token=token, posted=posted, after=after)
    except Table.DoesNotExist:
        table_of_link(token)  # a finished tournament's link answers with the final totals
        raise TableLinkNotValid from None
    except services.EntryOutOfDate as error:
        # Another phone entered this deal: say what it entered, and offer a fresh form for
        # the next one (this form's entry number is used up).
        deal = None
        notice = Notice("error", " ".join(error.messages))
    except (InvalidEntryError, ValidationError) as error:
        deal = None
        seated[0][2].add_refusal(error)
    table, seats, form = seated[0]
    if deal is not None:
        words = services.deal_words(deal, seats)
        if deal.number is None and after and after[0].number:
            # All passed: the same deal is dealt again, so the heading stays.
            words = _("%(deal)s – deal %(number)s is dealt again") % {
                "deal": words,
                "number": after[0].number,
            }
        notice = Notice("success", _("Entered: %(deal)s") % {"deal": words})
    if notice is not None:
        if not request.htmx:  # type: ignore[attr-defined]
            messages.add_message(request, notice.level_number, notice.text)
            return redirect("scoring:table_entry", token=token)
        upcoming = after[0] if after else None  # else read: the same form sent again
        return _screen(request, table, seats, token=token, notice=notice, upcoming=upcoming)
    return _screen(request, table, seats, token=token, form=form)


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
) -> HttpResponse:
    """The captain's screen: the whole page, or for htmx only its part that changes.
    ``upcoming``: the table's next entry if known (after a save), else it is read."""
    if upcoming is None:
        upcoming = selectors.next_deal(table=table, seats=seats)
    if correcting is not None:
        playing = selectors.playing_seats(seats, correcting.number or upcoming.number or 1)
        if form is None:
            form = _correction_form(None, correcting, seats, table, playing)
    else:
        if form is None:
            form = DealForm.for_next(
                sequence=upcoming.sequence, seats=seats, min_bid=table.tournament.min_bid
            )
        form.offer_declarers(upcoming.seats)
    totals = selectors.seat_totals(table=table, seats=seats)
    context = {
        "table": table,
        "tournament": table.tournament,
        "seats": seats,
        "upcoming": upcoming,
        "standing": list(zip(seats, totals, strict=True)),
        # The latest entries in words ("Anna: 3 Hand verloren −12"), made once here.
        "entries": [(deal, services.deal_words(deal, seats)) for deal in upcoming.recent],
        "form": form,
        "token": token,
        "confirmers": services.deal_confirmers(seats=seats, upcoming=upcoming),
        "notice": notice,
        "correcting": correcting,
        "correcting_words": services.deal_words(correcting, seats) if correcting else "",
    }
    htmx = request.htmx  # type: ignore[attr-defined]
    template = "scoring/_table_screen.html" if htmx else "scoring/table_entry.html"
    return render(request, template, context)


def _correction_form(
    data: Any, deal: Deal, seats: list[Seat], table: Table, playing: tuple[int, ...]
) -> DealForm:
    """The deal form filled with ``deal`` as it stands (``data``: as posted)."""
    return DealForm(
        data,
        initial=_initial(deal),
        seats=seats,
        playing=playing,
        min_bid=table.tournament.min_bid,
    )


@answers_retired_link
@require_POST
def table_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the rules make of the form as it stands: "3 Hand verloren = −12", or why not."""
    table, seats = table_of_link(token)
    upcoming = selectors.next_deal(table=table, seats=seats)
    return _preview(request, table, seats, upcoming.seats)


@answers_retired_link
@require_POST
def table_correct_preview(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """The live preview of a correction: the deal's own players may declare."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    return _preview(request, table, seats, _playing_for(deal, table, seats))


def _playing_for(deal: Deal, table: Table, seats: list[Seat]) -> tuple[int, ...]:
    number = deal.number or selectors.next_deal(table=table, seats=seats).number or 1
    return selectors.playing_seats(seats, number)


def _preview(
    request: HttpRequest, table: Table, seats: list[Seat], playing: tuple[int, ...]
) -> HttpResponse:
    form = _posted_deal(request, table, seats)
    outcome = None
    if form.is_valid():
        try:
            outcome = evaluate_deal(
                tournament=table.tournament,
                seats=playing,
                declarer=form.cleaned_data["declarer"],
                game=form.cleaned_data["game"],
                written_value=form.cleaned_data["written_value"],
            )
        except (InvalidEntryError, ValidationError) as error:
            form.add_refusal(error)
    context = {"form": form, "outcome": outcome}
    return render(request, "scoring/_preview.html", context)


@answers_retired_link
def table_correct(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """The captain corrects the table's last deal: in place on the screen (htmx), or on a
    page of its own without JavaScript."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    if not request.htmx:  # type: ignore[attr-defined]
        back = reverse("scoring:table_entry", args=[token])
        preview = reverse("scoring:table_correct_preview", args=[token, deal.pk])
        return _correct(request, table, deal, user=None, back=back, seats=seats, preview=preview)
    form = None
    notice = None
    if request.method == "POST":
        form = _correction_form(request.POST, deal, seats, table, _playing_for(deal, table, seats))
        if form.is_valid():
            corrected = _save(form, lambda data: _correct_deal(deal, data, user=None, reason=""))
            if corrected is not None:
                words = services.deal_words(corrected, seats)
                notice = Notice("success", _("Corrected: %(deal)s") % {"deal": words})
                return _screen(request, table, seats, token=token, notice=notice)
    return _screen(request, table, seats, token=token, form=form, correcting=deal)


def _correct_deal(deal: Deal, data: dict[str, Any], *, user: object, reason: str) -> Deal:
    return services.deal_correct(
        deal=deal,
        declarer=data["declarer"],
        game=data["game"],
        written_value=data["written_value"],
        user=user,  # type: ignore[arg-type]
        reason=reason,
    )


@answers_retired_link
@require_POST
def table_confirm(request: HttpRequest, token: str, deal_pk: int) -> HttpResponse:
    """A player taps his own name under the last deal: he confirms it (not its declarer)."""
    table, seats = table_of_link(token)
    deal = get_object_or_404(Deal, pk=deal_pk, table=table)
    notice = None
    try:
        services.deal_confirm(deal=deal, seat=int(request.POST.get("seat", "-1")))
    except ValueError:
        notice = Notice("error", _("Choose a player of this table."))
    except ValidationError as error:
        notice = Notice("error", " ".join(error.messages))
    if request.htmx:  # type: ignore[attr-defined]
        return _screen(request, table, seats, token=token, notice=notice)
    if notice is not None:
        messages.error(request, notice.text)
    return redirect("scoring:table_entry", token=token)


@answers_retired_link
def table_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The table's whole sheet and the history of its entries, for anyone at the table."""
    table, seats = table_of_link(token)
    return _sheet_page(request, table, seats, token=token)


def shared_sheet(request: HttpRequest, sheet_token: str) -> HttpResponse:
    """A table's sheet, read only, under a link of its own that outlives the night: the
    organiser may share it once the tournament is finished (the entry link is revoked then)."""
    table = get_object_or_404(Table.objects.select_related("tournament"), sheet_token=sheet_token)
    return _sheet_page(request, table, selectors.seats_of(table=table), token="")


def _sheet_page(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str
) -> HttpResponse:
    context = {
        "table": table,
        "tournament": table.tournament,
        "sheet": selectors.table_sheet(table=table, seats=seats),
        "history": selectors.deal_history(table=table),
        "token": token,
    }
    return render(request, "scoring/table_sheet.html", context)


def _correct(
    request: HttpRequest,
    table: Table,
    deal: Deal,
    *,
    user: object,
    back: str,
    preview: str,
    seats: list[Seat] | None = None,
) -> HttpResponse:
    """The correction page of its own (the organiser's, and the captain's without JavaScript)."""
    seats = selectors.seats_of(table=table) if seats is None else seats
    playing = selectors.playing_seats(seats, deal.number or 1)
    form = _correction_form(request.POST or None, deal, seats, table, playing)
    reason = request.POST.get("reason", "")
    if request.method == "POST" and form.is_valid():
        corrected = _save(form, lambda data: _correct_deal(deal, data, user=user, reason=reason))
        if corrected is not None:
            messages.success(
                request, _("Corrected: %(deal)s") % {"deal": services.deal_words(corrected, seats)}
            )
            return redirect(back)
    context = {
        "table": table,
        "tournament": table.tournament,
        "deal": deal,
        "form": form,
        "seats": seats,
        "back": back,
        "preview_url": preview,
        "ask_reason": user is not None,
        "reason": reason,
    }
    return render(request, "scoring/deal_correct.html", context)


def _initial(deal: Deal) -> dict[str, object]:
    if not deal.game:  # only the value is known: the corrected deal names its game
        return {"sequence": deal.sequence, "submission": deal.submission, "declarer": deal.declarer,
                "written_value": deal.score}  # fmt: skip
    game = Game.parse(deal.game)
    contract = {
        "number": str(game.tricks),
        "kieker": "kieker",
        "siebener_fips": "siebener",
        "passed": "passed",
    }
    return {
        "sequence": deal.sequence,
        "submission": deal.submission,
        "declarer": deal.declarer,
        "contract": contract[game.kind],
        "hand": game.hand,
        "ruten": game.ruten,
        "durch": game.durch and game.tricks != 5,
        "result": game.result.value if game.result else "",
        "written_value": deal.written_value,
    }


# The organiser


@organiser_required
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table with its players and the deals played; refreshes itself."""
    tournament = get_object_or_404(Tournament, pk=pk)
    context = {"tournament": tournament, "tables": selectors.tables_progress(tournament=tournament)}
    template = "scoring/_progress.html" if request.htmx else "scoring/dashboard.html"  # type: ignore[attr-defined]
    return render(request, template, context)


@organiser_required
def organiser_sheet(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A table's sheet, live, with a correction link on every deal."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    context = {
        "table": table,
        "tournament": table.tournament,
        "sheet": selectors.table_sheet(table=table),
        "history": selectors.deal_history(table=table),
        "organiser": True,
        "share_url": request.build_absolute_uri(
            reverse("scoring:shared_sheet", args=[table.sheet_token])
        ),
    }
    template = "scoring/_sheet.html" if request.htmx else "scoring/table_sheet.html"  # type: ignore[attr-defined]
    return render(request, template, context)


@organiser_required
def organiser_correct(request: HttpRequest, pk: int, deal_pk: int) -> HttpResponse:
    deal = get_object_or_404(
        Deal.objects.select_related("table__tournament"), pk=deal_pk, table__tournament_id=pk
    )
    back = reverse("scoring:organiser_sheet", args=[pk, deal.table_id])
    preview = reverse("scoring:organiser_correct_preview", args=[pk, deal.pk])
    return _correct(request, deal.table, deal, user=request.user, back=back, preview=preview)


@organiser_required
@require_POST
def organiser_correct_preview(request: HttpRequest, pk: int, deal_pk: int) -> HttpResponse:
    """The live preview of the organiser's correction."""
    deal = get_object_or_404(
        Deal.objects.select_related("table__tournament"), pk=deal_pk, table__tournament_id=pk
    )
    seats = selectors.seats_of(table=deal.table)
    return _preview(request, deal.table, seats, _playing_for(deal, deal.table, seats))


@organiser_required
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The live ranking, sortable; ``?_export=csv`` or ``xlsx`` downloads it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    ranked = selectors.standings(tournament=tournament)
    table = StandingsTable(ranked)
    RequestConfig(request, paginate=False).configure(table)
    export_format = request.GET.get("_export")
    if export_format in EXPORT_FORMATS:
        name = f"{slugify(tournament.name)}-{tournament.date:%Y-%m-%d}.{export_format}"
        response: HttpResponse = SafeTableExport(export_format, table).response(name)
        return response
    context = {
        "tournament": tournament,
        "table": table,
        "formats": EXPORT_FORMATS,
        "ended_early": selectors.tables_ended_early(ranked),
    }
    return render(request, "scoring/standings.html", context)


EXPORT_FORMATS = ("csv", "xlsx")


@organiser_required
def prizes(request: HttpRequest, pk: int) -> HttpResponse:
    """The prize list: typed in lines, or the entry fees split in percentages."""
    tournament = get_object_or_404(Tournament, pk=pk)
    saved = selectors.prize_list(tournament=tournament)
    list_form = PrizeListForm(
        request.POST if "lines" in request.POST else None,
        initial={"lines": PrizeListForm.initial_text(saved)},  # type: ignore[arg-type]
    )
    split_form = FeeSplitForm(request.POST if "percentages" in request.POST else None)
    typed_money = [prize for prize in saved if prize.money]
    if typed_money and split_form.is_bound and split_form.is_valid():
        # The split replaces money prizes typed in by hand: ask first, and say which.
        return _fee_split_confirmed(request, tournament, split_form, replaced=typed_money)
    saves: tuple[tuple[Form, Callable[[dict[str, Any]], object]], ...] = (
        (list_form, lambda data: services.prizes_set(tournament=tournament, prizes=data["lines"])),
        (
            split_form,
            lambda data: services.prizes_split_fees(
                tournament=tournament, percentages=data["percentages"]
            ),
        ),
    )
    for form, save in saves:
        if form.is_bound and form.is_valid():
            try:
                save(form.cleaned_data)
            except ValidationError as error:
                form.add_error(None, error.messages)  # a row's field errors too
            else:
                messages.success(request, _("The prizes are saved."))
                return redirect("scoring:prizes", pk=pk)
    context = {
        "tournament": tournament,
        "prizes": saved,
        "pot": selectors.fee_pot(tournament=tournament),
        "list_form": list_form,
        "split_form": split_form,
    }
    return render(request, "scoring/prizes.html", context)


def _money(amount: Decimal) -> str:
    return f"{number_format(amount, 2)} €"


def _fee_split_confirmed(
    request: HttpRequest, tournament: Tournament, form: FeeSplitForm, *, replaced: list[PrizeRow]
) -> HttpResponse:
    """The split of the entry fees once confirmed, on a page that names the money prizes it
    replaces and the ones it gives (the percentages go back with the confirm button)."""
    percentages = form.cleaned_data["percentages"]
    pot = selectors.fee_pot(tournament=tournament)
    new = selectors.fee_split_prizes(tournament=tournament, percentages=percentages)
    prizes_url = reverse("scoring:prizes", args=[tournament.pk])
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Replace the prizes with a split of the entry fees?"),
        warning_title=_("These prizes typed in are replaced:"),
        warnings=[str(prize) for prize in replaced],
        consequences=[
            _("The entry fees: %(players)s × %(fee)s = %(pot)s.")
            % {"players": pot.players, "fee": _money(pot.fee), "pot": _money(pot.total)},
            *(
                _("New: %(prize)s")
                % {"prize": PrizeRow(place=prize.place, money=prize.money, name=prize.name)}
                for prize in new
            ),
            _("Named prizes stay."),
        ],
        button=_("Yes, replace the prizes"),
        back=prizes_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: None,
        act=lambda: services.prizes_split_fees(tournament=tournament, percentages=percentages),
        success=_("The prizes are saved."),
        done=prizes_url,
        form=form,
    )
