"""A receipt for every entry of a table: a short code chained to the table's code before it,
so that the last code of the night stands for every entry before it.

A code is characters of :data:`ALPHABET` (no look-alikes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B,
G). Entry ``n``'s code hashes entry ``n - 1``'s code with a canonical text of entry ``n`` as
stored (its number in the ledger and every value the table entered), so a changed, dropped
or inserted entry changes its own code and every code after it.

How long a code is, and where a table's chain starts, is the table's ``receipt_scheme``
(:data:`SCHEMES`): a table keeps the scheme it was made with, so a code printed or noted at
an earlier night checks as it did. Scheme 1 (tables made before issue 30): four characters,
23^4 = 279,841 codes, a changed deal kept its code once in 279,841; every series' chain
started from "table N", so table 3 of series 1 and of series 2 had the same codes for the
same deals. Scheme 2: six characters, read aloud in two threes ("NVW-TKX"), 23^6 =
148,035,889 codes: a changed deal keeps its code once in some 148 million; each series' chain
starts from its own seed ("series S table N").

The codes are computed from the stored entries whenever they are shown, never stored: the
chain costs one query per kind of entry (``make bench``: bench/bench_receipts.py), once per
request (:func:`request_chain`: the screen and the answer's header share it), and a process
hashes only the entries it has not hashed yet (:mod:`tournaments.ledger.receipt_rows`). A
correction changes its entry's values, so the codes from that entry on are new: the chain
starts afresh there (:attr:`Chain.restart`), and nothing is rewritten under the table's lock.

The entries are read through the ledger (:func:`tournaments.ledger.entries.entry_models`), so every
rule set's table has its receipts, whatever its kind of entry.
"""

import hashlib
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from django.http import HttpRequest

from tournaments.ledger import receipt_rows
from tournaments.ledger.entries import LedgerEntry, entry_models, receipt_fields
from tournaments.models import Table, Tournament

ALPHABET = "ACDEFHJKMNPRTUVWXY34679"


@dataclass(frozen=True)
class Scheme:
    """How a table's codes are made: ``length`` characters, shown in groups of ``group``
    joined by a dash (read aloud, noted), each series' chain from its own seed or not."""

    length: int
    group: int
    series_seed: bool


#: The schemes by a table's ``receipt_scheme``; a new table takes :data:`CURRENT`.
SCHEMES = {1: Scheme(length=4, group=4, series_seed=False), 2: Scheme(6, 3, series_seed=True)}
CURRENT = 2
#: The characters of a code of the current scheme, and of the one before it.
LENGTH, OLD_LENGTH = SCHEMES[CURRENT].length, SCHEMES[1].length


def seed(table_number: int, series: int = 1, scheme: int = CURRENT) -> str:
    """The code before a table's first entry: its table's number (and series, but in scheme
    1), so that two tables with the same deals have different codes (and a night exported
    and imported keeps its own)."""
    if SCHEMES[scheme].series_seed:
        return f"series {series} table {table_number}"
    return f"table {table_number}"


def canonical(values: Mapping[str, Any]) -> str:
    """An entry's values as one text, the same for the same values: by name, each as Python
    writes it (numbers, texts, None, the lists of a JSON field), which is cheaper than JSON.

    >>> canonical({"score": -4, "game": "3 Hand", "declarer": None, "taps": [1, None]})
    "declarer=None|game='3 Hand'|score=-4|taps=[1, None]"
    """
    return "|".join(f"{name}={values[name]!r}" for name in sorted(values))


def next_code(previous: str, values: Mapping[str, Any], scheme: int = CURRENT) -> str:
    """The code of an entry with ``values`` after the entry whose code is ``previous``.

    >>> code = next_code(seed(4), {"sequence": 1, "counts": [2, 1, 1, 1, 0]})
    >>> len(code) == LENGTH + 1 and code[3] == "-" and set(code) - {"-"} <= set(ALPHABET)
    True
    >>> code == next_code(seed(4), {"counts": [2, 1, 1, 1, 0], "sequence": 1})
    True
    >>> code == next_code(seed(5), {"sequence": 1, "counts": [2, 1, 1, 1, 0]})
    False
    """
    return _code(previous, canonical(values), SCHEMES[scheme])


