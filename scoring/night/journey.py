"""The night as one journey: the steps from check-in to the prizes, and which one is next.

Pure: it takes the night's figures and gives the steps; the tournament's home page shows them
("3 von 13 da → Tische auslosen → Tischkarten drucken → Spielbeginn → …") with the current one
highlighted and a button for it. It lives at project level, since the steps span both apps.
"""

from dataclasses import dataclass
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.states import TournamentState


class StepKey(StrEnum):
    CHECK_IN = "check_in"
    DRAW = "draw"
    PRINT_CARDS = "print_cards"
    POINTS = "points"  # only where the rule set scores by the club's own table
    START = "start"
    PLAY = "play"
    FINISH = "finish"
    RESULTS = "results"


#: The journey in its order.
STEPS = tuple(StepKey)

#: Where each step is done: a URL name taking the tournament's pk.
STEP_URLS = {
    StepKey.CHECK_IN: "tournaments:night",
    StepKey.DRAW: "tournaments:draw",  # its confirmation: the draw is one tap away
    StepKey.PRINT_CARDS: "night:print",
    StepKey.POINTS: "tournaments:tournament_points",
    StepKey.START: "tournaments:start",
    StepKey.PLAY: "scoring:dashboard",
    StepKey.FINISH: "scoring:finish",
    StepKey.RESULTS: "scoring:standings",
}

#: The button of the current step: where it takes the organiser, in words.
STEP_BUTTONS: dict[StepKey, str | Promise] = {
    StepKey.CHECK_IN: _("Check the players in"),
    StepKey.DRAW: _("Draw the tables"),
    StepKey.PRINT_CARDS: _("Print table cards"),
    StepKey.POINTS: _("Fill in the points table"),
    StepKey.START: _("Start play"),
    StepKey.PLAY: _("Watch the progress"),
    StepKey.FINISH: _("Finish the tournament"),
    StepKey.RESULTS: _("Ranking and prizes"),
}


@dataclass(frozen=True)
class NightFigures:
    """Where the night stands, as the home page reads it."""

    #: The tournament's state: registration, drawn, playing, finished.
    state: str
    registered: int = 0
    present: int = 0
    #: Can the players present be seated at tables of three and four?
    seatable: bool = False
    #: Have check-ins changed since the draw?
    draw_stale: bool = False
    #: Were table cards asked for since the last draw?
    cards_printed: bool = False
    deals_played: int = 0
    #: The deals to play: a table ended early counts with those it had played.
    deals_total: int = 0
    #: The deals the draw planned, and how many tables ended before theirs.
    deals_planned: int = 0
    tables_ended_early: int = 0
    #: A race: its tables play until the organiser finishes; ``deals_played`` its deals entered.
    race: bool = False
    #: Ansegger Fips, Duttfips: play starts only with the club's points table saved.
    needs_points: bool = False
    points_saved: bool = False
    #: A night of several series: their count, and the last one drawn.
    series_count: int = 1
    series_drawn: int = 1

    @property
    def series_to_draw(self) -> int | None:
        """The next series, while the night has one left to draw (else None)."""
        return self.series_drawn + 1 if self.series_drawn < self.series_count else None

    @property
    def all_played(self) -> bool:
        """Every deal of the series drawn played (never at a race, which plays until the
        night ends)."""
        return not self.race and self.deals_played >= self.deals_total


@dataclass(frozen=True)
class Step:
    key: StepKey
    label: str
    done: bool
    current: bool


def current_step(figures: NightFigures) -> StepKey:
    """The step the organiser does next."""
    if figures.state == TournamentState.REGISTRATION:
        everyone_here = figures.present >= figures.registered
        return StepKey.DRAW if figures.seatable and everyone_here else StepKey.CHECK_IN
    if figures.state == TournamentState.DRAWN:
        if figures.draw_stale:
            return StepKey.DRAW
        if not figures.cards_printed:
            return StepKey.PRINT_CARDS
        points_missing = figures.needs_points and not figures.points_saved
        return StepKey.POINTS if points_missing else StepKey.START
    if figures.state == TournamentState.PLAYING:
        # A race plays until the night ends: finishing is on the home page all along. A night
        # of several series finishes once its last series is played (or ended).
        done = figures.all_played and figures.series_to_draw is None
        return StepKey.FINISH if done else StepKey.PLAY
    return StepKey.RESULTS


#: Where the next series is drawn (its confirmation page: the way of the draw, three tiles).
DRAW_SERIES_URL = "tournaments:series_draw"


def next_link(figures: NightFigures) -> tuple[str, str]:
    """The current step's URL name and button: the next series to draw once a series is
    played, else the step's own."""
    step = current_step(figures)
    if step == StepKey.PLAY and figures.all_played and figures.series_to_draw is not None:
        button = _("Draw series %(series)s") % {"series": figures.series_to_draw}
        return DRAW_SERIES_URL, button
    return STEP_URLS[step], str(STEP_BUTTONS[step])


def _label(key: StepKey, figures: NightFigures) -> str:
    if key == StepKey.CHECK_IN:
        return ngettext(
            "%(present)s of %(registered)s present",
            "%(present)s of %(registered)s present",
            figures.registered,
        ) % {"present": figures.present, "registered": figures.registered}
    if key == StepKey.PLAY and (figures.deals_total or figures.race):
        label = _play_count(figures)
        if figures.series_count > 1:
            label = _("Series %(series)s of %(count)s: %(deals)s") % {
                "series": figures.series_drawn,
                "count": figures.series_count,
                "deals": label,
            }
        if figures.tables_ended_early:
            label += " · " + ngettext(
                "%(count)s table ended early",
                "%(count)s tables ended early",
                figures.tables_ended_early,
            ) % {"count": figures.tables_ended_early}
        return label
    return str(STEP_LABELS[key])


def _play_count(figures: NightFigures) -> str:
    """The deals played: entered (a race), of those planned, or, for a night finished before
    all were played, that it was finished early (not "done: 14 of 460 deals played")."""
    if figures.race:
        return ngettext(
            "%(played)s deal entered", "%(played)s deals entered", figures.deals_played
        ) % {"played": figures.deals_played}
    planned = max(figures.deals_planned, figures.deals_total)
    counts = {"played": figures.deals_played, "total": planned}
    if figures.state == TournamentState.FINISHED and figures.deals_played < planned:
        return (
            ngettext(
                "Finished early after %(played)s of %(total)s deal",
                "Finished early after %(played)s of %(total)s deals",
                planned,
            )
            % counts
        )
    return (
        ngettext(
            "%(played)s of %(total)s deal played", "%(played)s of %(total)s deals played", planned
        )
        % counts
    )


STEP_LABELS: dict[StepKey, str | Promise] = {
    StepKey.CHECK_IN: _("Check-in"),
    StepKey.DRAW: _("Draw the tables"),
    StepKey.PRINT_CARDS: _("Print table cards"),
    StepKey.POINTS: _("The club's points table"),
    StepKey.START: _("Start of play"),
    StepKey.PLAY: _("Play"),
    StepKey.FINISH: _("Finish the tournament"),
    StepKey.RESULTS: _("Ranking and prizes"),
}


def night_steps(figures: NightFigures) -> list[Step]:
    """Every step of the night in order: the ones before the current are done, and the club's
    points table (where the rule set has one) as soon as it is saved."""
    now = STEPS.index(current_step(figures))
    return [
        Step(
            key,
            _label(key, figures),
            done=index < now or (key == StepKey.POINTS and figures.points_saved),
            current=index == now,
        )
        for index, key in enumerate(STEPS)
        if key != StepKey.POINTS or figures.needs_points
    ]
