"""The scoring app's PDFs, made by printing's file jobs (registered in printing_kinds.py).

- ``scoresheets``: every table's sheet, filled with the deals played (one A4 page a table);
- ``blank_scoresheets``: the same sheets without the deals, for tables that keep paper;
- ``ranking``: the final ranking with the prizes, the date, the place and a signature line;
- ``night``: everything of the night in one file: the table cards, the seating list, the
  filled scoresheets, the charts of the running totals and the ranking;
- ``cash_report``: the night's cash report (fees in and open, prizes paid out, what stays
  with the club) with a line for each of two signatures.

As in ``tournaments.renderers``, each is two layers: a selector reads the database into plain
values (a fixed number of queries, however many deals), and a function makes the PDF of those
values without the database (the benchmark and the layout tests call it directly). The
scoresheets are laid out table by table, each reported to the job's progress bar, and the
pages written as one file at the end (``printing.pdf.Pages``).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from printing.kinds import FileJob, Progress, no_progress
from printing.pdf import Pages, render_pdf
from scoring import selectors
from scoring.scoresheets import scoresheet
from scoring.selectors import TableSheet
from scoring.standings import selectors as standings_selectors
from scoring.standings.cash import CashReport, cash_report
from scoring.standings.own_prizes import own_awards
from scoring.standings.selectors import Standing
from scoring.standings.tables import prize_text
from scoring.standings.teams import TeamStanding, team_standings
from tournaments import renderers as tournament_renderers
from tournaments import selectors as tournament_selectors
from tournaments.ledger.receipts import by_series_printed, last_codes, last_codes_by_series
from tournaments.models import Tournament
from tournaments.printing_kinds import tournament_of
from tournaments.rule_pages import own_pages_of, pages_of

#: Scoring's own scoresheets (a game may bring its own: RulePages.sheet_layout).
SCORESHEETS_TEMPLATE = "pdf/scoresheets.html"
#: Tables whose charts share an A4 page in the night's file.
CHARTS_PER_PAGE = 2

_NOT_DRAWN = _("There are no tables yet: draw the tables first.")


def _sheets_of(tournament: Tournament, series: int | None = None) -> list[TableSheet]:
    sheets = selectors.table_sheets(tournament=tournament, series=series)
    if not sheets:
        raise tournament_renderers.not_drawn(series)
    return sheets


def _deal_scored(tournament: Tournament) -> Tournament:
    """:raises ValidationError: the race or Tippen, whose sheets are their own app's (their
    ranking is printed here, in their own places: :func:`own_ranking_pdf`)."""
    own = own_pages_of(tournament)
    if own is not None:
        raise ValidationError(own.no_sheets, code="race")
    return tournament


# Scoresheets


def printed_sheets(
    tournament: Tournament, sheets: Sequence[TableSheet], *, blank: bool = False
) -> tuple[str, list[Any]]:
    """The template and the values of the tables' printed sheets: scoring's, or the game's
    own layout (:attr:`tournaments.rule_pages.RulePages.sheet_layout`)."""
    layout = pages_of(tournament).sheet_layout
    if layout is None:
        return SCORESHEETS_TEMPLATE, [scoresheet(sheet, blank=blank) for sheet in sheets]
    return layout.template, [layout.build(sheet, blank) for sheet in sheets]


def add_scoresheets(
    pages: Pages,
    *,
    tournament: Tournament,
    sheets: Sequence[Any],
    template: str = SCORESHEETS_TEMPLATE,
    progress: Progress = no_progress,
    done: int = 0,
    total: int | None = None,
    receipts: Mapping[int, str] | None = None,
) -> None:
    """Lay out each table's sheet on its own, reporting each one to ``progress``; with each
    table's last receipt (by its number) if given."""
    total = len(sheets) if total is None else total
    blank = not any(sheet.filled for sheet in sheets)
    for number, sheet in enumerate(sheets, start=1):
        receipt = (receipts or {}).get(sheet.table, "")
        context = {"tournament": tournament, "sheets": [sheet], "blank": blank, "receipt": receipt}
        pages.add(template, context)
        progress(done + number, total)


def scoresheets_pdf(
    *,
    tournament: Tournament,
    sheets: Sequence[Any],
    template: str = SCORESHEETS_TEMPLATE,
    progress: Progress = no_progress,
    receipts: Mapping[int, str] | None = None,
) -> bytes:
    """Two A4 pages per table (no database needed); progress: one step a table, one to write."""
    total = len(sheets) + 1
    progress(0, total)
    pages = Pages()
    add_scoresheets(pages, tournament=tournament, sheets=sheets, template=template,
                    progress=progress, total=total, receipts=receipts)  # fmt: skip
    pdf = pages.write_pdf()
    progress(total, total)
    return pdf


