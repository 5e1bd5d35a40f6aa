"""The desk's rows of registrations, written here rather than by a template: a night of 800
players is 800 rows of forms, and the template's row took most of the desk's CPU (about
0.7 s at 200 tables, bench/bench_organiser_pages.py; this is a tenth of it). The list and a
row answered to a tap (htmx) are both written by :func:`registration_rows`.

A row, as the desk shows it: not here yet, his name is the button, one tap checks him in and
marks his fee paid (he pays as he arrives); "zahlt später" beside it checks him in with his
fee open. "Rückgängig" undoes the tap; the fee is marked paid or open on its own button, the
player staying here (:func:`_fee_part`: the state and its button are items of the row apart,
so that a narrow row wraps between them).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from sitewide.money import euros
from sitewide.url_helpers import reverse_each
from tournaments.desk.fees import Fees
from tournaments.models import Registration, Tournament


@dataclass(frozen=True)
class _Urls:
    """A registration's URLs, each reversed once for the whole list."""

    arrive: Callable[[object], str]
    fee: Callable[[object], str]
    withdraw: Callable[[object], str]
    register: str

    @classmethod
    def of(cls, tournament: Tournament) -> "_Urls":
        def each(name: str) -> Callable[[object], str]:
            return reverse_each(f"tournaments:{name}", tournament.pk)

        register = reverse("tournaments:registration_add", args=[tournament.pk])
        return cls(each("arrive"), each("fee"), each("withdraw"), register)


@dataclass(frozen=True)
class _Words:
    """The rows' words, translated once for the whole list."""

    tap_paid: str
    tap: str
    later_title: str
    later: str
    walk_in: str
    withdrawn: str
    register_again: str
    present: str
    undo_title: str
    undo: str
    not_here: str
    withdraw: str
    not_present: str
    paid: str
    fee_open: str
    mark_open_title: str
    mark_open: str
    mark_paid: str

    @classmethod
    def of(cls, fee: Decimal) -> "_Words":
        words = {name: escape(gettext(text)) for name, text in _TEXTS.items()}
        return cls(**words, mark_paid=escape(gettext("%(fee)s paid") % {"fee": euros(fee)}))


#: The words of ``_Words``, marked for makemessages.
_TEXTS = {
    "tap_paid": gettext_noop("Here and paid: tap his name"),
    "tap": gettext_noop("Here: tap his name"),
    "later_title": gettext_noop("Here, the fee open: he pays later"),
    "later": gettext_noop("pays later"),
    "walk_in": gettext_noop("walk-in"),
    "withdrawn": gettext_noop("withdrawn"),
    "register_again": gettext_noop("Register again"),
    "present": gettext_noop("Present ✓"),
    "undo_title": gettext_noop("Checked out, the fee open again"),
    "undo": gettext_noop("Undo"),
    "not_here": gettext_noop("not here yet"),
    "withdraw": gettext_noop("Withdraw…"),
    "not_present": gettext_noop("not present"),
    "paid": gettext_noop("paid ✓"),
    "fee_open": gettext_noop("fee open"),
    "mark_open_title": gettext_noop("Not paid after all: the fee open again, he stays here"),
    "mark_open": gettext_noop("Mark the fee open"),
}


def registration_rows(
    registrations: Iterable[Registration],
    tournament: Tournament,
    fees: Fees | None,
    csrf_token: str,
) -> SafeString:
    """The rows (``<li>``) of ``registrations`` at the desk, each with its forms; without
    ``fees`` (a check-in's answer) as at a night without a fee."""
    fee = fees.fee if fees is not None else Decimal(0)
    row = _Row(tournament, fee, _Urls.of(tournament), _Words.of(fee), escape(csrf_token))
    return mark_safe("".join(map(row, registrations)))  # noqa: S308 (every text escaped)


