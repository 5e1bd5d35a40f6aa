"""The captain's page of a race table, opened from the table's link (no account).

The table's link (``/t/<token>/``) is scoring's route; at a race table it shows this page
(:func:`race_page`), whose forms post here. A tap, an undo: the page again with the taps so
far; a save: the deal stored, and the page again (POST/redirect/GET) with what it came to.
"""

import uuid
from collections.abc import Mapping, Sequence

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from races import selectors, services
from races.models import RaceDeal
from races.screen import SeatRow, TapScreen, parse_announcer, parse_taps
from races.words import deal_words
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table
from tournaments.race_rules import announced_fipsen
from tournaments.rule_choice import is_race
from tournaments.selectors import table_for_token


def race_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page of a race table; its taps, undo and saves."""
    seated = table_for_token(token=token)
    if seated is None or not is_race(seated[0].tournament):
        raise TableLinkNotValid
    table, seats = seated
    if request.method != "POST":
        return race_page(request, table, seats, token=token)
    taps = parse_taps(request.POST.get("taps", ""), len(seats))
    announcer = _announcer(request, table, len(seats))
    action = request.POST.get("action", "")
    if action.startswith("tap-") and action[4:].isdigit() and int(action[4:]) < len(seats):
        taps.append(int(action[4:]))
    elif action == "undo":
        taps = taps[:-1]
    elif action == "correct_last":
        return _correct_last(request, table, seats, token=token, announcer=announcer)
    elif action in ("save_taps", "save_counts"):
        return _save(
            request, table, seats, token=token, taps=taps, announcer=announcer,
            by_taps=action == "save_taps",
        )  # fmt: skip
    return race_page(request, table, seats, token=token, taps=taps, announcer=announcer)


def _save(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    taps: list[int],
    announcer: int | None,
    by_taps: bool,
) -> HttpResponse:
    try:
        counts = None if by_taps else _posted_counts(request, len(seats))
        deal = services.race_deal_record(
            table=table,
            sequence=_int(request.POST.get("sequence")),
            counts=counts,
            taps=taps if by_taps else (),
            announcer=announcer,
            submission=_uuid(request.POST.get("submission")),
        )
    except ValidationError as error:
        return race_page(
            request, table, seats, token=token, taps=taps, announcer=announcer,
            error=" ".join(error.messages),
        )  # fmt: skip
    race = selectors.table_race(table=table, seats=seats)
    messages.success(request, _("Entered: %(deal)s") % {"deal": deal_words(race, deal)})
    return redirect("races:entry", token=token)


def _correct_last(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, announcer: int | None
) -> HttpResponse:
    """The captain corrects the table's last deal (its counts typed again), as long as no
    deal followed it: ``sequence`` is the deal he saw as the last one."""
    last = RaceDeal.objects.filter(table=table).order_by("sequence").last()
    try:
        if last is None or last.sequence != _int(request.POST.get("sequence")):
            raise ValidationError(
                _("Another phone has entered a deal since: correct it on the fresh page."),
                code="out_of_date",
            )
        counts = _posted_counts(request, len(seats))
        deal = services.race_deal_correct(deal=last, counts=counts, announcer=announcer)
    except ValidationError as error:
        return race_page(request, table, seats, token=token, error=" ".join(error.messages))
    race = selectors.table_race(table=table, seats=seats)
    messages.success(request, _("Corrected: %(deal)s") % {"deal": deal_words(race, deal)})
    return redirect("races:entry", token=token)


def race_page(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    taps: list[int] | None = None,
    announcer: int | None = None,
    error: str = "",
) -> HttpResponse:
    """The captain's screen: tallies, the deal tapped so far, the counts form, last deals."""
    race = selectors.table_race(table=table, seats=seats)
    names = [seat.registration.player.name for seat in seats]
    screen = TapScreen.of(race.evening.current, names, taps or [], announcer)
    # The deal passes to the left after every deal, across games, as at any table.
    dealer = (table.first_dealer + race.next_sequence - 1) % len(seats)
    recent: list[tuple[RaceDeal, str]] = [
        (deal, deal_words(race, deal)) for deal in reversed(race.deals[-3:])
    ]
    context = {
        "table": table,
        "tournament": table.tournament,
        "token": token,
        "race": race,
        "screen": screen,
        "won": list(zip(names, race.evening.games_won, strict=True)),
        "recent": recent,
        "error": error,
        "submission": uuid.uuid4(),
        "announcing": announced_fipsen(table.tournament.rule_options),
        "dealer": dealer,
        "dealer_name": names[dealer],
        **_typed_forms(request.POST if error else {}, screen, race.last_deal),
    }
    return render(request, "races/table_race.html", context, status=422 if error else 200)


def _typed_forms(
    posted: Mapping[str, str], screen: TapScreen, last: RaceDeal | None
) -> dict[str, object]:
    """The counts form and the last deal's correction: each opened, with what was typed kept,
    when it was the one refused; else the new deal's at 0 and the correction's as saved."""
    action = posted.get("action", "")

    def rows(form: str, saved: Sequence[int]) -> list[tuple[SeatRow, str]]:
        typed = posted if action == form else {}
        return [
            (row, typed.get(f"count-{row.seat}", str(saved[row.seat]))[:3]) for row in screen.rows
        ]

    return {
        "counts_open": action == "save_counts",
        "count_rows": rows("save_counts", [0] * len(screen.rows)),
        "correct_open": action == "correct_last",
        "correct_rows": rows("correct_last", last.counts) if last else [],
    }


def _posted_counts(request: HttpRequest, players: int) -> list[int]:
    """The five counts typed in.

    :raises ValidationError: one is missing or not a number.
    """
    try:
        return [int(request.POST.get(f"count-{seat}", "")) for seat in range(players)]
    except ValueError:
        raise ValidationError(
            _("Enter the tricks of each player as a number from 0 to 5."), code="counts"
        ) from None


def _announcer(request: HttpRequest, table: Table, players: int) -> int | None:
    """The seat chosen as having announced Fipsen, where the tournament plays with it."""
    if not announced_fipsen(table.tournament.rule_options):
        return None
    return parse_announcer(request.POST.get("announcer"), players)


def _int(text: str | None) -> int:
    return int(text) if text and text.isdigit() and len(text) < 7 else 0


def _uuid(text: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(text or "")
    except ValueError:
        return None