def render_scoresheets(job: FileJob) -> bytes:
    """The filled sheets of the option ``series`` (else of the series drawn last)."""
    tournament = _deal_scored(tournament_of(job))
    series = tournament_renderers.chosen_series(job, tournament)
    template, sheets = printed_sheets(tournament, _sheets_of(tournament, series))
    return scoresheets_pdf(tournament=tournament, sheets=sheets, template=template,
                           progress=job.progress,
                           receipts=last_codes(tournament, series=series))  # fmt: skip


def render_blank_scoresheets(job: FileJob) -> bytes:
    """Blank sheets for every table (of the option ``series``, else of the series drawn
    last), or for those in the option ``tables`` ("1,3"): the tables that keep paper."""
    tournament = _deal_scored(tournament_of(job))
    sheets = _sheets_of(tournament, tournament_renderers.chosen_series(job, tournament))
    numbers = tournament_renderers.chosen_tables(job)
    if numbers is not None:
        sheets = [sheet for sheet in sheets if sheet.table.number in numbers]
        if not sheets:
            raise ValidationError(_("None of the chosen tables exists."), code="no_such_table")
    template, blanks = printed_sheets(tournament, sheets, blank=True)
    return scoresheets_pdf(tournament=tournament, sheets=blanks, template=template,
                           progress=job.progress)  # fmt: skip


# The ranking


@dataclass(frozen=True)
class RankingLine:
    standing: Standing
    prize: str


def ranking_lines(standings: Sequence[Standing]) -> list[RankingLine]:
    return [RankingLine(standing, prize_text(standing)) for standing in standings]


def _ranking_context(
    tournament: Tournament,
    standings: Sequence[Standing],
    receipts: Mapping[int, Mapping[int, str]] | None,
    teams: Sequence[TeamStanding] = (),
) -> dict[str, object]:
    several = tournament.series_count > 1
    return {
        "teams": teams,
        "receipts": by_series_printed(receipts or {}, several=several),
        "tournament": tournament,
        "lines": ranking_lines(standings),
        "final": tournament.is_finished,
        "ended_early": selectors.tables_ended_early(standings),
        "played_short": selectors.tables_played_short(standings) if tournament.is_finished else [],
    }


def ranking_pdf(
    *,
    tournament: Tournament,
    standings: Sequence[Standing],
    progress: Progress = no_progress,
    receipts: Mapping[int, Mapping[int, str]] | None = None,
    teams: Sequence[TeamStanding] = (),
) -> bytes:
    """The ranking with the prizes, each table's last receipt (``receipts``: by series, then
    by table number), the teams' ranking if any, and a line for the organiser's signature (no
    database)."""
    progress(0, 2)
    pages = Pages()
    pages.add("pdf/ranking.html", _ranking_context(tournament, standings, receipts, teams))
    progress(1, 2)
    pdf = pages.write_pdf()
    progress(2, 2)
    return pdf


def render_ranking(job: FileJob) -> bytes:
    tournament = tournament_of(job)
    if own_pages_of(tournament):  # its own places (race, Tippen), the same prize rule
        return own_ranking_pdf(tournament=tournament, progress=job.progress)
    tournament = _deal_scored(tournament)
    standings = standings_selectors.standings(tournament=tournament)
    if not standings:
        raise ValidationError(_NOT_DRAWN, code="not_drawn")
    teams = team_standings(tournament=tournament, standings=standings)
    return ranking_pdf(tournament=tournament, standings=standings, progress=job.progress,
                       receipts=last_codes_by_series(tournament), teams=teams)  # fmt: skip


def own_ranking_pdf(*, tournament: Tournament, progress: Progress = no_progress) -> bytes:
    """The ranking of a night on its own pages (race, Tippen) with the prizes, in its app's
    columns (pdf/own_ranking.html: pdf/ranking.html's page).

    :raises ValidationError: the tables are not drawn yet.
    """
    awards = own_awards(tournament=tournament)
    if awards is None or not awards.rows:
        raise ValidationError(_NOT_DRAWN, code="not_drawn")
    context = {"tournament": tournament, "awards": awards, "final": tournament.is_finished,
               "receipts": by_series_printed(last_codes_by_series(tournament),
                                             several=tournament.series_count > 1)}  # fmt: skip
    return render_pdf("pdf/own_ranking.html", context, progress=progress)