@dataclass(frozen=True)
class _Row:
    tournament: Tournament
    #: The fee asked now (0: none).
    fee: Decimal
    urls: _Urls
    words: _Words
    csrf: str

    def __call__(self, registration: Registration) -> str:
        present, withdrawn = registration.is_checked_in, registration.withdrawn_at is not None
        target = f'hx-target="#registration-{registration.pk}" hx-swap="outerHTML"'
        parts = [*self._name_part(registration, target), *self._state_part(registration, target)]
        classes = "".join([" is-present" if present else "", " is-withdrawn" if withdrawn else ""])
        return (
            f'<li id="registration-{registration.pk}" class="registration{classes}">'
            f"{''.join(parts)}</li>\n"
        )

    def _name_part(self, registration: Registration, target: str) -> list[str]:
        """His name: the button that checks him in (and "pays later" beside it) while he is
        not here yet, else his name."""
        words, player = self.words, registration.player
        club = f" <small>{escape(player.club)}</small>" if player.club else ""
        name = f"{escape(player.name)}{club}"
        tappable = not (registration.withdrawn_at or registration.is_checked_in)
        if not (self.tournament.is_desk_open and tappable):
            badge = f' <small class="badge">{words.walk_in}</small>' if registration.walk_in else ""
            return [f'<span class="registration-name">{name}{badge}</span>']
        arrive = self.urls.arrive(registration.pk)
        title = words.tap_paid if self.fee else words.tap
        parts = [
            f'<form method="post" action="{arrive}" class="registration-tap"'
            f' hx-post="{arrive}" {target}>{self._csrf()}'
            f'<input type="hidden" name="present" value="1">'
            f'<button type="submit" class="check-in registration-name" title="{title}">'
            f"{name}</button></form>"
        ]
        if self.fee:
            parts.append(
                f'<form method="post" action="{arrive}" hx-post="{arrive}" {target}>'
                f'{self._csrf()}<input type="hidden" name="present" value="1">'
                f'<input type="hidden" name="paid" value="0">'
                f'<button type="submit" class="button-secondary button-small pays-later"'
                f' title="{words.later_title}">{words.later}</button></form>'
            )
        return parts

    def _state_part(self, registration: Registration, target: str) -> list[str]:
        """The state in words, and the buttons that change it (check in, or take it back)."""
        words, present = self.words, registration.is_checked_in
        if registration.withdrawn_at:
            parts = [f'<span class="registration-state">{words.withdrawn}</span>']
            if self.tournament.is_registration_open:
                parts.append(
                    f'<form method="post" action="{self.urls.register}">{self._csrf()}'
                    f'<input type="hidden" name="player" value="{registration.player_id}">'
                    f'<button type="submit" class="button-secondary">{words.register_again}'
                    f"</button></form>"
                )
            return parts
        if not self.tournament.is_registration_open:
            state = words.present if present else words.not_present
            fee = [self._fee_part(registration, target)] if present else []
            return [f'<span class="registration-state">{state}</span>', *fee]
        if present:
            arrive = self.urls.arrive(registration.pk)
            title = f' title="{words.undo_title}"' if self.fee else ""
            parts = [
                f'<span class="registration-state state-present">{words.present}</span>',
                self._fee_part(registration, target),
                f'<form method="post" action="{arrive}" hx-post="{arrive}" {target}>'
                f'{self._csrf()}<input type="hidden" name="present" value="0">'
                f'<button type="submit" class="button-secondary button-small"{title}>'
                f"{words.undo}</button></form>",
            ]
        else:
            parts = [f'<span class="registration-state state-absent">{words.not_here}</span>']
        withdraw = self.urls.withdraw(registration.pk)
        parts.append(
            f'<a class="button button-secondary button-small" href="{withdraw}">'
            f"{words.withdraw}</a>"
        )
        return parts

    def _csrf(self) -> str:
        return f'<input type="hidden" name="csrfmiddlewaretoken" value="{self.csrf}">'

    def _fee_part(self, registration: Registration, target: str) -> str:
        """A present player's fee: paid, with the button that marks it open again (not paid
        after all: he stays here), or open, with the button that marks it paid (a late payer,
        at any time of the night). Nothing when the night asks no fee."""
        if not self.fee:
            return ""
        words = self.words
        url = self.urls.fee(registration.pk)
        if registration.fee_paid_at:
            state = f'<span class="registration-fee fee-paid">{words.paid}</span>'
            button = (
                '<input type="hidden" name="paid" value="0">'
                f'<button type="submit" class="button-secondary button-small"'
                f' title="{words.mark_open_title}">{words.mark_open}</button>'
            )
        else:
            state = f'<span class="registration-fee fee-open">{words.fee_open}</span>'
            button = (
                '<input type="hidden" name="paid" value="1">'
                f'<button type="submit" class="button-small">{words.mark_paid}</button>'
            )
        return (
            f'{state}<form method="post" action="{url}" hx-post="{url}" {target}>'
            f"{self._csrf()}{button}</form>"
        )