def _code(previous: str, text: str, scheme: Scheme) -> str:
    """The code after ``previous`` of an entry whose canonical text is ``text``."""
    digest = hashlib.sha256(f"{previous}\n{text}".encode()).digest()
    number = int.from_bytes(digest[:8], "big")  # 2^64: 23^6 of it is as good as even
    letters = []
    for _ in range(scheme.length):
        number, index = divmod(number, _BASE)
        letters.append(ALPHABET[index])
    return grouped("".join(letters), scheme)


def grouped(letters: str, scheme: Scheme) -> str:
    """``letters`` as shown: in groups of the scheme's, joined by a dash ("NVW-TKX")."""
    size = scheme.group
    return "-".join(letters[start : start + size] for start in range(0, len(letters), size))


_BASE = len(ALPHABET)


@dataclass(frozen=True)
class Link:
    """An entry's receipt: its place in the ledger, its number as the table's pages show it
    (None: an entry with no deal number, "all passed"), its code, when it was corrected."""

    sequence: int
    number: int | None
    code: str
    corrected_at: datetime | None = None


@dataclass(frozen=True)
class Chain:
    """A table's receipts in the order of its entries."""

    table_number: int
    links: tuple[Link, ...]
    #: Each entry's sequence by the form that saved it (its ``submission``, in 32 hex digits:
    #: as SQLite keeps it, so a chain read there converts none), where read.
    submissions: Mapping[str, int] = field(default_factory=dict, compare=False)
    series: int = 1
    scheme: int = CURRENT
    #: When the last entry was saved (None: not read), to tell a correction since from one
    #: before it.
    saved_at: datetime | None = field(default=None, compare=False)

    @property
    def last(self) -> Link | None:
        """The last entry's receipt: the one that stands for the whole table."""
        return self.links[-1] if self.links else None

    @property
    def restart(self) -> Link | None:
        """The entry whose correction started the chain afresh most lately, or None."""
        corrected = [link for link in self.links if link.corrected_at is not None]
        return max(corrected, key=lambda link: link.corrected_at or 0, default=None)

    @property
    def restart_news(self) -> Link | None:
        """:attr:`restart`, while no entry was saved after that correction: said once with
        the receipts it changed, not again under every receipt after them."""
        restart = self.restart
        if restart is None or restart.corrected_at is None or self.saved_at is None:
            return restart
        return restart if restart.corrected_at >= self.saved_at else None

    @property
    def length(self) -> int:
        """How many characters a code of this table has."""
        return SCHEMES[self.scheme].length

    def at(self, sequence: int) -> Link | None:
        """The receipt of entry ``sequence``."""
        return next((link for link in self.links if link.sequence == sequence), None)

    def numbered(self, number: int) -> Link | None:
        """The receipt of deal ``number`` as the table's pages number it."""
        return next((link for link in self.links if link.number == number), None)

    def code_of(self, sequence: int) -> str:
        """The code of entry ``sequence`` ("" when there is none)."""
        link = self.at(sequence)
        return link.code if link else ""

    def submitted(self, submission: uuid.UUID) -> Link | None:
        """The receipt of the entry that the form ``submission`` saved, if it is here."""
        sequence = self.submissions.get(submission.hex)
        return None if sequence is None else self.at(sequence)

    def holder_of(self, code: str) -> Link | None:
        """The entry whose code is ``code``, if any (the last such)."""
        return next((link for link in reversed(self.links) if link.code == code), None)


def chain(
    table_number: int,
    entries: Iterable[Mapping[str, Any]],
    number_field: str = "sequence",
    *,
    series: int = 1,
    scheme: int = CURRENT,
) -> Chain:
    """The chain of a table's ``entries`` (their stored values, in the ledger's order, each
    with ``sequence`` and ``corrected_at``): what goes into a code is every value but
    ``corrected_at`` and ``created_at``, the bookkeeping the ledger adds."""
    previous = seed(table_number, series, scheme)
    links = []
    for entry in entries:
        values = {name: value for name, value in entry.items() if name not in _NOT_CODED}
        previous = next_code(previous, values, scheme)
        number = entry.get(number_field)
        links.append(Link(entry["sequence"], number, previous, entry.get("corrected_at")))
    return Chain(table_number, tuple(links), series=series, scheme=scheme)