# The whole night


@dataclass(frozen=True)
class Night:
    """Everything the night's file prints, read from the database beforehand."""

    tournament: Tournament
    cards: Sequence[tournament_renderers.TableCard]
    seating: Sequence[tournament_selectors.SeatingRow]
    sheets: Sequence[TableSheet]
    standings: Sequence[Standing]
    teams: Sequence[TeamStanding]
    #: Each table's last receipt, by its number (of the first series: the ranking's).
    receipts: Mapping[int, str] = field(default_factory=dict)
    #: Each table's last receipt by its series and number (the sheets'; None: ``receipts``).
    series_receipts: Mapping[int, Mapping[int, str]] | None = None

    def receipts_of(self, series: int) -> Mapping[int, str]:
        if self.series_receipts is None:
            return self.receipts
        return self.series_receipts.get(series, {})


def night(*, tournament: Tournament, base_url: str) -> Night:
    """What the night's file needs (a fixed number of queries, however many deals).

    :raises ValidationError: the tables are not drawn yet.
    """
    sheets = _sheets_of(tournament)
    codes = last_codes_by_series(tournament)
    standings = standings_selectors.standings(tournament=tournament)
    return Night(
        tournament=tournament,
        cards=tournament_renderers.table_cards(tournament=tournament, base_url=base_url),
        seating=tournament_selectors.seating_list(tournament=tournament),
        sheets=sheets,
        standings=standings,
        teams=team_standings(tournament=tournament, standings=standings),
        receipts=codes.get(1, {}),
        series_receipts=codes,
    )


def night_pdf(night: Night, *, progress: Progress = no_progress) -> bytes:
    """The table cards, the seating list, the scoresheets, the charts and the ranking.

    Progress: the cards, the list, each table's sheet, the charts, the ranking, the writing.
    """
    tournament = night.tournament
    total = len(night.sheets) + 5
    progress(0, total)
    pages = Pages()
    cards = tournament_renderers.table_cards_context(tournament, night.cards)
    pages.add("pdf/table_cards.html", cards)
    progress(1, total)
    for series in sorted({row.series for row in night.seating}):
        rows = [row for row in night.seating if row.series == series]
        context = tournament_renderers.seating_list_context(tournament, rows, series)
        pages.add("pdf/seating_list.html", context)
    progress(2, total)
    done = 2
    for series in sorted({sheet.table.series for sheet in night.sheets}):
        template, sheets = printed_sheets(
            tournament, [sheet for sheet in night.sheets if sheet.table.series == series]
        )
        add_scoresheets(pages, tournament=tournament, sheets=sheets, template=template,
                        progress=progress, done=done, total=total,
                        receipts=night.receipts_of(series))  # fmt: skip
        done += len(sheets)
    groups = [
        night.sheets[start : start + CHARTS_PER_PAGE]
        for start in range(0, len(night.sheets), CHARTS_PER_PAGE)
    ]
    pages.add("pdf/charts.html", {"tournament": tournament, "groups": groups})
    progress(done + 1, total)
    codes = night.series_receipts if night.series_receipts is not None else {1: night.receipts}
    pages.add("pdf/ranking.html", _ranking_context(tournament, night.standings, codes, night.teams))
    progress(done + 2, total)
    title = gettext("The whole night") + f" – {tournament.name}"
    pdf = pages.write_pdf(title=title)
    progress(total, total)
    return pdf


def render_night(job: FileJob) -> bytes:
    """Everything of the night; the table cards' links start with the job's ``base_url``."""
    tournament = _deal_scored(tournament_of(job))
    base_url = job.options.get("base_url") or settings.PUBLIC_URL
    if not base_url:
        raise ValueError("the table cards need a base_url (or settings.PUBLIC_URL) for the links")
    return night_pdf(night(tournament=tournament, base_url=base_url), progress=job.progress)


# The cash report


def cash_pdf(report: CashReport, *, progress: Progress = no_progress) -> bytes:
    """The cash report on an A4 page, with a line for each of two signatures (no database)."""
    context = {"tournament": report.tournament, "cash": report}
    return render_pdf("pdf/cash_report.html", context, progress=progress)


def render_cash_report(job: FileJob) -> bytes:
    return cash_pdf(cash_report(tournament=tournament_of(job)), progress=job.progress)
