"""The prize forms: the prize list typed in lines, and the entry fees split in percentages."""

import re
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring.models import MAX_PRIZE_MONEY, MAX_PRIZE_PLACE
from scoring.models import Prize as PrizeRow
from scoring.standings.prize_allocation import Kind, Line, own_key
from scoring.standings.services import fee_shares_check
from sitewide.money import MoneyError, money_read
from tournaments.text import CleanCharField

# A place, then a point, colon or bracket, or a space, then the prize ("1." alone has none).
_PRIZE_LINE = re.compile(r"^\s*(\d+)(?:\s*[.:)]|\s|$)\s*(.*?)\s*$")
# The shares are numbers apart by spaces, "/", ";", "%" or a comma not followed by a digit
# ("50, 30, 20"); a comma between digits is the decimal one ("30,5"). A sign stays with its
# number, so that "-10" is refused as negative (fee_shares_check) rather than read as 10.
_PERCENT_GAP = re.compile(r"(?:[\s/;%]|,(?!\d))+")
_PERCENT = re.compile(r"[-−–]?\d+(?:[.,]\d+)?")
_SIGN_APART = re.compile(r"([-−–])\s+(?=\d)")


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(",", ".").replace("−", "-").replace("–", "-"))


def _percentages(text: str) -> list[Decimal]:
    """The shares as typed, each as a number (a negative one too: the service refuses it).

    :raises ValidationError: an entry is no number; the message names each such entry.
    """
    entries = [e for e in _PERCENT_GAP.split(_SIGN_APART.sub(r"\1", text)) if e]
    unread = [e for e in entries if not _PERCENT.fullmatch(e)]
    if unread:
        raise ValidationError(
            [
                ValidationError(
                    _("“%(entry)s” is no percentage: give numbers, e.g. “50 30 20”."),
                    code="percentage",
                    params={"entry": entry},
                )
                for entry in unread
            ]
        )
    return [_decimal(entry) for entry in entries]


def _place(digits: str) -> int:
    """The place of a line; 0 for a number too long to be one (refused as out of range)."""
    return int(digits) if len(digits) <= 6 else 0


def _amount_problem(error: MoneyError, *, line: int) -> ValidationError:
    """Why a part that reads as an amount of money is none a prize can have."""
    part = error.text
    if error.negative:
        return ValidationError(
            _("Line %(line)s: a prize cannot be negative money (“%(amount)s”)."),
            code="prize_negative",
            params={"line": line, "amount": part},
        )
    return ValidationError(
        _(
            "Line %(line)s: “%(amount)s” is no amount from 0 to %(max)s € "
            "(cents after a comma, e.g. “20,50 €”)."
        ),
        code="prize_money",
        params={
            "line": line,
            "amount": part,
            "max": number_format(MAX_PRIZE_MONEY, 2, force_grouping=True),
        },
    )


def _prize_problems(prize: Line, *, line: int) -> list[ValidationError]:
    """What a line's prize exceeds: the places, the money or the name a prize can have."""
    problems = []
    if not 1 <= prize.rank <= MAX_PRIZE_PLACE:
        problems.append(
            ValidationError(
                _("Line %(line)s: the place must be a number from 1 to %(max)s."),
                code="prize_place",
                params={"line": line, "max": MAX_PRIZE_PLACE},
            )
        )
    if prize.money > MAX_PRIZE_MONEY:
        problems.append(
            ValidationError(
                _("Line %(line)s: a place can have at most %(max)s € of money."),
                code="prize_money",
                params={"line": line, "max": MAX_PRIZE_MONEY},
            )
        )
    limit = PrizeRow._meta.get_field("name").max_length or 0
    if len(prize.goods) > limit:
        problems.append(
            ValidationError(
                _("Line %(line)s: the prize's name is too long: at most %(max)s characters."),
                code="prize_name",
                params={"line": line, "max": limit},
            )
        )
    return problems