_NOT_CODED = ("corrected_at", "created_at")


@dataclass(frozen=True)
class Start:
    """Where a table's chain starts: its number, series and scheme (``Table`` has them)."""

    number: int
    series: int
    receipt_scheme: int


def table_chains(tables: Sequence[Table], *, one_kind: bool = False) -> dict[int, Chain]:
    """Every table's chain, by the table's pk: one query for each kind of entry, however many
    tables and entries (``one_kind``: the tables' entries are of one kind, so the kinds after
    the first found are not asked)."""
    return _chains({table.pk: table for table in tables}, one_kind=one_kind)


def _chains(starts: Mapping[int, Table | Start], *, one_kind: bool) -> dict[int, Chain]:
    """The chains of the tables ``starts`` (by their pks): as :func:`chain` makes them, each
    entry's canonical text written straight from its row (the captain's screen reads a
    table's whole chain after every save, issue 22; one table's codes made already are kept,
    issue 31: :mod:`tournaments.ledger.receipt_rows`)."""
    made: dict[int, list[_Made]] = {pk: [] for pk in starts}  # what a chain keeps of each
    for model in entry_models():
        if not made or (one_kind and any(made.values())):
            break
        fields, number = receipt_fields(model)
        columns = ("table_id", "submission", "created_at", "corrected_at", *fields)
        # Each table's last code: a second kind of entry would go on from the first's.
        codes = {
            pk: made[pk][-1][0].code if made[pk] else seed(t.number, t.series, t.receipt_scheme)
            for pk, t in starts.items()
        }
        if len(starts) == 1:
            ((pk, start),) = starts.items()
            rows = receipt_rows.table_rows(model, pk, columns)
            made_rest = partial(_made_after, model, columns, starts, number, codes[pk])
            key = (model._meta.label, pk, codes[pk], start.receipt_scheme)  # rows: the rest
            made[pk].extend(_MADE.made(key, rows, made_rest))
            continue
        found = model._default_manager.filter(table_id__in=list(starts))
        ordered = found.order_by("table_id", "sequence").values_list(*columns)
        for pk, entry in _made(starts, fields, number, ordered, codes):
            made[pk].append(entry)
    return {pk: _chain_of(start, made[pk]) for pk, start in starts.items()}


_Made = tuple[Link, str, datetime]  # an entry's receipt, its form's id (hex), when saved
#: The entries of the tables whose chain was read most lately, made into receipts.
_MADE: receipt_rows.PrefixMemo[_Made] = receipt_rows.PrefixMemo(size=256)


def _made_after(
    model: type[LedgerEntry],
    columns: tuple[str, ...],
    starts: Mapping[int, Table | Start],
    number: str,
    first: str,
    kept: list[_Made],
    rest: Sequence[Sequence[Any]],
) -> list[_Made]:
    """The receipts of one table's rows ``rest``, as read, after ``first`` and ``kept``."""
    ((pk, _start),) = starts.items()
    codes = {pk: kept[-1][0].code if kept else first}
    rows = receipt_rows.converted(model, columns, rest)
    return [entry for _pk, entry in _made(starts, columns[4:], number, rows, codes)]


def _made(
    starts: Mapping[int, Table | Start],
    fields: Sequence[str],
    number: str,
    rows: Iterable[Sequence[Any]],
    codes: dict[int, str],
) -> Iterator[tuple[int, _Made]]:
    """The receipts of ``rows`` (table_id, submission, created_at, corrected_at, *fields) in
    the ledger's order, each table's after its code in ``codes``, with their table's pk."""
    # canonical(): by name, each "name=repr(value)"; corrected_at is no part of it.
    named = [(f"{name}=", fields.index(name)) for name in sorted(fields)]
    at_sequence = fields.index("sequence")
    at_number = fields.index(number) if number in fields else None
    for table_id, submission, created_at, corrected_at, *values in rows:
        text = "|".join([f"{n}{values[i]!r}" for n, i in named])
        code = _code(codes[table_id], text, SCHEMES[starts[table_id].receipt_scheme])
        codes[table_id] = code
        shown = values[at_number] if at_number is not None else None
        link = Link(values[at_sequence], shown, code, corrected_at)
        yield table_id, (link, receipt_rows.hex_of(submission), created_at)


