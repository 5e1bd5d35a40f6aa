"""The season's writes: create it, change its name and rules (refused once one of its nights
has begun: the rules are fixed then), take a night in and out (a night is in one season)."""

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from seasons.models import MAX_PLACE_POINTS, Season, SeasonNight
from seasons.selectors import season_same_night
from tournaments.models import Tournament
from tournaments.services.common import one_line

#: The rules' fields, fixed once a night of the season has begun.
RULE_FIELDS = ("gives", "place_points", "best_of", "minimum", "missed_as_zero", "guests",
               "tie_break")  # fmt: skip


def place_points_cleaned(text: str) -> str:
    """The club's table of season points as stored ("25,20,16"), from what was typed ("25, 20;
    16" or one a line).

    :raises ValidationError: not whole numbers from 0 to 1000, or more than the table holds.
    """
    parts = text.replace(";", ",").replace("\n", ",").replace(" ", ",").split(",")
    numbers = [part.strip() for part in parts if part.strip()]
    if not all(n.isascii() and n.isdecimal() and int(n) <= 1000 for n in numbers):
        raise ValidationError(
            _("Season points by place: whole numbers from 0 to 1000, separated by commas."),
            code="place_points",
        )
    if len(numbers) > MAX_PLACE_POINTS:
        raise ValidationError(
            _("At most %(count)d places get season points.") % {"count": MAX_PLACE_POINTS},
            code="place_points",
        )
    return ",".join(str(int(number)) for number in numbers)


def rules_fixed(season: Season) -> bool:
    """A night of the season has begun: its rules are fixed (one query)."""
    started = Tournament.objects.filter(season_night__season=season)
    return any(night.has_started for night in started.only("state"))


def _checked(season: Season) -> Season:
    season.name = one_line(season.name)
    season.place_points = place_points_cleaned(season.place_points)
    if season.gives == "places" and not season.place_points:
        raise ValidationError(
            _("Fill in the season points by place (e.g. 25, 20, 16, 13)."), code="place_points"
        )
    season.full_clean()
    return season


def season_create(*, name: str, **rules: object) -> Season:
    """A new season with the club's rules.

    :raises ValidationError: an invalid field (nothing saved).
    """
    season = _checked(Season(name=name, **rules))
    season.save()
    return season


def season_update(season: Season, *, name: str, **rules: object) -> Season:
    """The season's name and rules changed.

    :raises ValidationError: the rules are fixed (a night of it has begun) and would change,
        or an invalid field (nothing saved).
    """
    before = {field: getattr(season, field) for field in RULE_FIELDS}
    changed = Season(pk=season.pk, name=name, board_token=season.board_token, **{
        **before, **rules})  # fmt: skip
    changed._state.adding = False  # the season itself: its own pk and token are no clash
    changed = _checked(changed)
    if any(getattr(changed, f) != before[f] for f in RULE_FIELDS) and rules_fixed(season):
        raise ValidationError(
            _("The season's rules are fixed: a night of it has begun. Only its name can change."),
            code="rules_fixed",
        )
    season.name = changed.name
    for field in RULE_FIELDS:
        setattr(season, field, getattr(changed, field))
    season.save()
    return season


def season_night_add(season: Season, tournament: Tournament) -> SeasonNight:
    """The night joins the season.

    :raises ValidationError: the night is in a season already, or it is a night of the
        season again (code ``same_night``: its file imported twice, under another name), which
        would count twice.
    """
    same = season_same_night(season=season, tournament=tournament)
    if same is not None:
        raise ValidationError(
            _(
                "%(night)s is the same night as %(same)s, which is in the season already: the "
                "same day, the same players at the same tables with the same results (its file "
                "imported twice?). It would count twice, so it is not added."
            )
            % {"night": tournament, "same": same},
            code="same_night",
        )
    try:
        with transaction.atomic():
            return SeasonNight.objects.create(season=season, tournament=tournament)
    except IntegrityError:
        raise ValidationError(
            _("%(night)s is in a season already.") % {"night": tournament}, code="in_a_season"
        ) from None


def season_night_remove(season: Season, tournament: Tournament) -> None:
    """The night leaves the season (it can be taken in again: nothing of it is lost)."""
    SeasonNight.objects.filter(season=season, tournament=tournament).delete()


def rules_of(values: Mapping[str, object]) -> dict[str, object]:
    """The rule fields among a form's cleaned values."""
    return {field: values[field] for field in RULE_FIELDS if field in values}