def _queue(head: str) -> tuple[Kind, str, int] | None:
    """The queue a line's head names, its category and rank (None: no word we know).

    >>> _queue("Beste Dame")
    (<Kind.CATEGORY: 'category'>, 'lady', 1)
    >>> _queue("Vorletzter"), _queue("Bester Vorstand")
    ((<Kind.FROM_END: 'from_end'>, '', 2), (<Kind.CATEGORY: 'category'>, 'own:vorstand', 1))
    >>> _queue("Höchstes Spiel des Abends"), _queue("Hauptpreis")
    ((<Kind.DEAL: 'deal'>, '', 1), None)
    >>> _queue("Beste Mannschaft"), _queue("Mannschaft")
    ((<Kind.TEAM: 'team'>, '', 1), (<Kind.TEAM: 'team'>, '', 1))
    """
    folded = " ".join(head.split()).casefold()
    if _DEAL_WORDS.fullmatch(folded):
        return Kind.DEAL, "", 1
    if _TEAM_WORDS.fullmatch(folded):
        return Kind.TEAM, "", 1
    if end := _END_WORDS.fullmatch(folded):
        return Kind.FROM_END, "", 2 if end.group(1) else 1
    if best := _BEST_WORDS.fullmatch(folded):
        word = best.group(1)
        category = next((key for key, words in _CATEGORY_WORDS.items() if word in words), None)
        return Kind.CATEGORY, category or own_key(word), 1
    return None


_DEAL_WORDS = re.compile(r"(?:höchste[rsn]?|beste[rsn]?|highest|best)\s+(?:spiel|game)\b.*")
_TEAM_WORDS = re.compile(r"(?:beste[rsn]?\s+|best\s+)?(?:mannschaft|team)(?:wertung)?")
_END_WORDS = re.compile(r"(vor|second\s+)?(?:letzte[rsn]?|last)")
_BEST_WORDS = re.compile(r"(?:beste[rsn]?|best)\s+(.+)")
_CATEGORY_WORDS = {
    "lady": {"dame", "damen", "frau", "frauen", "spielerin", "lady"},
    "senior": {"senior", "seniorin", "senioren", "seniors"},
    "youth": {"jugend", "jugendliche", "jugendlicher", "junior", "juniorin", "youth"},
    "guest": {"gast", "gäste", "guest"},
    "member": {"mitglied", "vereinsmitglied", "member"},
}
_HEADED_LINE = re.compile(r"^\s*(?:(\d+)\s*\.\s*)?([^:\d][^:]*?)\s*:\s*(.*?)\s*$")


def _read_prize(text: str, *, line: int) -> tuple[Decimal, str, list[ValidationError]]:
    """A line's prize: money and goods apart by "+" ("20 € + Flasche Wein")."""
    money, names, problems = Decimal(0), [], []
    if not text.strip():
        error = _(
            "Line %(line)s: the prize is missing: write it after the place, e.g. “1. 50 €” or "
            "“Beste Dame: 10 €”."
        )
        return money, "", [ValidationError(error, code="prize_missing", params={"line": line})]
    for part in (p.strip() for p in text.split("+")):
        try:
            amount = money_read(part)
        except MoneyError as error:
            problems.append(_amount_problem(error, line=line))
            continue
        if amount is not None:
            money += amount
        elif part:
            names.append(part)
    return money, " + ".join(names), problems


_PLACE_WORD = (
    re.compile(r"^\s*(\d+)\s*\.?\s*(?:platz|place|rang)\b\s*[.:)–-]?\s*(.*)$", re.IGNORECASE),
    re.compile(r"^\s*(?:platz|place|rang)\s*(\d+)\b\s*[.:)–-]?\s*(.*)$", re.IGNORECASE),
)


def _without_place_word(text: str) -> str:
    """A place written with its word as the place alone: "1. Platz: 20 €" is "1. 20 €" (not a
    prize of goods called "Platz: 20 €", which the cash box would not count as money).

    >>> _without_place_word("1. Platz: 20 €"), _without_place_word("Platz 2 - Präsentkorb")
    ('1. 20 €', '2. Präsentkorb')
    >>> _without_place_word("3. Platzdeckchen"), _without_place_word("1. 20 €")
    ('3. Platzdeckchen', '1. 20 €')
    """
    for pattern in _PLACE_WORD:
        if found := pattern.match(text):
            return f"{found.group(1)}. {found.group(2)}"
    return text