def _chain_of(start: Table | Start, made: list[_Made]) -> Chain:
    forms = {submission: link.sequence for link, submission, _saved in made}
    saved = max((saved for _link, _submission, saved in made), default=None)
    links = tuple(link for link, _submission, _saved in made)
    return Chain(start.number, links, forms, start.series, start.receipt_scheme, saved)


def last_codes(tournament: Tournament, *, series: int = 1) -> dict[int, str]:
    """Each table's last code (of ``series``) by the table's number (a table with no entry
    has none): what a sheet or the ranking prints, a fixed number of queries."""
    chains = table_chains(list(tournament.tables.filter(series=series).order_by("number")))
    return {c.table_number: c.last.code for c in chains.values() if c.last is not None}


def last_codes_by_series(tournament: Tournament) -> dict[int, dict[int, str]]:
    """:func:`last_codes` of every series, by the series (as many queries as one series)."""
    tables = list(tournament.tables.order_by("series", "number"))
    series = {table.pk: table.series for table in tables}
    codes: dict[int, dict[int, str]] = {}
    for pk, chain in table_chains(tables).items():
        if chain.last is not None:
            codes.setdefault(series[pk], {})[chain.table_number] = chain.last.code
    return codes


def by_series_printed(
    codes: Mapping[int, Mapping[int, str]], *, several: bool
) -> list[tuple[int | None, list[tuple[int, str]]]]:
    """:func:`last_codes_by_series` as the ranking prints it: each series' tables in order,
    the series named (None at a night of one series, whose tables need no series)."""
    return [
        (series if several else None, sorted(codes[series].items())) for series in sorted(codes)
    ]


def table_chain(table: Table) -> Chain:
    """The table's chain (:func:`table_chains`): a table keeps entries of one kind, so the
    query of its kind is the last."""
    return table_chains([table], one_kind=True)[table.pk]


def request_chain(request: HttpRequest | None, table: Table) -> Chain:
    """The table's chain (:func:`table_chain`), read once per request: the screen and the
    answer's header (tournaments.middleware) share it. A view saves before it renders, so
    a chain read in a request is read after its save; it lives as long as the request."""
    if request is None:
        return table_chain(table)
    memo = _memo(request)
    if table.pk not in memo:
        memo[table.pk] = table_chain(table)
    return memo[table.pk]


def _memo(request: HttpRequest) -> dict[int, Chain]:
    memo: dict[int, Chain] = request.__dict__.setdefault("_preisfipsen_receipts", {})
    return memo


def receipt_of_submission(
    *, token: str, submission: str, request: HttpRequest | None = None
) -> str | None:
    """The code after the entry that the form ``submission`` saved at the table of the link
    ``token`` (the phone's answer after a save, or the same deal sent again), or None: no
    such entry there. A chain the ``request`` read already (its page) answers without a
    query: a form's id is unique, and a table's page shows only its own table."""
    try:
        key = uuid.UUID(submission)
    except ValueError:
        return None
    for read in _memo(request).values() if request is not None else ():
        link = read.submitted(key)
        if link is not None:
            return link.code
    place = ("table__number", "table__series", "table__receipt_scheme")
    kinds = [
        model._default_manager.filter(submission=key, table__token=token)
        .order_by()
        .values_list("table_id", *place, "sequence")
        for model in entry_models()
    ]
    # One query for every kind (a form that saved nothing costs no more than that).
    found = list(kinds[0].union(*kinds[1:])[:1]) if kinds else []
    if not found:
        return None
    table_id, number, series, scheme, sequence = found[0]
    start = Start(number, series, scheme)
    return _chains({table_id: start}, one_kind=True)[table_id].code_of(sequence)


def receipt_at(*, token: str, sequence: str) -> str | None:
    """The code after entry ``sequence`` of the table of the link ``token`` (the same deal
    sent again from another form: the one stored there), or None."""
    only = ("pk", "number", "series", "receipt_scheme")
    table = Table.objects.filter(token=token).only(*only).first()
    if table is None or not sequence.isdecimal():
        return None
    return table_chain(table).code_of(int(sequence)) or None