def _read_line(text: str, *, line: int) -> tuple[Line | None, list[ValidationError]]:
    """One line of the prize list, or why it is none."""
    text = _without_place_word(text)
    headed = _HEADED_LINE.match(text)
    queue = _queue(headed.group(2)) if headed else None
    if headed and queue:
        kind, category, rank = queue
        rank = _place(headed.group(1)) if headed.group(1) else rank
        label = " ".join(text.split(":", 1)[0].split())
        money, goods, problems = _read_prize(headed.group(3), line=line)
        prize = Line(kind, rank, money, goods, category, label)
    elif match := _PRIZE_LINE.match(text):
        money, goods, problems = _read_prize(match.group(2), line=line)
        prize = Line(Kind.PLACE, _place(match.group(1)), money, goods)
    else:
        error = _(
            "Line %(line)s: start with the place (“1. 50 €”), the place from the end "
            "(“Letzter: Trostpreis”), a category (“Beste Dame: 10 €”) or the highest game "
            "(“Höchstes Spiel: Flasche Wein”)."
        )
        return None, [ValidationError(error, code="prize_line", params={"line": line})]
    problems += _prize_problems(prize, line=line)
    return (None if problems else prize), problems


class PrizeListForm(forms.Form):
    """The prize list, a prize a line: "1. 50 €", "Letzter: Trostpreis", "Beste Dame: 10 €"."""

    lines = CleanCharField(
        multiline=True,
        max_length=20_000,
        label=_("Prizes, one a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        required=False,
        help_text=_(
            "For example: “1. 50 €”, “2. Präsentkorb”, “3. 20 € + Flasche Wein”, “Letzter: "
            "Trostpreis”, “Vorletzter: Kartenspiel”, “Beste Dame: 10 €”, “Bester Senior: 10 €”, "
            "“Bester Gast: Wein”, “Beste Jugend: Buch”, “Bestes Mitglied: 5 €”, “Bester "
            "Vorstand: 5 €” (the club's own category), “Höchstes Spiel: Flasche Sekt”. Several "
            "prizes for one place: a line each."
        ),
    )
    several = forms.BooleanField(
        label=_("A player may take several prizes"),
        required=False,
        help_text=_(
            "Otherwise a player who could take two takes the higher one, and the other passes "
            "down: to the next lady, the next place."
        ),
    )

    def clean_lines(self) -> list[Line]:
        prizes = []
        problems = []
        for number, text in enumerate(self.cleaned_data["lines"].splitlines(), start=1):
            if not text.strip():
                continue
            prize, line_problems = _read_line(text, line=number)
            problems.extend(line_problems)
            if prize is not None:
                prizes.append(prize)
        if problems:
            raise ValidationError(problems)
        return prizes

    @staticmethod
    def initial_text(prizes: list[object]) -> str:
        """The saved list written back as lines to edit."""
        return "\n".join(str(prize) for prize in prizes)


class FeeSplitForm(forms.Form):
    """The entry fees split in percentages: "50 30 20"."""

    percentages = CleanCharField(
        max_length=2_000,
        label=_("Split the entry fees: percent for place 1, 2, 3 …"),
        help_text=_("For example “50 30 20”. Named prizes stay."),
    )

    def clean_percentages(self) -> list[Decimal]:
        values = _percentages(self.cleaned_data["percentages"])
        if not values:
            raise ValidationError(_("Give at least one percentage."), code="no_percentages")
        if len(values) > MAX_PRIZE_PLACE:
            raise ValidationError(
                _("At most %(max)s places can have a prize."),
                code="too_many_places",
                params={"max": MAX_PRIZE_PLACE},
            )
        # Before any confirmation page: it must not offer more than the pot.
        fee_shares_check(values)
        return values
